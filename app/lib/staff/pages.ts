/**
 * The staff pages and what each asks of a role (ADR 096). The staff start page links those the
 * person may use; each page's loader asks the same of `requireStaff`, so a link and the server's
 * check cannot disagree. A new staff page adds itself here.
 */
import { CUSTOMER_SERVICE, type StaffRequirement } from "./permissions";

export interface StaffPage {
  path: string;
  /** i18n keys of the link and its line of explanation. */
  titleKey: string;
  textKey: string;
  requirement: StaffRequirement;
}

export const STAFF_PAGES = {
  jobs: { path: "/store/jobs", titleKey: "store.pages.jobs", textKey: "store.pages.jobsText", requirement: { permission: "technician.jobs" } },
  area: { path: "/store/area", titleKey: "store.pages.area", textKey: "store.pages.areaText", requirement: { permission: "area.staff" } },
  areaJobs: { path: "/store/area/jobs", titleKey: "store.pages.areaJobs", textKey: "store.pages.areaJobsText", requirement: { permission: "area.jobs" } },
  service: { path: "/store/service", titleKey: "store.pages.service", textKey: "store.pages.serviceText", requirement: CUSTOMER_SERVICE },
} as const satisfies Record<string, StaffPage>;
