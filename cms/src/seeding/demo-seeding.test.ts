import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const seedStaffAccounts = vi.fn(async () => 3);
vi.mock('../staff-accounts/staff-accounts', () => ({ seedStaffAccounts }));

const { seedOperations } = await import('./seed-operations');
const { ensureAdmin } = await import('../access/access');

/**
 * How the CMS decides what demo data it seeds (docs/deployment.md): carriers, their operations and the
 * catalogue come from the TENANTS_DIR folder (absent from the production image and never mounted by
 * docker-compose.yml); demo staff accounts and the demo admin need the development defaults, which
 * production (NODE_ENV=production without CMS_DEV_DEFAULTS=1) never has.
 */
let tenants: string;

/** A Strapi whose seed store says the catalogue and the carrier's operations are already in. */
function strapiAfterOperationsSeed() {
  const set = vi.fn(async () => undefined);
  return {
    dirs: { app: { root: tenants } },
    store: { get: async () => ['_catalogue', '_catalogue-pictures', 'democo'], set },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  } as never;
}

beforeEach(() => {
  tenants = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'));
  fs.mkdirSync(path.join(tenants, 'democo'));
  fs.writeFileSync(path.join(tenants, 'democo', 'carrier.json'), '{"code":"democo"}');
  fs.writeFileSync(path.join(tenants, 'democo', 'engine.json'), '{"carrier_code":"democo"}');
  vi.stubEnv('TENANTS_DIR', tenants);
  seedStaffAccounts.mockClear();
});

afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(tenants, { recursive: true, force: true });
});

describe('demo staff accounts and the demo admin are never seeded in production', () => {
  it("seeds a demo carrier's staff accounts outside production", async () => {
    vi.stubEnv('NODE_ENV', 'development');
    await seedOperations(strapiAfterOperationsSeed());
    expect(seedStaffAccounts).toHaveBeenCalledWith(expect.anything(), 'democo', path.join(tenants, 'democo'));
  });

  it('seeds none in production, even with a carrier folder present', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('CMS_DEV_DEFAULTS', '');
    await seedOperations(strapiAfterOperationsSeed());
    expect(seedStaffAccounts).not.toHaveBeenCalled();
  });

  it('creates no admin with the published demo password in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('CMS_DEV_DEFAULTS', '');
    vi.stubEnv('CMS_ADMIN_EMAIL', '');
    vi.stubEnv('CMS_ADMIN_PASSWORD', '');
    const create = vi.fn();
    const warn = vi.fn();
    await ensureAdmin({ admin: { services: { user: { exists: async () => false, create } } }, log: { warn, info: vi.fn() } } as never);
    expect(create).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('CMS_ADMIN_EMAIL'));
  });
});

describe('demo carriers come only from a tenants folder that exists', () => {
  it('finds no carrier to seed when TENANTS_DIR names no folder (the production image has none)', async () => {
    const { carrierFolders } = await import('./tenant-files');
    expect(carrierFolders(path.join(tenants, 'absent'))).toEqual([]);
    expect(carrierFolders(tenants)).toEqual([path.join(tenants, 'democo')]);
  });
});
