import path from 'node:path';

/**
 * SQLite (better-sqlite3) at ${CMS_DATA_DIR:-cms/.tmp}/data.db by default;
 * DATABASE_CLIENT=postgres + DATABASE_URL for production.
 */
export default ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  // Strapi resolves config from the project root (cms/), also when running from dist/.
  const dataDir = path.resolve(env('CMS_DATA_DIR', path.join(process.cwd(), '.tmp')));
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.join(dataDir, 'data.db') },
      useNullAsDefault: true,
    },
  };
};
