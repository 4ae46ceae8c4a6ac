import { secret } from './env-defaults';

export default ({ env }) => ({
  host: env('CMS_HOST', '127.0.0.1'),
  port: env.int('CMS_PORT', 1337),
  url: env('CMS_PUBLIC_URL', ''),
  app: {
    keys: secret('APP_KEYS').split(','),
  },
  // Offline: without this every start asks the npm registry for a newer Strapi.
  logger: {
    updates: { enabled: false },
    startup: { enabled: true },
  },
});
