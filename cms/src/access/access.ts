import type { Core } from '@strapi/strapi';
import { devDefaultsAllowed } from '../../config/env-defaults';

/** Locales of docs/content-model.md: `en` (Strapi's default) and `de`. */
export async function ensureLocales(strapi: Core.Strapi): Promise<void> {
  const locales = strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode('de'))) {
    await locales.create({ code: 'de', name: 'German (de)' });
    strapi.log.info('[bootstrap] created locale de');
  }
}

/** The first admin, from CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD, only while no admin exists. */
export async function ensureAdmin(strapi: Core.Strapi): Promise<void> {
  const users = strapi.admin.services.user;
  if (await users.exists()) return;
  const email = process.env.CMS_ADMIN_EMAIL || (devDefaultsAllowed() ? 'admin@repair.localhost' : '');
  const password = process.env.CMS_ADMIN_PASSWORD || (devDefaultsAllowed() ? 'DevAdmin2026!' : '');
  if (!email || !password) {
    strapi.log.warn('[bootstrap] no admin exists: set CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD, or register at /admin');
    return;
  }
  const superAdmin = await strapi.admin.services.role.getSuperAdmin();
  await users.create({
    email: email.toLowerCase(),
    firstname: 'Platform',
    lastname: 'Admin',
    password,
    isActive: true,
    registrationToken: null,
    roles: superAdmin ? [superAdmin.id] : [],
  });
  strapi.log.info(`[bootstrap] created admin ${email}`);
}

const WRITE_TOKEN_NAME = 'automation-write';

type TokenSpec = { name: string; description: string; type: 'read-only' | 'full-access'; key: string };

/**
 * An API token whose plain access key is the given value, so the web app and tests can use a
 * key they know from their environment as `Authorization: Bearer <key>`. Strapi stores only the
 * salted hash (and an encrypted copy for the admin's "view token"); a changed key is re-stored.
 */
async function ensureApiToken(strapi: Core.Strapi, spec: TokenSpec): Promise<void> {
  const tokens = strapi.service('admin::api-token-content-api') as {
    getByName(name: string): Promise<{ id: number; type: string } | null>;
    create(attrs: Record<string, unknown>): Promise<{ id: number }>;
    hash(key: string): string;
  };
  const encryption = strapi.service('admin::encryption') as { encrypt(value: string): string };
  const existing = await tokens.getByName(spec.name);
  const token = existing ?? (await tokens.create({ name: spec.name, description: spec.description, type: spec.type, lifespan: null }));
  const stored = (await strapi.db.query('admin::api-token').findOne({ where: { id: token.id }, select: ['accessKey', 'type'] })) as {
    accessKey: string;
    type: string;
  };
  const accessKey = tokens.hash(spec.key);
  if (stored.accessKey !== accessKey || stored.type !== spec.type) {
    await strapi.db.query('admin::api-token').update({
      where: { id: token.id },
      data: { accessKey, encryptedKey: encryption.encrypt(spec.key), type: spec.type },
    });
    strapi.log.info(`[bootstrap] API token "${spec.name}" set from the environment`);
  }
}

export async function ensureApiTokens(strapi: Core.Strapi): Promise<void> {
  const readKey = process.env.CMS_READ_TOKEN || (devDefaultsAllowed() ? 'dev-read-token-change-me' : '');
  if (readKey) {
    await ensureApiToken(strapi, {
      name: 'web-app-read',
      description: 'Read-only token of the web app (key from CMS_READ_TOKEN)',
      type: 'read-only',
      key: readKey,
    });
  } else {
    strapi.log.warn('[bootstrap] CMS_READ_TOKEN is not set: no read token for the web app');
  }
  const writeKey = process.env.CMS_WRITE_TOKEN;
  if (writeKey) {
    await ensureApiToken(strapi, {
      name: WRITE_TOKEN_NAME,
      description: 'Full-access token for tests and automation (key from CMS_WRITE_TOKEN)',
      type: 'full-access',
      key: writeKey,
    });
  } else {
    // A write token lives only while CMS_WRITE_TOKEN is set: unsetting it revokes the old key.
    const tokens = strapi.service('admin::api-token-content-api') as {
      getByName(name: string): Promise<{ id: number } | null>;
      revoke(id: number): Promise<unknown>;
    };
    const stale = await tokens.getByName(WRITE_TOKEN_NAME);
    if (stale) {
      await tokens.revoke(stale.id);
      strapi.log.info(`[bootstrap] API token "${WRITE_TOKEN_NAME}" revoked (CMS_WRITE_TOKEN is not set)`);
    }
  }
}
