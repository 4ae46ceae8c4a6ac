import { describe, expect, it } from "vitest";
import { bookingOverview } from "./overview";
import { bookingFixture, deviceFixture } from "./booking-fixture.test-support";

describe("booking overview (spec §3 booking overview fields)", () => {
  it("holds every field that exists before payment", () => {
    const overview = bookingOverview(bookingFixture(), { singleMakeId: 2, locale: "de" });
    expect(overview).toMatchObject({
      orderReference: null,
      repairAddress: { name: "Ada Lovelace", lines: ["10 Downing Street", "London", "SW1A 2AA"] },
      repairLocation: "doorstep",
      date: "2026-11-25",
      // Written in the page's language on the server: the browser carries no date code (ADR 098).
      dateText: "Mittwoch, 25. November 2026",
      timeslot: null,
      phone: "+447700900123",
      email: "ada@example.com",
      promoCode: null,
      billingAddress: { name: "Ada Lovelace", lines: ["10 Downing Street", "London", "SW1A 2AA"] },
      promotionalEvent: null,
      convenienceCharge: 5900,
      freeBatteryDevices: ["iPhone 16 Pro Max 256GB"],
      total: 26899,
    });
    expect(overview.devices[0]).toMatchObject({ title: "iPhone 16 Pro Max 256GB", imei: null, identifierKind: "imei" });
  });

  it("adds the order reference and timeslot once complete, and the promo code and promotional event", () => {
    const overview = bookingOverview(
      bookingFixture({ order_id: 100234, discount_code: "WELCOME10", sale_title: "Black Friday", cart: { ...bookingFixture().cart, sale_active: true } }),
      { singleMakeId: 2, timeslot: "09:30", dropOffStore: null },
    );
    expect(overview).toMatchObject({ orderReference: "100234", timeslot: "09:30–10:30", promoCode: "WELCOME10", promotionalEvent: "Black Friday" });
  });

  it("reads the timeslot in the carrier's locale: 12-hour for a US carrier, 24-hour in German (ADR 246)", () => {
    const plain = (text: string | null) => text?.replace(/[\u2009\u202f]/g, " ");
    expect(plain(bookingOverview(bookingFixture({ order_id: 1 }), { singleMakeId: 2, locale: "en", timeLocale: "en-US", timeslot: "09:30" }).timeslot)).toBe("9:30 – 10:30 AM");
    expect(bookingOverview(bookingFixture({ order_id: 1 }), { singleMakeId: 2, locale: "de", timeLocale: "de-DE", timeslot: "09:30" }).timeslot).toBe("09:30–10:30");
  });

  it("asks tablets of the single make for a serial number and other tablets for nothing", () => {
    const tablet = (key: string, makeId: number) =>
      deviceFixture({ key, model_version: { ...deviceFixture().model_version, make_id: makeId }, device: { ...deviceFixture().device, device_type: "tablet" } });
    const overview = bookingOverview(bookingFixture({ devices: { a: tablet("a", 2), b: tablet("b", 1) } }), { singleMakeId: 2 });
    expect(overview.devices.map((device) => device.identifierKind)).toEqual(["serial", null]);
  });

  it("shows the IMEI an in-warranty booking was checked with", () => {
    const overview = bookingOverview(bookingFixture({ in_warranty: true, warranty_imei: "490154203237518" }), { singleMakeId: 2 });
    expect(overview.devices[0]!.imei).toBe("490154203237518");
  });

  it("shows no promo code and no convenience charge where they do not apply", () => {
    const booking = bookingFixture({ in_warranty: true, discount_code: "WELCOME10" });
    booking.cart.call_out_charge = { has_call_out_charge: false, amount: 0 };
    expect(bookingOverview(booking, { singleMakeId: 2 })).toMatchObject({ promoCode: null, convenienceCharge: null, inWarranty: true });
  });
});
