import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import { catalogueFixture, engineFixture, IDS, LONDON_STORES, PRICES_GBP } from "../testing/fixtures";
import { seedCatalogue } from "../catalogue/seed";
import { seedCarrier } from "../catalogue/seed-carrier";
import { createTestEngine, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";
import type { CarrierContext } from "../domain/carrier";

let t: TestEngine;
let carrier: CarrierContext;
beforeAll(async () => {
  t = await createTestEngine();
  carrier = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

async function withPostcode(c = carrier) {
  const { reference } = await t.engine.basket.buildBooking(c);
  await t.engine.basket.setPostcode(c, reference, { postcode: "SW1A 2AA" });
  return reference;
}

describe("build and load", () => {
  it("builds a booking with an opaque reference and a resume token", async () => {
    const built = await t.engine.basket.buildBooking(carrier, { referrer: "landing", channel: "web", lucidRef: "L-1" });
    expect(built.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(built.token).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(built.booking).toMatchObject({ reference: built.reference, checkout_status: "PENDING", date: null, devices: {}, referrer: "landing", channel: "web", lucid_ref: "L-1" });
    expect((await t.engine.basket.getBooking(carrier, built.reference.toLowerCase())).reference).toBe(built.reference);
  });

  it("keeps the attribution of spec §7 POST /build and refuses one that is not a short token (ADR 135)", async () => {
    const built = await t.engine.basket.buildBooking(carrier, { referrer: "apple-store", channel: "web", lucid_ref: "abc_123.x~y" });
    expect(await t.engine.basket.getBooking(carrier, built.reference)).toMatchObject({ referrer: "apple-store", channel: "web", lucid_ref: "abc_123.x~y" });
    await expect(t.engine.basket.buildBooking(carrier, { referrer: "<script>" })).rejects.toMatchObject({ code: "VALIDATION", fields: { referrer: [expect.any(String)] } });
    await expect(t.engine.basket.buildBooking(carrier, { lucidRef: "x".repeat(65) })).rejects.toMatchObject({ code: "VALIDATION", fields: { lucidRef: [expect.any(String)] } });
    await expect(t.engine.basket.buildBooking(carrier, { referrer: "a b" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("loads a booking by its token as typed or scanned", async () => {
    const built = await t.engine.basket.buildBooking(carrier);
    const compact = built.token.replace("-", "").toLowerCase();
    expect((await t.engine.basket.getBookingByToken(carrier, compact)).reference).toBe(built.reference);
    expect((await t.engine.basket.getBookingByToken(carrier, `https://book.example/booking/continue?code=${built.token}`)).reference).toBe(built.reference);
    await expect(t.engine.basket.getBookingByToken(carrier, "ZZZZZ-ZZZZZ")).rejects.toMatchObject({ code: "BK01" });
    await expect(t.engine.basket.getBookingByToken(carrier, "  ")).rejects.toMatchObject({ code: "VALIDATION", fields: { token: ["Your booking code is missing"] } });
    const { token } = await t.engine.basket.issueResumeToken(carrier, built.reference);
    expect((await t.engine.basket.getBookingByToken(carrier, token)).reference).toBe(built.reference);
    await expect(t.engine.basket.getBookingByToken(carrier, built.token)).rejects.toMatchObject({ code: "BK01" });
  });

  it("hands a booking over with a code that works once, until it expires, on its own carrier only", async () => {
    const built = await t.engine.basket.buildBooking(carrier);
    const issued = await t.engine.basket.issueResumeToken(carrier, built.reference);
    expect(new Date(issued.expires_at).getTime() - t.clock.now().getTime()).toBe(60 * 60_000);
    const other = await newCarrier(t);
    await expect(t.engine.basket.redeemResumeToken(other, issued.token)).rejects.toMatchObject({ code: "BK01" });
    const scanned = `https://book.example/booking/continue?token=${issued.token}`;
    expect((await t.engine.basket.redeemResumeToken(carrier, scanned)).reference).toBe(built.reference);
    await expect(t.engine.basket.redeemResumeToken(carrier, scanned)).rejects.toMatchObject({ code: "BK01" });
    await expect(t.engine.basket.getBookingByToken(carrier, issued.token)).rejects.toMatchObject({ code: "BK01" });
    await expect(t.engine.basket.redeemResumeToken(carrier, " ")).rejects.toMatchObject({ code: "VALIDATION", fields: { token: ["Your booking code is missing"] } });

    const late = await t.engine.basket.issueResumeToken(carrier, built.reference);
    t.clock.advance(60 * 60_000);
    try {
      await expect(t.engine.basket.redeemResumeToken(carrier, late.token)).rejects.toMatchObject({ code: "BK01" });
    } finally {
      t.clock.advance(-60 * 60_000);
    }
    const fresh = await t.engine.basket.issueResumeToken(carrier, built.reference);
    expect((await t.engine.basket.redeemResumeToken(carrier, fresh.token)).reference).toBe(built.reference);
  });

  it("answers BK01 for an unknown reference and for another carrier's booking", async () => {
    await expect(t.engine.basket.getBooking(carrier, "0000000000000000")).rejects.toMatchObject({ code: "BK01", status: 404 });
    await expect(t.engine.basket.getBooking(carrier, "../etc")).rejects.toMatchObject({ code: "BK01" });
    const built = await t.engine.basket.buildBooking(carrier);
    const other = await newCarrier(t);
    await expect(t.engine.basket.getBooking(other, built.reference)).rejects.toMatchObject({ code: "BK01" });
    await expect(t.engine.basket.setPostcode(other, built.reference, { postcode: "SW1A 2AA" })).rejects.toMatchObject({ code: "BK01" });
  });

  it("rejects a malformed carrier with a validation error", async () => {
    await expect(t.engine.basket.buildBooking({ ...carrier, timezone: "Mars/Olympus" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("postcode and address", () => {
  it("stores the postcode in its written form and the area; BK04 when not covered", async () => {
    const { reference } = await t.engine.basket.buildBooking(carrier);
    const state = await t.engine.basket.setPostcode(carrier, reference, { postcode: "sw1a2aa" });
    expect(state).toMatchObject({ postcode: "SW1A 2AA", address: { postcode: "SW1A 2AA", line_1: "" }, availability: { area: { code: "central" } } });
    await expect(t.engine.basket.setPostcode(carrier, reference, { postcode: "   " })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { postcode: ["Please enter a postcode"] },
    });
    await expect(t.engine.basket.setPostcode(carrier, reference, { postcode: "SW19 1AA" })).rejects.toMatchObject({ code: "BK04" });
  });

  it("drops the date when the repair moves to another area", async () => {
    const { ref } = await readyBooking(t, carrier);
    const moved = await t.engine.basket.setPostcode(carrier, ref, { postcode: "E1 6AN" });
    expect(moved.date).toBeNull();
    const same = await t.engine.basket.setDate(carrier, ref, { date: "2025-06-03" });
    expect((await t.engine.basket.setPostcode(carrier, ref, { postcode: "E14 5AB" })).date).toBe(same.date);
  });
});

describe("devices", () => {
  it("needs the postcode before a device (BK09)", async () => {
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await expect(t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128 })).rejects.toMatchObject({ code: "BK09" });
  });

  it("adds a device with its model version, problems, colour and the battery rule", async () => {
    const ref = await withPostcode();
    const state = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v256, problems: [IDS.battery, IDS.screen], colour: "pink" });
    const device = state.devices[state.device_key]!;
    expect(device.device).toMatchObject({
      title: "iPhone 15 256GB",
      full_model_code: "A3090",
      device_type: "phone",
      device_make: "Apple",
      battery_required_for_screen_repair: true,
      colour: { code: "pink" },
    });
    expect(device.selected_problems.map((p) => p.code)).toEqual(["screen-replacement"]);
    expect(device.free_battery).toMatchObject({ price: 0, non_sale_price: PRICES_GBP.iphone15.battery });
    expect(state.restricted_problems[state.device_key]).toEqual([IDS.battery]);
    expect(state.cart).toMatchObject({ full_price: PRICES_GBP.iphone15.screen, total_price: PRICES_GBP.iphone15.screen, sale_active: true, sale_title: "Spring repair sale" });
  });

  it("adds one device for the same form sent twice, one after the other or at once (ADR 143)", async () => {
    const ref = await withPostcode();
    const form = { model_version_id: IDS.iphone15v128, colour: "pink", device_key: "a1b2c3d4e5f60718293a4b5c6d7e8f90" };
    const first = await t.engine.basket.addDevice(carrier, ref, form);
    expect(first.device_key).toBe(form.device_key);
    // A resend after the answer was lost: the same device, set again.
    const again = await t.engine.basket.addDevice(carrier, ref, { ...form, colour: "black" });
    expect(again.device_key).toBe(form.device_key);
    expect(Object.keys(again.devices)).toEqual([form.device_key]);
    expect(again.devices[form.device_key]!.device.colour).toMatchObject({ code: "black" });
    // A double press: both at once.
    const other = { ...form, device_key: "0123456789abcdef" };
    await Promise.all([t.engine.basket.addDevice(carrier, ref, other), t.engine.basket.addDevice(carrier, ref, other)]);
    expect(Object.keys((await t.engine.basket.getBooking(carrier, ref)).devices).sort()).toEqual([other.device_key, form.device_key].sort());
    // Without a key (the engine's API), each call adds a device.
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128 });
    expect(Object.keys((await t.engine.basket.getBooking(carrier, ref)).devices)).toHaveLength(3);
    await expect(t.engine.basket.addDevice(carrier, ref, { ...form, device_key: "not-hex!" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("keeps battery replacement on a model that does not need it for a screen repair", async () => {
    const ref = await withPostcode();
    const state = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen, IDS.battery] });
    expect(state.cart.full_price).toBe(PRICES_GBP.galaxyS24.screen + PRICES_GBP.galaxyS24.battery);
    expect(state.devices[state.device_key]!.free_battery).toBeNull();
  });

  it("refuses unknown versions, problems, colours and extras with field messages", async () => {
    const ref = await withPostcode();
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: 999999 })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { model_version_id: ["Sorry, we don't currently repair that type of device"] },
    });
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.backGlass] })).rejects.toMatchObject({
      fields: { problems: expect.any(Array) },
    });
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, colour: "gold" })).rejects.toMatchObject({ fields: { colour: expect.any(Array) } });
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.washerFree, upsells: [IDS.protector] })).rejects.toMatchObject({
      fields: { upsells: expect.any(Array) },
    });
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: "abc" as unknown as number })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("prices chosen extras into the device and the basket", async () => {
    const ref = await withPostcode();
    const state = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen], upsells: [IDS.protector, IDS.premium] });
    expect(state.cart.full_price).toBe(PRICES_GBP.galaxyS24.screen + PRICES_GBP.protector + PRICES_GBP.premium);
    expect(state.devices[state.device_key]!.selected_upsells.map((u) => u.code)).toEqual(["screen-protector", "premium-service"]);
  });

  it("validates an IMEI for a phone and a serial only for tablets of the single make", async () => {
    const ref = await withPostcode();
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, imei: "123" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { imei: [expect.stringContaining("15 digits")] },
    });
    const phone = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, imei: "35-209900-176148-1" });
    expect(phone.devices[phone.device_key]!.device.imei).toBe("352099001761481");
    const tablet = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.ipad10v64, imei: "dmpxk1abcd12" });
    expect(tablet.devices[tablet.device_key]!.device.imei).toBe("DMPXK1ABCD12");
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyTabV, imei: "R52W1234567" })).rejects.toMatchObject({
      fields: { imei: [expect.stringContaining("tablets")] },
    });
  });

  it("checks appliance triage answers against the model's questions", async () => {
    const ref = await withPostcode();
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.washerFree, triage_answers: { "switches-on": "maybe" } })).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.washerFree, triage_answers: { colour: "yes" } })).rejects.toMatchObject({ code: "VALIDATION" });
    const state = await t.engine.basket.addDevice(carrier, ref, {
      model_version_id: IDS.washerFree,
      problems: [IDS.applianceNotStarting],
      triage_answers: { "switches-on": "no" },
      appliance_model_code: "WAN28281GB",
    });
    expect(state.devices[state.device_key]).toMatchObject({
      triage_answers: { "switches-on": "no" },
      device: { device_type: "appliance", appliance_model_code: "WAN28281GB", full_model_code: "WAN28281GB" },
    });
  });

  it("updates and removes devices; a new model version resets the device's choices", async () => {
    const ref = await withPostcode();
    const added = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen], colour: "black" });
    const key = added.device_key;
    const updated = await t.engine.basket.updateDevice(carrier, ref, key, { problems: [IDS.screen, IDS.backGlass] });
    expect(updated.devices[key]!.selected_problems.map((p) => p.code)).toEqual(["screen-replacement", "back-glass-replacement"]);
    expect(updated.devices[key]!.device.colour?.code).toBe("black");
    const changed = await t.engine.basket.updateDevice(carrier, ref, key, { model_version_id: IDS.galaxyS24v128 });
    expect(changed.devices[key]).toMatchObject({ selected_problems: [], device: { title: "Galaxy S24 128GB", colour: null } });
    expect((await t.engine.basket.getDevice(carrier, ref, key)).model_version.id).toBe(IDS.galaxyS24v128);
    const removed = await t.engine.basket.removeDevice(carrier, ref, key);
    expect(removed.device_count).toBe(0);
    await expect(t.engine.basket.removeDevice(carrier, ref, key)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("places a new device after the basket's last, also once one before it was removed", async () => {
    const ref = await withPostcode();
    const first = (await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128 })).device_key;
    const second = (await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128 })).device_key;
    await t.engine.basket.removeDevice(carrier, ref, first);
    const third = (await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128 })).device_key;
    const rows = await t.opened.db.select({ key: s.bookingDevices.key, position: s.bookingDevices.position }).from(s.bookingDevices).where(eq(s.bookingDevices.key, second));
    const placed = await t.opened.db.select({ key: s.bookingDevices.key, position: s.bookingDevices.position }).from(s.bookingDevices).where(eq(s.bookingDevices.key, third));
    expect(rows).toEqual([{ key: second, position: 1 }]);
    expect(placed).toEqual([{ key: third, position: 2 }]);
    expect(Object.keys((await t.engine.basket.getBooking(carrier, ref)).devices)).toEqual([second, third]);
  });

  it("stops at the carrier's maximum devices per basket", async () => {
    const single = await newCarrier(t, {}, { maxDevicesPerBasket: 1 });
    const ref = await withPostcode(single);
    await t.engine.basket.addDevice(single, ref, { model_version_id: IDS.galaxyS24v128 });
    await expect(t.engine.basket.addDevice(single, ref, { model_version_id: IDS.galaxyS24v128 })).rejects.toMatchObject({ code: "MAX_DEVICES" });
  });
});

describe("warranty", () => {
  it("makes the repair free in warranty and keeps the purchase date and IMEI", async () => {
    const ref = await withPostcode();
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    const state = await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "01/02/2025", imei: "352099001761481" });
    expect(state).toMatchObject({
      in_warranty: true,
      purchase_date: "2025-02-01",
      warranty_imei: "352099001761481",
      cart: { full_price: 0, total_price: 0, warranty_repair_is_chargeable: false },
    });
  });

  it("allows only one in-warranty device per basket", async () => {
    const ref = await withPostcode();
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
    await expect(t.engine.basket.setWarranty(carrier, ref, { in_warranty: true })).rejects.toMatchObject({ code: "MULTI_DEVICE_IN_WARRANTY" });
    const other = await withPostcode();
    await t.engine.basket.addDevice(carrier, other, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await t.engine.basket.setWarranty(carrier, other, { in_warranty: true });
    await expect(t.engine.basket.addDevice(carrier, other, { model_version_id: IDS.galaxyS24v128 })).rejects.toMatchObject({ code: "MULTI_DEVICE_IN_WARRANTY" });
  });

  it("refuses a warranty repair when the carrier does not allow them", async () => {
    const noWarranty = await newCarrier(t, {}, { allowWarrantyRepairs: false });
    const ref = await withPostcode(noWarranty);
    await t.engine.basket.addDevice(noWarranty, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await expect(t.engine.basket.setWarranty(noWarranty, ref, { in_warranty: true })).rejects.toMatchObject({ code: "WARRANTY_REPAIR_NOT_OFFERED" });
    expect((await t.engine.basket.setWarranty(noWarranty, ref, { in_warranty: false })).in_warranty).toBe(false);
  });

  it("answers RBK15 for a purchase older than the warranty period", async () => {
    const ref = await withPostcode();
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await expect(t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2024-06-01" })).rejects.toMatchObject({ code: "RBK15" });
    expect((await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2024-06-02" })).in_warranty).toBe(true);
    await expect(t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2025-07-01" })).rejects.toMatchObject({
      fields: { purchase_date: expect.any(Array) },
    });
  });

  it("clears the selected problems when switched from in warranty to not in warranty", async () => {
    const ref = await withPostcode();
    const added = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true, purchase_date: "2025-03-01" });
    const out = await t.engine.basket.setWarranty(carrier, ref, { in_warranty: false });
    expect(out).toMatchObject({ in_warranty: false, purchase_date: null, warranty_imei: null });
    expect(out.devices[added.device_key]!.selected_problems).toEqual([]);
  });

  it("clears the warranty state when the device's model version changes", async () => {
    const ref = await withPostcode();
    const added = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true });
    expect((await t.engine.basket.updateDevice(carrier, ref, added.device_key, { model_version_id: IDS.iphone15v256 })).in_warranty).toBeNull();
  });

  it("stores the insurance answer on the device and clears it with the warranty state when the model version changes (spec §4)", async () => {
    const ref = await withPostcode();
    const added = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    expect(added.devices[added.device_key]!.insured).toBeNull();
    const insured = await t.engine.basket.updateDevice(carrier, ref, added.device_key, { insured: true });
    expect(insured.devices[added.device_key]!.insured).toBe(true);
    // Another change of the same version keeps the answer.
    const kept = await t.engine.basket.updateDevice(carrier, ref, added.device_key, { problems: [IDS.screen, IDS.backGlass] });
    expect(kept.devices[added.device_key]!.insured).toBe(true);
    expect((await t.engine.basket.updateDevice(carrier, ref, added.device_key, { insured: false })).devices[added.device_key]!.insured).toBe(false);
    await t.engine.basket.updateDevice(carrier, ref, added.device_key, { insured: true });
    const changed = await t.engine.basket.updateDevice(carrier, ref, added.device_key, { model_version_id: IDS.iphone15v256 });
    expect(changed.devices[added.device_key]!.insured).toBeNull();
    await expect(t.engine.basket.updateDevice(carrier, ref, added.device_key, { insured: "yes" as unknown as boolean })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("charges the carrier's warranty repair charge when warranty repairs are chargeable", async () => {
    const chargeable = await newCarrier(t, {}, { warrantyRepairChargeable: true, warrantyRepairCharge: 4900 });
    const ref = await withPostcode(chargeable);
    await t.engine.basket.addDevice(chargeable, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    const state = await t.engine.basket.setWarranty(chargeable, ref, { in_warranty: true });
    expect(state.cart).toMatchObject({ full_price: 4900, total_price: 4900, warranty_repair_is_chargeable: true, warranty_repair_charge: 4900 });
  });
});

describe("customer details", () => {
  it("stores names, a lower-case e-mail and the phone in E.164, billing defaulting to the customer", async () => {
    const ref = await withPostcode();
    const state = await t.engine.basket.setCustomerDetails(carrier, ref, { ...VALID_DETAILS, email_consent: true });
    expect(state).toMatchObject({
      email: "ada@example.com",
      email_consent: true,
      phone_number: "+447700900123",
      billing_first_name: "Ada",
      billing_last_name: "Lovelace",
      billing_address: { line_1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA" },
      address: { line_1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA" },
    });
  });

  it("gives a message per invalid field", async () => {
    const ref = await withPostcode();
    const error = await t.engine.basket.setCustomerDetails(carrier, ref, { first_name: "", last_name: "L", email: "not-an-email", phone_number: "12345" }).catch((e) => e);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields).sort()).toEqual(["email", "first_name", "phone_number"]);
    const billing = await t.engine.basket.setCustomerDetails(carrier, ref, { ...VALID_DETAILS, billing_address: { line_1: "x", town: "y", postcode: "nope" } }).catch((e) => e);
    expect(billing.fields).toHaveProperty(["billing_address.postcode"]);
  });

  it("checks the phone number for the carrier's country", async () => {
    const de = await newCarrier(t, { country: "DE" }, { countryCode: "DE", currency: "EUR", timezone: "Europe/Berlin" });
    const { reference } = await t.engine.basket.buildBooking(de);
    await t.engine.basket.setPostcode(de, reference, { postcode: "10115" });
    const state = await t.engine.basket.setCustomerDetails(de, reference, { first_name: "Jörg", last_name: "Müller", email: "j@example.de", phone_number: "0151 23456789" });
    expect(state.phone_number).toBe("+4915123456789");
    await expect(
      t.engine.basket.setCustomerDetails(de, reference, { first_name: "J", last_name: "M", email: "j@example.de", phone_number: "07700 900123x" }),
    ).rejects.toMatchObject({ fields: { phone_number: expect.any(Array) } });
  });
});

describe("discount codes", () => {
  async function basket() {
    const ref = await withPostcode();
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.battery] });
    return ref;
  }

  it("applies a percent code and a fixed code with exact totals, and removes it", async () => {
    const ref = await basket();
    const percent = await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: " tenoff " });
    expect(percent.cart).toMatchObject({
      discount_code: "TENOFF",
      discount_percentage: 10,
      full_price: 7900,
      discount_code_amount: 790,
      total_price: 7110,
      discount_code_status: "applied",
    });
    expect(percent.totals).toEqual({ full_price: 7900, discount_total: 790, cart_total: 7110, currency: "GBP" });
    const fixed = await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "FIVER" });
    expect(fixed.cart).toMatchObject({ discount_code_amount: 500, total_price: 7400, discount_percentage: null });
    expect((await t.engine.basket.removeDiscountCode(carrier, ref)).cart).toMatchObject({ discount_code: null, total_price: 7900 });
  });

  it("tells an unknown code, an expired code and another carrier's code apart", async () => {
    const ref = await basket();
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "NOPE" })).rejects.toMatchObject({ code: "PROMO_NOT_RECOGNISED" });
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "OLD15" })).rejects.toMatchObject({ code: "PROMO_INVALID" });
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "" })).rejects.toMatchObject({ code: "VALIDATION" });
    const other = await newCarrier(t, { extra: { discount_codes: [{ code: "THEIRS", kind: "percent", value: 50, expires_at: null, single_use: false }] } });
    expect(other.code).not.toBe(carrier.code);
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "THEIRS" })).rejects.toMatchObject({ code: "PROMO_NOT_RECOGNISED" });
  });

  it("refuses a promo code on a warranty repair, both ways round", async () => {
    const ref = await basket();
    await t.engine.basket.setWarranty(carrier, ref, { in_warranty: true });
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TENOFF" })).rejects.toMatchObject({ code: "PROMO_ON_WARRANTY_REPAIR" });
    const other = await basket();
    await t.engine.basket.applyDiscountCode(carrier, other, { discount_code: "TENOFF" });
    await expect(t.engine.basket.setWarranty(carrier, other, { in_warranty: true })).rejects.toMatchObject({ code: "PROMO_ON_WARRANTY_REPAIR" });
  });
});

describe("repair date", () => {
  it("stores the preferred-date call-back request; leaving it out keeps the earlier answer", async () => {
    const ref = await withPostcode();
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
    expect((await t.engine.basket.getBooking(carrier, ref)).request_preferred_date_callback).toBe(false);
    const asked = await t.engine.basket.setDate(carrier, ref, { date: "2025-06-03", requestPreferredDateCallback: true });
    expect(asked).toMatchObject({ date: "2025-06-03", request_preferred_date_callback: true });
    expect((await t.engine.basket.setDate(carrier, ref, { date: "2025-06-04" })).request_preferred_date_callback).toBe(true);
    expect((await t.engine.basket.setDate(carrier, ref, { date: "2025-06-04", requestPreferredDateCallback: false })).request_preferred_date_callback).toBe(false);
    // A refused day still records that the customer wants a call about another one.
    await expect(t.engine.basket.setDate(carrier, ref, { date: "2025-06-07", requestPreferredDateCallback: true })).rejects.toMatchObject({ code: "BK13" });
    expect(await t.engine.basket.getBooking(carrier, ref)).toMatchObject({ date: null, request_preferred_date_callback: true });
  });
});

describe("abandoning a booking", () => {
  it("gives its day back at once and forgets the date", async () => {
    // One technician with one appointment a day: the draft's hold fills the day.
    const tight = await newCarrier(t, { technicians: 1, slots: 1 });
    const { ref } = await readyBooking(t, tight);
    const other = await withPostcode(tight);
    await t.engine.basket.addDevice(tight, other, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
    await expect(t.engine.basket.setDate(tight, other, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK13" });

    const abandoned = await t.engine.basket.abandonBooking(tight, ref);
    expect(abandoned).toMatchObject({ date: null, checkout_status: "PENDING", availability: { date_held: false } });
    expect((await t.engine.basket.setDate(tight, other, { date: "2025-06-03" })).availability.date_held).toBe(true);
    // Abandoning twice is harmless.
    expect((await t.engine.basket.abandonBooking(tight, ref)).date).toBeNull();
  });

  it("gives back a single-use promo code reserved for its payment", async () => {
    const { ref } = await readyBooking(t, carrier);
    await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "ONCE20" });
    // Reserved as a payment in flight reserves it (checkout's claim), so nobody else can use it meanwhile.
    const [row] = await t.opened.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.reference, ref));
    await t.opened.db.insert(s.discountCodeReservations).values({ carrierCode: carrier.code, code: "ONCE20", bookingId: row!.id, reservedUntil: new Date("2030-01-01T00:00:00Z") });
    const second = await withPostcode();
    await t.engine.basket.addDevice(carrier, second, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
    await expect(t.engine.basket.applyDiscountCode(carrier, second, { discount_code: "ONCE20" })).rejects.toMatchObject({ code: "PROMO_ALREADY_USED" });
    await t.engine.basket.abandonBooking(carrier, ref);
    expect((await t.engine.basket.applyDiscountCode(carrier, second, { discount_code: "ONCE20" })).discount_code).toBe("ONCE20");
  });

  it("leaves an order alone (BK07) and answers BK01 for an unknown booking", async () => {
    const { ref } = await readyBooking(t, carrier);
    await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    await expect(t.engine.basket.abandonBooking(carrier, ref)).rejects.toMatchObject({ code: "BK07" });
    expect((await t.engine.basket.getBooking(carrier, ref)).availability.date_held).toBe(true);
    await expect(t.engine.basket.abandonBooking(carrier, "0000000000000000")).rejects.toMatchObject({ code: "BK01" });
  });
});

describe("stores and drop-off", () => {
  const stores = LONDON_STORES;

  it("sets a known store code, refuses an unknown one, and lets staff go on without a store", async () => {
    const withStores = await newCarrier(t, { extra: { stores } }, { storeRequired: true });
    const ref = await withPostcode(withStores);
    expect((await t.engine.basket.setStore(withStores, ref, { store_code: "ldn-01" })).store_code).toBe("LDN-01");
    await expect(t.engine.basket.setStore(withStores, ref, { store_code: "XXX" })).rejects.toMatchObject({ code: "VALIDATION", fields: { store_code: expect.any(Array) } });
    expect((await t.engine.basket.clearStore(withStores, ref)).store_code).toBeNull();
    expect((await t.engine.basket.setStore(withStores, ref, { ignore: true })).store_ignored).toBe(true);
  });

  it("offers drop-off only where the carrier allows it and the store takes drop-offs", async () => {
    const noDropOff = await newCarrier(t, { extra: { stores } });
    const ref = await withPostcode(noDropOff);
    const [strand] = await t.engine.coverage.locateStores(noDropOff, "WC2N 5DU");
    await expect(t.engine.basket.setDropOff(noDropOff, ref, { drop_off_company_store_id: strand!.id })).rejects.toMatchObject({ code: "VALIDATION" });
    const dropOff = await newCarrier(t, { extra: { stores } }, { allowsInStoreDropOff: true });
    const ref2 = await withPostcode(dropOff);
    const located = await t.engine.coverage.locateStores(dropOff, "WC2N 5DU");
    expect(located.map((s) => s.code)).toContain("LDN-01");
    expect(located.find((s) => s.code === "LDN-01")!.opening_hours).toEqual([{ days: [1, 2, 3, 4, 5, 6], opens: "09:00", closes: "18:00" }]);
    expect(located.find((s) => s.code === "LDN-02")!.opening_hours).toEqual([]);
    const bank = located.find((s) => s.code === "LDN-02")!;
    await expect(t.engine.basket.setDropOff(dropOff, ref2, { drop_off_company_store_id: bank.id })).rejects.toMatchObject({ code: "VALIDATION" });
    const strand2 = located.find((s) => s.code === "LDN-01")!;
    expect(await t.engine.basket.setDropOff(dropOff, ref2, { drop_off_company_store_id: strand2.id })).toMatchObject({
      repair_location: "drop_off",
      drop_off_company_store_id: strand2.id,
    });
    expect((await t.engine.basket.clearDropOff(dropOff, ref2)).repair_location).toBe("doorstep");
  });
});

describe("after completion", () => {
  it("answers BK07 to any change of a completed booking", async () => {
    const { ref, deviceKey } = await readyBooking(t, carrier);
    await t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const attempts: [string, () => Promise<unknown>][] = [
      ["postcode", () => t.engine.basket.setPostcode(carrier, ref, { postcode: "SW1A 2AA" })],
      ["address", () => t.engine.basket.setAddress(carrier, ref, { line_1: "1", town: "London", postcode: "SW1A 2AA" })],
      ["add device", () => t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.galaxyS24v128 })],
      ["update device", () => t.engine.basket.updateDevice(carrier, ref, deviceKey, { problems: [] })],
      ["remove device", () => t.engine.basket.removeDevice(carrier, ref, deviceKey)],
      ["warranty", () => t.engine.basket.setWarranty(carrier, ref, { in_warranty: false })],
      ["details", () => t.engine.basket.setCustomerDetails(carrier, ref, VALID_DETAILS)],
      ["discount", () => t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "TENOFF" })],
      ["date", () => t.engine.basket.setDate(carrier, ref, { date: "2025-06-04" })],
      ["charge", () => t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" })],
      ["confirm-promo", () => t.engine.checkout.confirmPromo(carrier, ref)],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt(), name).rejects.toMatchObject({ code: "BK07" });
    }
    expect((await t.engine.basket.getBooking(carrier, ref)).checkout_status).toBe("SUCCESS");
  });
});

describe("a basket priced from the catalogue read once per revision (ADR 210)", () => {
  it("shows every catalogue and carrier price change on the next read, and the price as it was when the change is undone", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier);
    const screenPrice = async () => {
      const state = await t.engine.basket.getBooking(carrier, ref);
      const device = Object.values(state.devices)[0]!;
      return { line: device.selected_problems_pricing[0]!.price, total: state.totals.cart_total };
    };
    const before = await screenPrice();
    expect(before.line).toBe(PRICES_GBP.iphone15.screen);
    expect(await screenPrice()).toEqual(before);

    // The carrier's own price (a sync of its data): the next read has it.
    await seedCarrier(t.opened.db, engineFixture({ code: carrier.code, extra: { price_overrides: [{ model: "iphone-15", problem: "screen-replacement", price: 12345 }] } }));
    expect((await screenPrice()).line).toBe(12345);

    // Withdrawn again: the catalogue's price, as before.
    await seedCarrier(t.opened.db, engineFixture({ code: carrier.code }));
    expect(await screenPrice()).toEqual(before);

    // The catalogue's price changes (a catalogue sync): the next read has it.
    const file = catalogueFixture();
    file.prices["iphone-15"]!["screen-replacement"] = { ...file.prices["iphone-15"]!["screen-replacement"]!, GBP: { price: 23456 } };
    await seedCatalogue(t.opened.db, file);
    const after = await screenPrice();
    expect(after.line).toBe(23456);
    expect(after.total).toBe(before.total - before.line + 23456);

    await seedCatalogue(t.opened.db, catalogueFixture());
    expect(await screenPrice()).toEqual(before);

    // The booking's own rows are never kept: a second device shows on the next read.
    await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    const two = await t.engine.basket.getBooking(carrier, ref);
    expect(two.device_count).toBe(2);
    expect(two.totals.cart_total).toBeGreaterThan(before.total);
  });
});

describe("the catalogue's lists read once per revision (ADR 219)", () => {
  it("shows a carrier's exclusions and a catalogue change on the next list, and a search is never kept", async () => {
    const carrier = await newCarrier(t);
    const makes = async () => (await t.engine.catalogue.listMakes(carrier, { typeId: 1 })).map((make) => make.code);
    const models = async (search?: string) => (await t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1, search })).map((model) => model.slug);
    const kinds = async () => (await t.engine.catalogue.listDeviceKinds(carrier, { makeId: IDS.apple })).map((kind) => kind.code);
    const before = { makes: await makes(), models: await models(), kinds: await kinds() };
    expect(before.makes).toEqual(["samsung", "apple"]);
    expect(before.models).toContain("iphone-15");
    expect(before.kinds).toContain("tablet");
    expect({ makes: await makes(), models: await models(), kinds: await kinds() }).toEqual(before);

    // The carrier leaves a make and a model out (a sync of its data): the next lists leave them out.
    await seedCarrier(
      t.opened.db,
      engineFixture({ code: carrier.code, extra: { offering: { excluded_makes: ["samsung"], excluded_models: ["iphone-15", "ipad-10th-gen"], excluded_problems: [] } } }),
    );
    expect(await makes()).toEqual(["apple"]);
    expect(await models()).not.toContain("iphone-15");
    expect(await models("iphone")).not.toContain("iphone-15");
    expect(await kinds()).not.toContain("tablet");
    expect(await t.engine.catalogue.listModels(carrier, { makeId: IDS.samsung, typeId: 1 })).toEqual([]);

    // Taken back: every list as before.
    await seedCarrier(t.opened.db, engineFixture({ code: carrier.code }));
    expect({ makes: await makes(), models: await models(), kinds: await kinds() }).toEqual(before);

    // The catalogue renames a model (a catalogue sync): the next list has the new title.
    const file = catalogueFixture();
    const renamed = file.models.find((model) => model.slug === "iphone-15")!;
    renamed.title = "iPhone 15 (renamed)";
    await seedCatalogue(t.opened.db, file);
    const titles = (await t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1 })).map((model) => model.title);
    expect(titles).toContain("iPhone 15 (renamed)");
    await seedCatalogue(t.opened.db, catalogueFixture());

    // A caller changing its answer does not change the next caller's.
    const first = await t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1 });
    first[0]!.make_ids.push(999);
    first[0]!.title = "changed by a caller";
    const second = await t.engine.catalogue.listModels(carrier, { makeId: IDS.apple, typeId: 1 });
    expect(second[0]!.make_ids).not.toContain(999);
    expect(second[0]!.title).not.toBe("changed by a caller");
  });
});

describe("the carrier's areas read once per revision (ADRs 210, 222)", () => {
  it("covers a postcode an area gains in a sync on the next call, and stops when a sync takes it away", async () => {
    const carrier = await newCarrier(t);
    const withPrefixes = (prefixes: string[]) => {
      const file = engineFixture({ code: carrier.code });
      file.service_areas[1]!.postcode_prefixes = prefixes;
      return file;
    };
    const ref = (await t.engine.basket.buildBooking(carrier)).reference;
    await expect(t.engine.coverage.checkPostcode(carrier, "N1 9GU")).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.basket.setPostcode(carrier, ref, { postcode: "N1 9GU" })).rejects.toMatchObject({ code: "BK04" });
    expect((await t.engine.coverage.checkPostcode(carrier, "E1 6AN")).area.code).toBe("east");

    // A sync gives the east area N1: the next checks and the booking's postcode have it.
    await seedCarrier(t.opened.db, withPrefixes(["E1", "E14", "N1"]));
    expect((await t.engine.coverage.checkPostcode(carrier, "N1 9GU")).area.code).toBe("east");
    expect((await t.engine.basket.setPostcode(carrier, ref, { postcode: "N1 9GU" })).availability.area?.code).toBe("east");

    // A sync takes E1 away: no longer covered on the next call.
    await seedCarrier(t.opened.db, withPrefixes(["E14", "N1"]));
    await expect(t.engine.coverage.checkPostcode(carrier, "E1 6AN")).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.basket.setPostcode(carrier, ref, { postcode: "E1 6AN" })).rejects.toMatchObject({ code: "BK04" });
    await expect(t.engine.coverage.checkAddress(carrier, { postcode: "E1 6AN", line_1: "1 Brick Lane", town: "London" })).rejects.toMatchObject({ code: "BK04" });
    expect((await t.engine.coverage.checkPostcode(carrier, "E14 5AB")).area.code).toBe("east");
  });
});
