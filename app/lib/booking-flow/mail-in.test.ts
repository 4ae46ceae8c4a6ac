import { describe, expect, it } from "vitest";
import { isMailInBooking, mailInAddressLines, offersMailIn } from "./mail-in";

const on = { offersMailIn: true, mailInAddress: "Repair Centre\n  Unit 4, Example Park \n\nLeeds LS10 1AA" };

describe("repair by post (ADR 140)", () => {
  it("is offered only where the carrier switches it on and gives an address to post to", () => {
    expect(offersMailIn(on)).toBe(true);
    expect(offersMailIn({ ...on, offersMailIn: false })).toBe(false);
    expect(offersMailIn({ ...on, mailInAddress: null })).toBe(false);
  });

  it("gives the postal address one line each, without blank lines", () => {
    expect(mailInAddressLines(on)).toEqual(["Repair Centre", "Unit 4, Example Park", "Leeds LS10 1AA"]);
  });

  it("counts a booking as mail-in only while the carrier still offers it", () => {
    expect(isMailInBooking(on, { is_mail_in_repair: true })).toBe(true);
    expect(isMailInBooking({ ...on, offersMailIn: false }, { is_mail_in_repair: true })).toBe(false);
    expect(isMailInBooking(on, { is_mail_in_repair: false })).toBe(false);
    expect(isMailInBooking(on, null)).toBe(false);
  });
});
