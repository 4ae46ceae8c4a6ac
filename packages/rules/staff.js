/**
 * The staff vocabulary (spec §6, ADR 095/096): the roles a staff account has and the permission
 * tags a role may be granted. The app's page guards (app/lib/staff/permissions.ts) and the CMS's
 * save rules (cms/src/staff-accounts/staff-rules.ts) both read these lists.
 */
/** customerService: operations' customer service, every order of the carrier (issue 24 item 3, ADR 188). */
export const STAFF_ROLES = ["storeColleague", "technician", "areaManager", "superAdmin", "customerService"];

/** What a role may be granted; superAdmin and areaManager need none (they may do everything). */
export const PERMISSION_TAGS = ["store.booking", "store.handover", "technician.jobs", "area.staff", "area.jobs"];
