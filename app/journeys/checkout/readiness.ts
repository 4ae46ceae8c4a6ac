/**
 * What checkout shows when the engine says the booking cannot be paid yet (validateBooking):
 * each problem with a link to the step that fixes it.
 */
import type { Engine } from "~/booking.server";
import { behaviourFor } from "~/lib/errors/error-table";

export type ValidationReportView = Awaited<ReturnType<Engine["checkout"]["validateBooking"]>>;

export type FixStep = "details" | "date" | "devices" | "store";

export interface ReadinessProblem {
  step: FixStep;
  path: string;
  message: string;
}

const FIX_PATH: Record<FixStep, string> = {
  details: "/booking/details",
  date: "/booking/repair-date",
  devices: "/booking/basket",
  store: "/booking/store-search",
};

function stepOfField(field: string): FixStep {
  if (field === "store_code") return "store";
  if (field === "date") return "date";
  if (field === "devices" || field === "problems" || field.startsWith("devices.")) return "devices";
  return "details";
}

/** One entry per step to visit, in the order of the flow; the engine's English message as detail. */
export function readinessProblems(report: ValidationReportView): ReadinessProblem[] {
  if (report.valid) return [];
  const steps = new Map<FixStep, string>();
  for (const [field, messages] of Object.entries(report.fields)) {
    const step = stepOfField(field);
    if (!steps.has(step)) steps.set(step, messages[0] ?? report.messages[0] ?? "");
  }
  if (steps.size === 0) {
    const step: FixStep = behaviourFor(report.code).checkoutFix ?? "devices";
    steps.set(step, report.messages[0] ?? "");
  }
  const order: FixStep[] = ["store", "devices", "date", "details"];
  return order.filter((step) => steps.has(step)).map((step) => ({ step, path: FIX_PATH[step], message: steps.get(step)! }));
}
