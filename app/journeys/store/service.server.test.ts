import { describe, expect, it } from "vitest";
import { OrderCancelledError, ValidationError } from "~/booking.server";
import { actionProblem, minorFromMajor } from "./service.server";

describe("customer service forms", () => {
  it("reads a refund amount in major units, with a point or a comma, into minor units", () => {
    expect(minorFromMajor("12.50")).toBe(1250);
    expect(minorFromMajor("12,5")).toBe(1250);
    expect(minorFromMajor(" 7 ")).toBe(700);
    expect(minorFromMajor("0.01")).toBe(1);
    for (const bad of ["", "12.505", "-3", "1e3", "12,50 €", "abc"]) expect(minorFromMajor(bad), bad).toBeNull();
  });

  it("shows a field's refusal under the field and any other above the form, through the §8 table", () => {
    const field = actionProblem("refund", new ValidationError({ amount_minor: ["REFUND_TOO_LARGE"] }), "de");
    expect(field).toMatchObject({ intent: "refund", fieldCodes: { amount_minor: ["REFUND_TOO_LARGE"] }, alert: null });
    const other = actionProblem("cancel", new OrderCancelledError(), "de");
    expect(other).toMatchObject({ intent: "cancel", fields: {}, alert: { key: "manage.errors.cancelled" } });
    expect(actionProblem("resend", new Error("boom"), "en")).toBeNull();
  });
});
