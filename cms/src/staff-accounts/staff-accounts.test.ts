import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { verifyStaffLogin } from './staff-accounts';

const PASSWORD = 'DemoStaff-2026!';
const hash = bcrypt.hashSync(PASSWORD, 10);
const row = {
  documentId: 'doc-1',
  carrierCode: 'skyline',
  username: 'store.oxford',
  name: 'Olivia Store',
  role: 'storeColleague',
  rolePermissions: ['store.booking'],
  storeCodes: ['LON-OXFORD-ST'],
  disabled: false,
  password: hash,
};

/** A Strapi whose staff table holds these rows; findOne matches carrier and username. */
function strapiWith(rows: Record<string, unknown>[]) {
  const query = () => ({
    findOne: async ({ where }: { where: Record<string, unknown> }) => rows.find((r) => r.carrierCode === where.carrierCode && r.username === where.username) ?? null,
  });
  return { db: { query } } as never;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('staff log-in in the CMS', () => {
  it('answers the account for the right password, without the hash', async () => {
    const account = await verifyStaffLogin(strapiWith([row]), 'skyline', ' Store.Oxford ', PASSWORD);
    expect(account).toMatchObject({ id: 'doc-1', carrierCode: 'skyline', role: 'storeColleague', storeCodes: ['LON-OXFORD-ST'] });
    expect(JSON.stringify(account)).not.toContain(hash);
    expect(account).not.toHaveProperty('password');
    expect(account!.stamp).toMatch(/^[\w-]{22}$/);
  });

  it('answers null alike for a wrong password, an unknown account, another carrier and a disabled account', async () => {
    const strapi = strapiWith([row, { ...row, documentId: 'doc-2', username: 'gone', disabled: true }]);
    expect(await verifyStaffLogin(strapi, 'skyline', 'store.oxford', 'wrong password')).toBeNull();
    expect(await verifyStaffLogin(strapi, 'skyline', 'nobody', PASSWORD)).toBeNull();
    expect(await verifyStaffLogin(strapi, 'gadgethub', 'store.oxford', PASSWORD)).toBeNull();
    expect(await verifyStaffLogin(strapi, 'skyline', 'gone', PASSWORD)).toBeNull();
  });

  it('spends a hash comparison on an unknown account too, so its answer takes as long', async () => {
    const strapi = strapiWith([row]);
    await verifyStaffLogin(strapi, 'skyline', 'nobody', 'warm-up');
    const [, unknown] = await timed(() => verifyStaffLogin(strapi, 'skyline', 'nobody', PASSWORD));
    const [, known] = await timed(() => verifyStaffLogin(strapi, 'skyline', 'store.oxford', 'wrong password'));
    // A bcrypt comparison at cost 10 takes tens of milliseconds; a skipped one well under one.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(unknown).toBeGreaterThan(5);
  });

  it('changes the stamp when the password changes', async () => {
    const before = await verifyStaffLogin(strapiWith([row]), 'skyline', 'store.oxford', PASSWORD);
    const after = await verifyStaffLogin(strapiWith([{ ...row, password: bcrypt.hashSync(PASSWORD, 10) }]), 'skyline', 'store.oxford', PASSWORD);
    expect(after!.stamp).not.toBe(before!.stamp);
  });
});
