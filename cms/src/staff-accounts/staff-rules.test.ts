import { describe, expect, it } from 'vitest';
import { normaliseUsername, staffMemberProblems } from './staff-rules';

const facts = {
  carrierCode: 'skyline',
  storeCodes: ['LON-OXFORD-ST', 'LON-KINGS-RD'],
  areaCodes: ['london-central'],
  technicianCodes: ['sky-london-central-01'],
  allowsInStoreBookings: true,
};
const colleague = { role: 'storeColleague', storeCodes: ['LON-OXFORD-ST'], rolePermissions: ['store.booking'] };
const fields = (problems: { path: string[] }[]) => problems.map((p) => p.path[0]);

describe('staff account rules', () => {
  it("accepts a store colleague of one of the carrier's stores with a long enough password", () => {
    expect(staffMemberProblems(colleague, facts, { given: 'long-enough-pass', required: true })).toEqual([]);
  });

  it("refuses a store colleague without a store, or with another carrier's store, naming the field", () => {
    const none = staffMemberProblems({ ...colleague, storeCodes: [] }, facts, { required: false });
    expect(none).toEqual([{ path: ['storeCodes'], message: expect.stringMatching(/^Stores: a store colleague works in at least one/) }]);
    const foreign = staffMemberProblems({ ...colleague, storeCodes: ['GH-TCR'] }, facts, { required: false });
    expect(foreign[0].message).toMatch(/^Stores: carrier skyline has no store GH-TCR; use one of LON-OXFORD-ST, LON-KINGS-RD/);
  });

  it('has store colleagues only where the carrier takes in-store bookings', () => {
    expect(fields(staffMemberProblems(colleague, { ...facts, allowsInStoreBookings: false }, { required: false }))).toEqual(['role']);
  });

  it('needs a service area of the carrier for technicians and area managers', () => {
    expect(fields(staffMemberProblems({ role: 'areaManager' }, facts, { required: false }))).toEqual(['serviceArea']);
    expect(fields(staffMemberProblems({ role: 'technician', serviceArea: 'leeds' }, facts, { required: false }))).toEqual(['serviceArea']);
    expect(staffMemberProblems({ role: 'technician', serviceArea: 'london-central', technicianCode: 'sky-london-central-01' }, facts, { required: false })).toEqual([]);
    expect(fields(staffMemberProblems({ role: 'technician', serviceArea: 'london-central', technicianCode: 'nobody' }, facts, { required: false }))).toEqual(['technicianCode']);
  });

  it('accepts only known permission tags', () => {
    const problems = staffMemberProblems({ role: 'superAdmin', rolePermissions: ['store.booking', 'everything'], companyPermissions: 'area.staff' }, facts, { required: false });
    expect(fields(problems)).toEqual(['rolePermissions', 'companyPermissions']);
  });

  it("requires a password for a new account, 12 characters at least and at most bcrypt's 72 bytes", () => {
    expect(staffMemberProblems({ role: 'superAdmin' }, facts, { required: true })[0].message).toMatch(/^Password: set a password of at least 12/);
    expect(fields(staffMemberProblems({ role: 'superAdmin' }, facts, { given: 'short', required: false }))).toEqual(['password']);
    expect(fields(staffMemberProblems({ role: 'superAdmin' }, facts, { given: 'ä'.repeat(40), required: false }))).toEqual(['password']);
    expect(staffMemberProblems({ role: 'superAdmin' }, facts, { required: false })).toEqual([]);
  });

  it('compares usernames without case or surrounding spaces', () => {
    expect(normaliseUsername('  Store.Oxford ')).toBe('store.oxford');
  });
});
