import type { Core } from '@strapi/strapi';
import bcrypt from 'bcryptjs';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OPS_UIDS } from '../lib/content-model';
import { normaliseUsername } from './staff-rules';

/**
 * Staff log-in as the CMS answers it to the web app (ADR 095). The bcrypt hash Strapi stores for
 * the `password` attribute never leaves this module: the app sends the credentials and gets the
 * account back, or nothing. What the app gets back carries a `stamp` that changes when the password
 * does, so a reset ends the log-ins already open.
 */

type Row = Record<string, unknown>;

export interface StaffAccount {
  id: string;
  carrierCode: string;
  username: string;
  name: string;
  email: string | null;
  role: string;
  rolePermissions: string[];
  companyPermissions: string[];
  storeCodes: string[];
  serviceArea: string | null;
  technicianCode: string | null;
  disabled: boolean;
  stamp: string;
}

const FIELDS = [
  'documentId',
  'carrierCode',
  'username',
  'name',
  'email',
  'role',
  'rolePermissions',
  'companyPermissions',
  'storeCodes',
  'serviceArea',
  'technicianCode',
  'disabled',
  'password',
];

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** A short fingerprint of the stored hash: not the hash, and useless for guessing the password. */
const stampOf = (hash: unknown): string =>
  createHash('sha256')
    .update(`staff-stamp\n${String(hash ?? '')}`)
    .digest('base64url')
    .slice(0, 22);

function toAccount(row: Row): StaffAccount {
  return {
    id: String(row.documentId),
    carrierCode: String(row.carrierCode),
    username: String(row.username),
    name: String(row.name),
    email: typeof row.email === 'string' && row.email ? row.email : null,
    role: String(row.role),
    rolePermissions: strings(row.rolePermissions),
    companyPermissions: strings(row.companyPermissions),
    storeCodes: strings(row.storeCodes),
    serviceArea: typeof row.serviceArea === 'string' && row.serviceArea ? row.serviceArea : null,
    technicianCode: typeof row.technicianCode === 'string' && row.technicianCode ? row.technicianCode : null,
    disabled: row.disabled === true,
    stamp: stampOf(row.password),
  };
}

// Compared against when there is no usable account, so an unknown username costs the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= bcrypt.hash('no account has this password', 10));

/** The account whose carrier, username and password these are, when it may log in; otherwise null. */
export async function verifyStaffLogin(strapi: Core.Strapi, carrierCode: string, username: string, password: string): Promise<StaffAccount | null> {
  const row = (await strapi.db.query(OPS_UIDS.staffMember as never).findOne({
    where: { carrierCode, username: normaliseUsername(username) },
    select: FIELDS,
  } as never)) as Row | null;
  const hash = typeof row?.password === 'string' && row.password ? row.password : null;
  const matches = await bcrypt.compare(password, hash ?? (await dummy()));
  if (!row || !hash || !matches || row.disabled === true) return null;
  return toAccount(row);
}

/** One account of the carrier by its id (disabled ones too: the app ends their sessions). */
export async function findStaffAccount(strapi: Core.Strapi, carrierCode: string, id: string): Promise<StaffAccount | null> {
  const row = (await strapi.db.query(OPS_UIDS.staffMember as never).findOne({ where: { carrierCode, documentId: id }, select: FIELDS } as never)) as Row | null;
  return row ? toAccount(row) : null;
}

/** The carrier's accounts, optionally of one service area, by name. */
export async function listStaffAccounts(strapi: Core.Strapi, carrierCode: string, serviceArea?: string): Promise<StaffAccount[]> {
  const rows = (await strapi.db.query(OPS_UIDS.staffMember as never).findMany({
    where: { carrierCode, ...(serviceArea ? { serviceArea } : {}) },
    select: FIELDS,
    orderBy: { name: 'asc' },
  } as never)) as Row[];
  return rows.map(toAccount);
}

/** Every demo account of tenants/<carrier>/staff.json shares this password (README.md; development only). */
export const DEMO_STAFF_PASSWORD = 'DemoStaff-2026!';

/**
 * Seeds the demo staff accounts of a carrier folder through the document service, so they are
 * validated and their password hashed like an admin save. Never outside development defaults: a
 * production CMS must not hold accounts with a published password.
 */
export async function seedStaffAccounts(strapi: Core.Strapi, code: string, folder: string): Promise<number> {
  const file = path.join(folder, 'staff.json');
  if (!fs.existsSync(file)) return 0;
  const { accounts } = JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: Row[] };
  await strapi.db.transaction(async () => {
    for (const account of accounts) {
      await strapi.documents(OPS_UIDS.staffMember as never).create({ data: { ...account, carrierCode: code, password: DEMO_STAFF_PASSWORD } } as never);
    }
  });
  return accounts.length;
}
