import { describe, expect, it } from "vitest";
import { manageBehaviourFor, shownText } from "./error-behaviour";

describe("manage error behaviour (spec §8)", () => {
  it("shows lookup errors in the red alert, the same for a wrong e-mail and a wrong reference", () => {
    expect(manageBehaviourFor("ORDER_NOT_FOUND", "lookup")).toMatchObject({ show: "alert", messageKey: "manage.lookup.errors.notFound" });
    expect(manageBehaviourFor("TOO_MANY_ATTEMPTS", "lookup").show).toBe("alert");
  });

  it("keeps OR03 in the address modal for 10 seconds and OR04 with its text", () => {
    expect(manageBehaviourFor("OR03", "address")).toMatchObject({ show: "modal", messageKey: "manage.address.errors.noTechnician", hideAfterMs: 10_000 });
    expect(manageBehaviourFor("OR04", "address")).toMatchObject({ show: "modal", messageKey: "manage.address.errors.dateUnavailable" });
  });

  it("shows OR04's first server message inside the date modal; other date errors close it", () => {
    const or04 = manageBehaviourFor("OR04", "date");
    expect(or04.show).toBe("modal");
    expect(shownText(or04, ["Sorry, that date is not available.", "second"], "en")).toEqual({ text: "Sorry, that date is not available." });
    expect(shownText(or04, ["Sorry, that date is not available."], "de")).toEqual({ key: "manage.date.errors.unavailable" });
    expect(manageBehaviourFor("PAYMENT_GATEWAY_ERROR", "date").show).toBe("toast");
    expect(manageBehaviourFor("ORDER_CHANGE_WINDOW_CLOSED", "date")).toMatchObject({ show: "toast", messageKey: "manage.changesClosed" });
  });

  it("toasts the first server message of a cancel error", () => {
    const behaviour = manageBehaviourFor("PAYMENT_GATEWAY_ERROR", "cancel");
    expect(behaviour.show).toBe("toast");
    expect(shownText(behaviour, ["The refund could not be started."], "en")).toEqual({ text: "The refund could not be started." });
  });
});
