/**
 * Save-time rules of staff accounts (`api::ops-staff-member`, ADR 095). Pure functions over the
 * merged entry plus what the carrier has (its store and area codes), so they can be unit tested.
 * The roles and permission tags are the vocabulary the app's page guards use too
 * (packages/rules/staff.js, ADR 161).
 */
import { PERMISSION_TAGS, STAFF_ROLES } from '@repair/rules/staff';
import type { Problem } from '../operations/ops-rules';

export { PERMISSION_TAGS, STAFF_ROLES };

type Data = Record<string, unknown>;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_BYTES = 72;

/** Usernames compare without case and surrounding spaces. */
export const normaliseUsername = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

function tagProblems(data: Data, field: string, label: string): Problem[] {
  const value = data[field];
  if (value == null) return [];
  const known: readonly string[] = PERMISSION_TAGS;
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string' || !known.includes(tag))) {
    return [{ path: [field], message: `${label}: a list of permission tags from ${PERMISSION_TAGS.join(', ')}, e.g. ["store.booking"] (got ${shown(value)}).` }];
  }
  return [];
}

export interface CarrierFacts {
  carrierCode: string;
  storeCodes: readonly string[];
  areaCodes: readonly string[];
  technicianCodes: readonly string[];
  allowsInStoreBookings: boolean;
}

/** Problems of a staff account; `password` is the plain text being set (or undefined: unchanged). */
export function staffMemberProblems(merged: Data, facts: CarrierFacts, password: { given?: string; required: boolean }): Problem[] {
  const problems: Problem[] = [...tagProblems(merged, 'rolePermissions', 'Role permissions'), ...tagProblems(merged, 'companyPermissions', 'Company permissions')];
  const { carrierCode } = facts;
  const stores = merged.storeCodes;
  if (stores != null && (!Array.isArray(stores) || stores.some((code) => typeof code !== 'string'))) {
    problems.push({ path: ['storeCodes'], message: `Stores: a list of store codes, e.g. ["${facts.storeCodes[0] ?? 'LON-OXFORD-ST'}"] (got ${shown(stores)}).` });
  } else {
    const list = (stores as string[] | null | undefined) ?? [];
    const unknown = list.filter((code) => !facts.storeCodes.includes(code));
    if (unknown.length) {
      problems.push({
        path: ['storeCodes'],
        message: `Stores: carrier ${carrierCode} has no store ${unknown.join(', ')}; use one of ${facts.storeCodes.join(', ') || '(none yet: add an Ops: store first)'}.`,
      });
    } else if (merged.role === 'storeColleague' && list.length === 0) {
      problems.push({
        path: ['storeCodes'],
        message: `Stores: a store colleague works in at least one of carrier ${carrierCode}'s stores, e.g. ["${facts.storeCodes[0] ?? 'LON-OXFORD-ST'}"].`,
      });
    }
  }
  if (merged.role === 'storeColleague' && !facts.allowsInStoreBookings) {
    problems.push({
      path: ['role'],
      message: `Role: carrier ${carrierCode} takes no in-store bookings, so it has no store colleagues; switch on "Allows in-store bookings" on the carrier first, or choose another role.`,
    });
  }
  const area = merged.serviceArea;
  if (area != null && area !== '') {
    if (typeof area !== 'string' || !facts.areaCodes.includes(area)) {
      problems.push({ path: ['serviceArea'], message: `Service area: carrier ${carrierCode} has no service area with code ${shown(area)}.` });
    }
  } else if (merged.role === 'areaManager' || merged.role === 'technician') {
    problems.push({
      path: ['serviceArea'],
      message: `Service area: a${merged.role === 'areaManager' ? 'n area manager' : ' technician'} belongs to one of carrier ${carrierCode}'s service areas, e.g. ${facts.areaCodes[0] ?? 'london-east'}.`,
    });
  }
  const technician = merged.technicianCode;
  if (technician != null && technician !== '' && (typeof technician !== 'string' || !facts.technicianCodes.includes(technician))) {
    problems.push({ path: ['technicianCode'], message: `Technician code: carrier ${carrierCode} has no Ops: technician ${shown(technician)}.` });
  }
  if (password.given === undefined) {
    if (password.required) problems.push({ path: ['password'], message: `Password: set a password of at least ${PASSWORD_MIN_LENGTH} characters for the new account.` });
  } else if (password.given.length < PASSWORD_MIN_LENGTH || Buffer.byteLength(password.given) > PASSWORD_MAX_BYTES) {
    // bcrypt reads at most 72 bytes: a longer password would silently lose its end.
    problems.push({
      path: ['password'],
      message: `Password: use at least ${PASSWORD_MIN_LENGTH} characters and at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters or digits).`,
    });
  }
  return problems;
}
