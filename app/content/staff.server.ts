/**
 * Staff accounts as the CMS answers them (ADR 095): the CMS checks the password against its bcrypt
 * hash and never sends the hash; the app reads an account again on every staff request, so a
 * disabled account or a reset password ends its open sessions at once.
 */
import { z } from "zod";
import { staffAccountSchema, type StaffAccount } from "~/lib/staff/permissions";
import { callCms, ContentUnavailableError } from "./strapi.server";

/** The CMS model of staff accounts, as its webhook names it: a change drops the carrier's cached staff presence. */
export const STAFF_ACCOUNT_MODEL = "api::ops-staff-member";

const one = z.object({ account: staffAccountSchema.nullable() });
const many = z.object({ accounts: z.array(staffAccountSchema) });

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ContentUnavailableError(`Unexpected response shape from CMS ${what}`);
  return parsed.data;
}

/** The carrier's account with these credentials when it may log in, else null (wrong, unknown or disabled alike). */
export async function verifyStaffCredentials(carrierCode: string, username: string, password: string): Promise<StaffAccount | null> {
  const body = await callCms("staff-auth/login", { method: "POST", body: { carrierCode, username, password } });
  return body === null ? null : parse(one, body, "staff log-in").account;
}

/** One account of the carrier by id, disabled ones included; null when it is gone. */
export async function findStaffAccount(carrierCode: string, id: string): Promise<StaffAccount | null> {
  const body = await callCms(`staff-auth/carriers/${encodeURIComponent(carrierCode)}/accounts/${encodeURIComponent(id)}`);
  return body === null ? null : parse(one, body, "staff account").account;
}

/** The carrier's accounts, of one service area when given. */
export async function listStaffAccounts(carrierCode: string, serviceArea?: string | null): Promise<StaffAccount[]> {
  const body = await callCms(`staff-auth/carriers/${encodeURIComponent(carrierCode)}/accounts`, { query: serviceArea ? { serviceArea } : {} });
  return body === null ? [] : parse(many, body, "staff accounts").accounts;
}
