import { describe, expect, it } from "vitest";
import { canReach, firstReachableBefore, progressWidth, stepOfPath } from "./progress";

const none = { postcode: null, deviceCount: 0, date: null, email: null };
const full = { postcode: "SW1A1AA", deviceCount: 1, date: "2026-11-25", email: "a@b.example" };

describe("progress bar reachability (spec §2)", () => {
  it("needs the booking postcode for the device step", () => {
    expect(canReach("device", none)).toBe(false);
    expect(canReach("device", { ...none, postcode: "SW1A1AA" })).toBe(true);
  });

  it("needs devices and the postcode for the repair step", () => {
    expect(canReach("repair", { ...none, postcode: "SW1A1AA" })).toBe(false);
    expect(canReach("repair", { ...none, postcode: "SW1A1AA", deviceCount: 1 })).toBe(true);
    expect(canReach("repair", { ...none, deviceCount: 1 })).toBe(false);
  });

  it("needs a booking date and the postcode for the details step", () => {
    expect(canReach("details", { ...full, date: null })).toBe(false);
    expect(canReach("details", { ...none, postcode: "SW1A1AA", date: "2026-11-25" })).toBe(true);
  });

  it("needs a date, an e-mail and the postcode for the checkout step", () => {
    expect(canReach("checkout", { ...full, email: null })).toBe(false);
    expect(canReach("checkout", { ...full, date: null })).toBe(false);
    expect(canReach("checkout", full)).toBe(true);
  });

  it("takes a repair by post in place of the date for details and checkout (ADR 140)", () => {
    const byPost = { ...full, date: null, mailIn: true };
    expect(canReach("details", byPost)).toBe(true);
    expect(canReach("checkout", byPost)).toBe(true);
    expect(canReach("checkout", { ...byPost, email: null })).toBe(false);
    expect(canReach("details", { ...byPost, postcode: null })).toBe(false);
    expect(canReach("details", { ...byPost, mailIn: false })).toBe(false);
  });

  it("sends an unreachable step to the furthest reachable step before it, else the start", () => {
    expect(firstReachableBefore("checkout", { ...full, email: null }, "/booking/postcode-search")).toBe("/booking/details");
    expect(firstReachableBefore("details", { ...full, date: null }, "/booking/postcode-search")).toBe("/booking/repair-date");
    expect(firstReachableBefore("device", none, "/booking/address-search")).toBe("/booking/address-search");
  });

  it("maps paths to steps and widths of about 3, 33, 64, 96.5 and 100 percent: the width of the step the visitor is on", () => {
    expect(progressWidth(stepOfPath("/booking/postcode-search"))).toBe(3);
    expect(progressWidth(stepOfPath("/booking/device/model"))).toBe(3);
    expect(progressWidth(stepOfPath("/booking/basket"))).toBe(3);
    expect(progressWidth(stepOfPath("/booking/repair-date"))).toBe(33);
    expect(progressWidth(stepOfPath("/booking/details"))).toBe(64);
    expect(progressWidth(stepOfPath("/booking/checkout"))).toBe(96.5);
    expect(progressWidth(stepOfPath("/booking/payment"))).toBe(96.5);
    expect(progressWidth(stepOfPath("/booking/complete"))).toBe(100);
  });

  it("shows Details and Checkout at different widths", () => {
    expect(progressWidth("details")).not.toBe(progressWidth("checkout"));
  });
});
