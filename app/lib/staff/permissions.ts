/**
 * Who may use which staff page (spec §6, ADR 096): superAdmin and areaManager may do everything;
 * every other role needs the page's permission tag among its role permissions. Company permissions
 * are shown, never consulted. The roles and tags are the CMS's choices too (packages/rules/staff.js, ADR 161).
 */
import { z } from "zod";
import { STAFF_ROLES, type StaffRole, type PermissionTag } from "@repair/rules/staff";

export { PERMISSION_TAGS, STAFF_ROLES, type PermissionTag, type StaffRole } from "@repair/rules/staff";

/** The roles that may do everything. */
const ALL_POWERFUL: readonly StaffRole[] = ["superAdmin", "areaManager"];

/** A staff account as the CMS answers it (never with a password hash). */
export const staffAccountSchema = z.object({
  id: z.string().min(1),
  carrierCode: z.string().min(1),
  username: z.string().min(1),
  name: z.string().min(1),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  rolePermissions: z.array(z.string()),
  companyPermissions: z.array(z.string()),
  storeCodes: z.array(z.string()),
  serviceArea: z.string().nullable(),
  technicianCode: z.string().nullable(),
  disabled: z.boolean(),
  /** Changes with the password: a reset ends the sessions already open. */
  stamp: z.string().min(1),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** What a staff route asks of the person: one of these roles, and/or this permission tag. */
export interface StaffRequirement {
  roles?: readonly StaffRole[];
  permission?: PermissionTag;
}

/** Booking for a customer in store (in-store mode), and handing a booking to the customer's phone (ADR 101). */
export const STORE_BOOKING: StaffRequirement = { permission: "store.booking" };
export const STORE_HANDOVER: StaffRequirement = { permission: "store.handover" };
/** Customer service (ADR 188): the customerService role, besides the roles that may do everything; never a store colleague or a technician. */
export const CUSTOMER_SERVICE: StaffRequirement = { roles: ["customerService"] };

/** Whether the account may use a route with this requirement. */
export function mayUse(account: Pick<StaffAccount, "role" | "rolePermissions">, requirement: StaffRequirement = {}): boolean {
  if (ALL_POWERFUL.includes(account.role)) return true;
  if (requirement.roles && !requirement.roles.includes(account.role)) return false;
  if (requirement.permission && !account.rolePermissions.includes(requirement.permission)) return false;
  return true;
}
