export declare const STAFF_ROLES: readonly ["storeColleague", "technician", "areaManager", "superAdmin", "customerService"];
export type StaffRole = (typeof STAFF_ROLES)[number];
export declare const PERMISSION_TAGS: readonly ["store.booking", "store.handover", "technician.jobs", "area.staff", "area.jobs"];
export type PermissionTag = (typeof PERMISSION_TAGS)[number];
