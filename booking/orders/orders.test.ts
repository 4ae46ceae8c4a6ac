import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierContext } from "../domain/carrier";
import { MAX_PROOF_BYTES } from "../domain/image-sniff";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = "ada@example.com";
// A whole 1×1 PNG: uploads are decoded, so a bare signature is no image.
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const GIF = new TextEncoder().encode("GIF89a....");

/** A paid order on Thursday 5 June 2025 (clock: Monday 2 June, 09:00 London). */
async function paidOrder(carrier: CarrierContext, options: { date?: string; postcode?: string; problems?: number[] } = {}) {
  const { ref } = await readyBooking(t, carrier, { date: options.date ?? "2025-06-05", problems: options.problems });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  return { ref, orderRef: String(done.order_id), lookup: { order_ref: String(done.order_id), email: EMAIL } };
}

async function fill(carrier: CarrierContext, date: string, count: number, postcode = "SW1A 2AA") {
  for (let i = 0; i < count; i++) {
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, reference, { postcode });
    await t.engine.basket.setDate(carrier, reference, { date });
  }
}

describe("order lookup", () => {
  it("finds an order by reference and e-mail, in any case", async () => {
    const carrier = await newCarrier(t);
    const { lookup, ref } = await paidOrder(carrier);
    const order = await t.engine.orders.lookupOrder(carrier, { ...lookup, email: " ADA@example.COM " });
    expect(order).toMatchObject({
      reference: ref,
      status: "BOOKED",
      booking: { booking_date: "2025-06-05", full_date: "Thursday 5th June 2025", timeslot: { start: "08:00", end: "09:00" } },
      details: { email: EMAIL, address_1: "1 Parliament Street", town: "London", postcode: "SW1A 2AA" },
      totals: { total_price: 25900, currency: "GBP" },
      can_change_online: true,
      cancellation_charge: { applies: true, amount: 5900, currency: "GBP" },
    });
    expect(order.devices).toHaveLength(1);
    expect(order.devices[0]).toMatchObject({ title: "iPhone 15 128GB", identifier: "imei", imei_status: "not_supplied", proof_of_purchase_supplied: false });
    expect(await t.engine.orders.orderDevices(carrier, lookup)).toEqual(order.devices);
  });

  it("gives the same answer for a wrong e-mail, a wrong reference and another carrier", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    const wrongEmail = await t.engine.orders.lookupOrder(carrier, { ...lookup, email: "eve@example.com" }).catch((e) => e);
    const wrongRef = await t.engine.orders.lookupOrder(carrier, { ...lookup, order_ref: "99999999" }).catch((e) => e);
    const notNumeric = await t.engine.orders.lookupOrder(carrier, { ...lookup, order_ref: "abc" }).catch((e) => e);
    const otherCarrier = await t.engine.orders.lookupOrder(await newCarrier(t), lookup).catch((e) => e);
    for (const error of [wrongEmail, wrongRef, notNumeric, otherCarrier]) {
      expect(error.toJSON()).toEqual(wrongEmail.toJSON());
      expect(error.code).toBe("ORDER_NOT_FOUND");
    }
  });

  it("keeps a German customer's devices and repairs in German, the language they booked in (the manage page and the messages read them)", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05", details: { locale: "de" } });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
    const order = await t.engine.orders.lookupOrder(carrier, { order_ref: String(done.order_id), email: EMAIL });
    expect(order.devices[0]!.selected_problems_pricing.map((line) => line.problem.title)).toEqual(["Displaytausch"]);
  });

  it("asks for a missing e-mail and a missing reference", async () => {
    const carrier = await newCarrier(t);
    const error = await t.engine.orders.lookupOrder(carrier, { order_ref: "", email: "" }).catch((e) => e);
    expect(error.fields).toEqual({ order_ref: ["Your order reference is missing"], email: ["Your email address is missing"] });
  });
});

describe("cancel", () => {
  it("cancels with 24 hours' notice, releases the capacity and refunds the payment", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const { lookup, ref } = await paidOrder(carrier);
    const { reference: other } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, other, { postcode: "SW1A 2AA" });
    const day = async () => (await t.engine.basket.loadAvailability(carrier, other, { start_date: "2025-06-05", days_to_load: 1 }))[0]!.available;
    expect(await day()).toBe(false);
    const cancelled = await t.engine.orders.cancelOrder(carrier, lookup);
    expect(cancelled).toMatchObject({ status: "CANCELLED", refund_status: "REFUNDED", can_change_online: false });
    expect(await day()).toBe(true);
    const sale = t.payments.transactions().find((tx) => tx.orderId === ref)!;
    expect(sale.refundedMinor).toBe(25900);
    await expect(t.engine.orders.cancelOrder(carrier, lookup)).rejects.toMatchObject({ code: "ORDER_CANCELLED" });
    // Cancelling again never refunds twice.
    expect((await t.payments.transaction(sale.id))!.refundedMinor).toBe(25900);
  });

  it("refuses online date and address changes within 24 hours of the appointment (cancelling keeps the fee instead: late-cancel.test.ts)", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    t.clock.set("2025-06-04T07:30:00Z"); // Wednesday 08:30 London, Thursday 08:00 is 23.5 hours away
    try {
      expect((await t.engine.orders.lookupOrder(carrier, lookup)).can_change_online).toBe(false);
      for (const attempt of [
        () => t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "I will be away from home that day" }),
        () => t.engine.orders.changeOrderAddress(carrier, lookup, { line_1: "1 Strand", town: "London", postcode: "WC2N 5DU" }),
      ]) {
        await expect(attempt()).rejects.toMatchObject({
          code: "ORDER_CHANGE_WINDOW_CLOSED",
          messages: ["You cannot change your appointment online now, please call our customer service team"],
        });
      }
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("cancels an order that cost nothing without a refund", async () => {
    const carrier = await newCarrier(t);
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
    await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "FREE" });
    const done = await t.engine.checkout.confirmPromo(carrier, ref);
    expect((await t.engine.orders.cancelOrder(carrier, { order_ref: String(done.order_id), email: EMAIL })).refund_status).toBeNull();
  });
});

describe("change date", () => {
  it("needs a reason of more than three words", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    await expect(t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "away that day" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { reason: expect.any(Array) },
    });
    await expect(t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "  away   that   day  " })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("loads the order's own days, its own hold not counted against it", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const { lookup } = await paidOrder(carrier);
    const days = await t.engine.orders.orderAvailability(carrier, lookup, { start_date: "2025-06-05", days_to_load: 10 });
    expect(days).toHaveLength(10);
    expect(days[0]).toMatchObject({ date: "2025-06-05", available: true, selected: true });
  });

  it("moves the order to an available day, reassigns the technician and logs the change", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const { lookup, ref } = await paidOrder(carrier);
    const before = await t.engine.orders.lookupOrder(carrier, lookup);
    const { order, log } = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "I will be away from home that day" });
    expect(order.booking.booking_date).toBe("2025-06-10");
    expect(log).toMatchObject({
      job_id: before.job!.id,
      user_id: null,
      original_date: "2025-06-05",
      new_date: "2025-06-10",
      reason: "I will be away from home that day",
      original_technician: before.booking.technician_id,
      new_technician: order.booking.technician_id,
    });
    expect(await t.engine.orders.dateChangeLog(carrier, before.job!.id)).toEqual([log]);
    expect((await t.engine.basket.getBooking(carrier, ref)).date).toBe("2025-06-10");
    // The old day is free again, the new one taken.
    const days = await t.engine.coverage.areaAvailability(carrier, { areaCode: "central", startDate: "2025-06-05", daysToLoad: 6 });
    expect(days.find((d) => d.date === "2025-06-05")!.available).toBe(true);
    expect(days.find((d) => d.date === "2025-06-10")!.available).toBe(false);
  });

  it("answers OR04 when the new day is not available", async () => {
    const carrier = await newCarrier(t, { technicians: 1, slots: 1 });
    const { lookup } = await paidOrder(carrier);
    await fill(carrier, "2025-06-06", 1);
    await expect(t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-06", reason: "I will be away from home that day" })).rejects.toMatchObject({ code: "OR04" });
    await expect(t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-07", reason: "I will be away from home that day" })).rejects.toMatchObject({ code: "OR04" });
    expect((await t.engine.orders.lookupOrder(carrier, lookup)).booking.booking_date).toBe("2025-06-05");
  });
});

describe("date-change log (spec §7 POST /technicians/log/date-change, ADR 267)", () => {
  const REASON = "The customer will be away that day";

  /** An order moved by `date` alone (PUT /orders/{id}/date without a reason) and the spec's log entry of that move. */
  async function movedWithoutReason(carrier: CarrierContext) {
    const { lookup } = await paidOrder(carrier);
    const { order, log } = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: null });
    expect(log.reason).toBe("");
    const entry = {
      jobId: log.job_id,
      userId: "desk-7",
      original_date: "2025-06-05",
      new_date: "2025-06-10",
      reason: REASON,
      original_technician: log.original_technician,
      new_technician: log.new_technician,
    };
    return { lookup, order, entry };
  }

  it("records the spec's entry against the move the order's history holds, the same entry twice changing nothing", async () => {
    const carrier = await newCarrier(t);
    const { lookup, entry } = await movedWithoutReason(carrier);
    const recorded = await t.engine.orders.recordDateChange(carrier, entry);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      job_id: entry.jobId,
      user_id: "desk-7",
      original_date: "2025-06-05",
      new_date: "2025-06-10",
      reason: REASON,
      original_technician: entry.original_technician,
      new_technician: entry.new_technician,
    });
    expect(await t.engine.orders.dateChangeLog(carrier, entry.jobId)).toEqual(recorded);
    // The move's entry in the order's history carries the reason too.
    const moves = (await t.engine.orders.lookupOrder(carrier, lookup)).history.filter((e) => e.kind === "date_changed");
    expect(moves.map((e) => [e.details.from, e.details.to, e.details.reason])).toEqual([["2025-06-05", "2025-06-10", REASON]]);
    expect(await t.engine.orders.recordDateChange(carrier, entry)).toEqual(recorded);
  });

  it("refuses an entry that contradicts the order's history with the §8 validation error naming the field, and writes nothing", async () => {
    const carrier = await newCarrier(t);
    const { entry } = await movedWithoutReason(carrier);
    const contradictions: [Partial<typeof entry>, string][] = [
      [{ new_date: "2025-06-11" }, "new_date"],
      [{ original_date: "2025-06-06" }, "original_date"],
      [{ original_technician: "someone-else" }, "original_technician"],
      [{ new_technician: "someone-else" }, "new_technician"],
    ];
    for (const [change, field] of contradictions) {
      const error = await t.engine.orders.recordDateChange(carrier, { ...entry, ...change }).catch((e) => e);
      expect(error).toMatchObject({ code: "VALIDATION", status: 422, fields: { [field]: [expect.any(String)] } });
    }
    expect((await t.engine.orders.dateChangeLog(carrier, entry.jobId))[0]!.reason).toBe("");
    // Once recorded, another reason or another user contradicts what the log holds.
    await t.engine.orders.recordDateChange(carrier, entry);
    await expect(t.engine.orders.recordDateChange(carrier, { ...entry, reason: "Another reason given for this move" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { reason: [expect.any(String)] },
    });
    await expect(t.engine.orders.recordDateChange(carrier, { ...entry, userId: "desk-8" })).rejects.toMatchObject({ code: "VALIDATION", fields: { userId: [expect.any(String)] } });
    // The spec's reason rule (more than three words) holds for the log as for the move.
    await expect(t.engine.orders.recordDateChange(carrier, { ...entry, reason: "away that day" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { reason: expect.any(Array) },
    });
    expect((await t.engine.orders.dateChangeLog(carrier, entry.jobId)).map((log) => [log.reason, log.user_id])).toEqual([[REASON, "desk-7"]]);
  });

  it("answers not found for an unknown job and for another carrier's job", async () => {
    const carrier = await newCarrier(t);
    const { entry } = await movedWithoutReason(carrier);
    await expect(t.engine.orders.recordDateChange(carrier, { ...entry, jobId: 99_999_999 })).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    await expect(t.engine.orders.recordDateChange(await newCarrier(t), entry)).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect((await t.engine.orders.dateChangeLog(carrier, entry.jobId))[0]!.reason).toBe("");
  });
});

describe("change address", () => {
  it("answers OR03 when no technician covers the new address", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    await expect(t.engine.orders.changeOrderAddress(carrier, lookup, { line_1: "1 Piccadilly", town: "Manchester", postcode: "M1 1AE" })).rejects.toMatchObject({
      code: "OR03",
      messages: ["Sorry there is no technician in that area."],
    });
  });

  it("answers OR04 when the booked day has no room in the new area", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    await fill(carrier, "2025-06-05", 3, "E1 6AN"); // East: one technician, three slots.
    await expect(t.engine.orders.changeOrderAddress(carrier, lookup, { line_1: "2 Brick Lane", town: "London", postcode: "E1 6AN" })).rejects.toMatchObject({ code: "OR04" });
  });

  it("moves the order within its area, or to a new area with a technician there", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    const same = await t.engine.orders.changeOrderAddress(carrier, lookup, { line_1: "1 Strand", town: "London", postcode: "WC2N 5DU" });
    expect(same.details).toMatchObject({ address_1: "1 Strand", postcode: "WC2N 5DU" });
    const moved = await t.engine.orders.changeOrderAddress(carrier, lookup, {
      line_1: "2 Brick Lane",
      line_2: "Flat 3",
      town: "London",
      postcode: "e16an",
      latitude: 51.52,
      longitude: -0.07,
    });
    expect(moved.details).toMatchObject({ address_1: "2 Brick Lane", address_2: "Flat 3", postcode: "E1 6AN" });
    expect(moved.booking.technician_id).toMatch(/-east-/);
  });
});

describe("IMEI and proof of purchase", () => {
  it("takes an IMEI for a phone and reports an invalid one under the field", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    const [device] = await t.engine.orders.orderDevices(carrier, lookup);
    await expect(t.engine.orders.setOrderDeviceImei(carrier, { device_id: device!.id, email: EMAIL, imei: "352099001761482" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { imei: expect.any(Array) },
    });
    const saved = await t.engine.orders.setOrderDeviceImei(carrier, { device_id: device!.id, email: EMAIL, imei: "352099001761481", customer_update: true });
    expect(saved).toMatchObject({ imei: "352099001761481", imei_status: "supplied" });
    await expect(t.engine.orders.setOrderDeviceImei(carrier, { device_id: device!.id, email: "eve@example.com", imei: "352099001761481" })).rejects.toMatchObject({
      code: "ORDER_NOT_FOUND",
    });
    await expect(t.engine.orders.setOrderDeviceImei(await newCarrier(t), { device_id: device!.id, email: EMAIL, imei: "352099001761481" })).rejects.toMatchObject({
      code: "ORDER_NOT_FOUND",
    });
  });

  it("takes a serial number for a tablet of the single make only", async () => {
    const carrier = await newCarrier(t);
    const { reference } = await t.engine.basket.buildBooking(carrier);
    await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.ipad10v64, problems: [IDS.screen] });
    await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyTabV, problems: [IDS.screen] });
    await t.engine.basket.setCustomerDetails(carrier, reference, {
      first_name: "Ada",
      last_name: "L",
      email: EMAIL,
      phone_number: "07700900123",
      address: { line_1: "1 A St", town: "London" },
    });
    await t.engine.basket.setDate(carrier, reference, { date: "2025-06-05" });
    const done = await t.engine.checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce" });
    const [ipad, tab] = await t.engine.orders.orderDevices(carrier, { order_ref: String(done.order_id), email: EMAIL });
    expect(ipad!.identifier).toBe("serial");
    expect(tab!.identifier).toBeNull();
    expect(await t.engine.orders.setOrderDeviceImei(carrier, { device_id: ipad!.id, email: EMAIL, imei: "F9FXK1ABCD12" })).toMatchObject({ imei: "F9FXK1ABCD12" });
    await expect(t.engine.orders.setOrderDeviceImei(carrier, { device_id: tab!.id, email: EMAIL, imei: "R52W12345678" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("stores a JPEG or PNG proof of purchase through the file storage, refusing other files and large ones", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    const [device] = await t.engine.orders.orderDevices(carrier, lookup);
    await expect(t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: GIF })).rejects.toMatchObject({
      fields: { image: ["Image must be .jpg or .png format"] },
    });
    const big = new Uint8Array(MAX_PROOF_BYTES + 1);
    big.set(PNG);
    await expect(t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: big })).rejects.toMatchObject({
      fields: { image: [expect.stringContaining("too large")] },
    });
    const stored = await t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: PNG });
    expect(stored.proof_of_purchase_supplied).toBe(true);
    const [key] = [...t.files.files.keys()].filter((k) => k.startsWith(carrier.code));
    expect(t.files.files.get(key!)).toMatchObject({ contentType: "image/png" });
  });

  it("refuses an empty file and a file that only starts like an image with the spec's message, and stores nothing after the image", async () => {
    const carrier = await newCarrier(t);
    const { lookup } = await paidOrder(carrier);
    const [device] = await t.engine.orders.orderDevices(carrier, lookup);
    const format = { fields: { image: ["Image must be .jpg or .png format"] } };
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await expect(t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: new Uint8Array() })).rejects.toMatchObject(format);
    await expect(
      t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: new Uint8Array([...PNG.slice(0, 8), ...html]) }),
    ).rejects.toMatchObject(format);
    await t.engine.orders.uploadProofOfPurchase(carrier, { device_id: device!.id, email: EMAIL, bytes: new Uint8Array([...PNG, ...html]) });
    const [key] = [...t.files.files.keys()].filter((k) => k.startsWith(carrier.code));
    expect(Buffer.from(t.files.files.get(key!)!.bytes).includes("<script>")).toBe(false);
  });
});

describe("van location", () => {
  /** A paid order for 5 June 2025 at 10 Downing Street, and its van location at an instant. */
  async function tracked(engine: TestEngine) {
    const carrier = await newCarrier(engine);
    const { ref } = await readyBooking(engine, carrier, { date: "2025-06-05" });
    await engine.engine.basket.setAddress(carrier, ref, { line_1: "10 Downing Street", town: "London", postcode: "SW1A 2AA", latitude: 51.5034, longitude: -0.1276 });
    await engine.engine.basket.setDate(carrier, ref, { date: "2025-06-05" });
    const done = await engine.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const order = await engine.engine.orders.lookupOrder(carrier, { order_ref: String(done.order_id), email: EMAIL });
    const at = async (instant: string) => {
      engine.clock.set(instant);
      return engine.engine.orders.vanLocation(carrier, { job_id: order.job!.id, email: EMAIL });
    };
    return { carrier, order, at };
  }

  it("shows no van, no estimate and no arrival before the technician reports, whatever the time (ADR 253)", async () => {
    const { carrier, order, at } = await tracked(t);
    try {
      // The day before, the window (08:00 London), its end, and long after it: only the window is known.
      for (const instant of ["2025-06-04T12:00:00Z", "2025-06-05T06:00:00Z", "2025-06-05T06:52:30Z", "2025-06-05T07:30:00Z", "2025-06-05T09:00:00Z", "2025-06-06T09:00:00Z"]) {
        const van = await at(instant);
        expect(van, instant).toMatchObject({
          status: "scheduled",
          latitude: null,
          longitude: null,
          eta: null,
          position_at: null,
          stale: false,
          simulated: false,
          window: { start: "2025-06-05T07:00:00.000Z", end: "2025-06-05T08:00:00.000Z" },
        });
      }
      await expect(t.engine.orders.vanLocation(carrier, { job_id: order.job!.id, email: "eve@example.com" })).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    } finally {
      t.clock.set("2025-06-02T08:00:00Z");
    }
  });

  it("moves a van marked simulated from the technician's base toward the customer only with the development switch", async () => {
    const simulated = await createTestEngine({ config: { simulatedVan: true } });
    try {
      const { at } = await tracked(simulated);
      // Window opens 08:00 London (07:00 UTC): the simulated van leaves at 07:30 and arrives at 08:15.
      expect(await at("2025-06-04T12:00:00Z")).toMatchObject({ status: "scheduled", latitude: null, eta: "2025-06-05T07:15:00.000Z", simulated: true });
      const base = await at("2025-06-05T06:00:00Z");
      expect(base).toMatchObject({ status: "at_base", simulated: true, position_at: null });
      const midway = await at("2025-06-05T06:52:30Z");
      expect(midway).toMatchObject({ status: "on_the_way", simulated: true });
      expect(midway.latitude!).toBeCloseTo((base.latitude! + 51.5034) / 2, 4);
      expect(midway.longitude!).toBeCloseTo((base.longitude! - 0.1276) / 2, 4);
      expect(await at("2025-06-05T07:30:00Z")).toMatchObject({ status: "arrived", latitude: 51.5034, longitude: -0.1276, simulated: true });
      expect(await at("2025-06-05T09:00:00Z")).toMatchObject({ status: "completed", simulated: true });
    } finally {
      await simulated.close();
    }
  });
});
