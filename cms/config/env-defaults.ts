/**
 * Secrets come from the environment. Development defaults are used only when NODE_ENV is not
 * `production`, or when CMS_DEV_DEFAULTS=1 (set by scripts/cms-server.mjs for local `npm start`
 * and tests, which run `strapi start` in production mode on a throwaway database). A real
 * deployment sets every secret and leaves CMS_DEV_DEFAULTS unset, so a missing secret fails the
 * start instead of silently using a published value.
 */
const DEV_DEFAULTS: Record<string, string> = {
  APP_KEYS: 'dev-app-key-1,dev-app-key-2,dev-app-key-3,dev-app-key-4',
  API_TOKEN_SALT: 'dev-api-token-salt',
  ADMIN_JWT_SECRET: 'dev-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'dev-transfer-token-salt',
  JWT_SECRET: 'dev-jwt-secret',
  ENCRYPTION_KEY: 'dev-encryption-key-32-characters!',
  // The same development default as the web app's (app/env.server.ts), which refuses it in production.
  PREVIEW_SECRET: 'dev-preview-secret-change-me',
};

export const devDefaultsAllowed = (): boolean => process.env.NODE_ENV !== 'production' || process.env.CMS_DEV_DEFAULTS === '1';

/** `strapi build` loads the config too, but bakes no secret into dist/: it needs none. */
const isBuild = (): boolean => process.argv.slice(2).includes('build');

export function secret(name: string): string {
  const value = process.env[name];
  if (value) return value;
  if (devDefaultsAllowed() && DEV_DEFAULTS[name]) return DEV_DEFAULTS[name];
  if (isBuild()) return `${name}-not-used-at-build-time`;
  throw new Error(`${name} is not set. Set it in the environment (production), or CMS_DEV_DEFAULTS=1 for a local run.`);
}
