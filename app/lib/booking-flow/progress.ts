/**
 * The booking progress bar (spec §2 "Progress bar"): sections, step names, widths and the rules
 * that say which steps can be reached.
 */
export type ProgressSection = "device" | "repair" | "details" | "checkout" | "complete" | "manageOrder" | "trackTechnician";

export const PROGRESS_STEPS = ["device", "repair", "details", "checkout"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/**
 * Bar width per section, in percent (spec §2: about 3, 33, 64, 96.5 and 100 when complete). The bar
 * stands at the width of the step the visitor is on: the device steps and the basket 3, the repair
 * date 33, the details 64, checkout and payment 96.5 (ADR 130). Before the device step (postcode,
 * location) it shows the first width too.
 */
export const PROGRESS_WIDTH: Record<"start" | ProgressStep | "complete", number> = {
  start: 3,
  device: 3,
  repair: 33,
  details: 64,
  checkout: 96.5,
  complete: 100,
};

export interface ReachabilityFacts {
  postcode: string | null;
  deviceCount: number;
  date: string | null;
  email: string | null;
  /** A repair by post (ADR 140) needs no date: it stands in for the date in the rules below. */
  mailIn?: boolean;
}

/** The booking has its repair arranged: a date for a visit, or the choice to send the device by post (ADR 140). */
export function hasRepairArranged(facts: Pick<ReachabilityFacts, "date" | "mailIn">): boolean {
  return Boolean(facts.date) || facts.mailIn === true;
}

export function canReach(step: ProgressStep, facts: ReachabilityFacts): boolean {
  const hasPostcode = Boolean(facts.postcode);
  switch (step) {
    case "device":
      return hasPostcode;
    case "repair":
      return hasPostcode && facts.deviceCount > 0;
    case "details":
      return hasPostcode && hasRepairArranged(facts);
    case "checkout":
      return hasPostcode && hasRepairArranged(facts) && Boolean(facts.email);
  }
}

/** Which progress step a /booking path belongs to; null for steps before the device (postcode, location). */
export function stepOfPath(pathname: string): ProgressStep | "complete" | null {
  const path = pathname.replace(/\/+$/, "");
  if (/^\/booking\/(complete|in-store-booking-confirmation)$/.test(path)) return "complete";
  if (/^\/booking\/(device|basket)(\/|$)/.test(path)) return "device";
  if (/^\/booking\/repair-date$/.test(path)) return "repair";
  if (/^\/booking\/details$/.test(path)) return "details";
  if (/^\/booking\/(checkout|payment)$/.test(path)) return "checkout";
  return null;
}

export const STEP_PATH: Record<ProgressStep, string> = {
  device: "/booking/device",
  repair: "/booking/repair-date",
  details: "/booking/details",
  checkout: "/booking/checkout",
};

/**
 * Where to send a visitor who opened a step they cannot reach yet: the furthest step before it
 * that they can reach, else the start (postcode or address search).
 */
export function firstReachableBefore(step: ProgressStep, facts: ReachabilityFacts, startPath: string): string {
  const index = PROGRESS_STEPS.indexOf(step);
  for (let i = index - 1; i >= 0; i -= 1) {
    const candidate = PROGRESS_STEPS[i]!;
    if (canReach(candidate, facts)) return STEP_PATH[candidate];
  }
  return startPath;
}

export function progressWidth(step: ProgressStep | "complete" | null): number {
  return PROGRESS_WIDTH[step ?? "start"];
}
