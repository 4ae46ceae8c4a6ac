import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";
import { IDS } from "../testing/fixtures";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

describe("a carrier's offering", () => {
  it("hides excluded makes, models and problems from the journey", async () => {
    const carrier = await newCarrier(t, {
      extra: { offering: { excluded_makes: ["samsung"], excluded_models: ["iphone-se-2022"], excluded_problems: ["back-glass-replacement"] } },
    });
    expect((await t.engine.catalogue.listMakes(carrier, { typeId: 1 })).map((m) => m.code)).toEqual(["apple"]);
    expect(await t.engine.catalogue.listModels(carrier, { makeId: IDS.samsung, typeId: 1 })).toEqual([]);
    expect((await t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1 })).map((m) => m.slug)).not.toContain("iphone-se-2022");
    await expect(t.engine.catalogue.getModel(carrier, 109)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.engine.catalogue.getModel(carrier, IDS.galaxyS24)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await t.engine.catalogue.listDeviceKinds(carrier, { makeId: IDS.samsung })).length).toBe(0);
    expect((await t.engine.catalogue.listProblems(carrier, IDS.iphone15)).map((p) => p.code)).toEqual(["screen-replacement", "battery-replacement", "charging-port-replacement"]);

    const booking = await t.engine.basket.buildBooking(carrier, { referrer: "test" });
    await t.engine.basket.setPostcode(carrier, booking.reference, { postcode: "SW1A 2AA" });
    await expect(t.engine.basket.addDevice(carrier, booking.reference, { model_version_id: IDS.iphone15v128, problems: [IDS.backGlass] })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(t.engine.basket.addDevice(carrier, booking.reference, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] })).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("offers the whole catalogue when nothing is excluded", async () => {
    const carrier = await newCarrier(t);
    expect((await t.engine.catalogue.listMakes(carrier, { typeId: 1 })).map((m) => m.code)).toEqual(["samsung", "apple"]);
    expect((await t.engine.catalogue.listProblems(carrier, IDS.iphone15)).length).toBe(4);
  });
});

describe("discount code validity window and usage limit", () => {
  it("refuses a code before it starts with the promo error, and accepts it once it has", async () => {
    const carrier = await newCarrier(t, {
      extra: { discount_codes: [{ code: "SOON", kind: "percent", value: 10, starts_at: "2025-06-03T00:00:00Z", expires_at: null, single_use: false }] },
    });
    const { ref } = await readyBooking(t, carrier);
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "SOON" })).rejects.toMatchObject({ code: "PROMO_INVALID" });
    const later = await createTestEngine({ opened: t.opened, now: "2025-06-03T08:00:00Z" });
    expect((await later.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "SOON" })).discount_code).toBe("SOON");
  });

  it("refuses a code past its validity with the expired promo message", async () => {
    const carrier = await newCarrier(t, { extra: { discount_codes: [{ code: "PAST", kind: "fixed", value: 500, expires_at: "2025-06-01T00:00:00Z", single_use: false }] } });
    const { ref } = await readyBooking(t, carrier);
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "PAST" })).rejects.toMatchObject({
      code: "PROMO_INVALID",
      message: "Sorry, that promo code has expired.",
    });
  });

  it("lets a code with a usage limit of 2 complete exactly two orders", async () => {
    const carrier = await newCarrier(t, {
      slots: 6,
      extra: { discount_codes: [{ code: "TWICE", kind: "fixed", value: 500, expires_at: null, single_use: false, usage_limit: 2 }] },
    });
    for (let i = 0; i < 2; i += 1) {
      const { ref } = await readyBooking(t, carrier);
      await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TWICE" });
      await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
      expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("SUCCESS");
    }
    const { ref } = await readyBooking(t, carrier);
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TWICE" })).rejects.toMatchObject({ code: "PROMO_ALREADY_USED" });
  });
});

describe("bookings a change would touch (the CMS warns with the count)", () => {
  it("counts the carrier's orders in an area from today on, and on given dates", async () => {
    const carrier = await newCarrier(t, { slots: 6 });
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-04" });
    await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    expect(await t.engine.operations.countAffectedBookings(carrier, { area: "central" })).toBe(1);
    expect(await t.engine.operations.countAffectedBookings(carrier, { area: "east" })).toBe(0);
    expect(await t.engine.operations.countAffectedBookings(carrier, { dates: ["2025-06-04", "2025-06-05"] })).toBe(1);
    expect(await t.engine.operations.countAffectedBookings(carrier, { dates: ["2025-06-05"] })).toBe(0);
    const later = await createTestEngine({ opened: t.opened, now: "2025-06-05T08:00:00Z" });
    expect(await later.engine.operations.countAffectedBookings(carrier, { area: "central" })).toBe(0);
    await expect(t.engine.operations.countAffectedBookings(carrier, { dates: ["4 June"] })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
