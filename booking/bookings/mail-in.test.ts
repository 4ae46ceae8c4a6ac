/**
 * Mail-in repair (spec §1, §3 is_mail_in_repair; ADR 140): where the carrier's switch is on, the
 * customer sends the device by post. The booking needs no date, takes no capacity, gets no
 * technician or job, and its confirmation is the mail-in message without a calendar invite.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";

let t: TestEngine;
/** One technician with one appointment a day: a single booking fills a day. */
let mailIn: CarrierContext;
let visitsOnly: CarrierContext;
beforeAll(async () => {
  t = await createTestEngine();
  mailIn = await newCarrier(t, { technicians: 1, slots: 1 }, { offersMailIn: true });
  visitsOnly = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

const pay = (ref: string, c = mailIn) => t.engine.checkout.charge(c, ref, { currency: c.currency, token: "fake-valid-nonce", payment_type: "card" });

/** A booking with a device and the customer's details, sent by post (no date). */
async function mailInBooking(c = mailIn) {
  const { reference } = await t.engine.basket.buildBooking(c, { referrer: "test" });
  await t.engine.basket.setPostcode(c, reference, { postcode: "sw1a2aa" });
  await t.engine.basket.addDevice(c, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
  await t.engine.basket.setCustomerDetails(c, reference, VALID_DETAILS);
  return { ref: reference, state: await t.engine.basket.setMailIn(c, reference) };
}

describe("choosing mail-in", () => {
  it("is refused where the carrier does not offer it", async () => {
    const { reference } = await t.engine.basket.buildBooking(visitsOnly);
    await t.engine.basket.setPostcode(visitsOnly, reference, { postcode: "sw1a2aa" });
    await expect(t.engine.basket.setMailIn(visitsOnly, reference)).rejects.toMatchObject({ code: "VALIDATION", fieldCodes: { repair_location: ["MAIL_IN_NOT_OFFERED"] } });
    expect((await t.engine.basket.getBooking(visitsOnly, reference)).is_mail_in_repair).toBe(false);
  });

  it("sets the flag, drops the date and gives the day's capacity back; the booking is ready to pay without a date", async () => {
    const { ref } = await readyBooking(t, mailIn, { date: "2025-06-03" });
    // The one appointment of the day is held by this draft: nobody else can have it.
    await expect(readyBooking(t, mailIn, { date: "2025-06-03" })).rejects.toMatchObject({ code: "BK13" });
    const state = await t.engine.basket.setMailIn(mailIn, ref);
    expect(state).toMatchObject({ is_mail_in_repair: true, date: null, availability: { date_held: false } });
    expect(await t.engine.checkout.validateBooking(mailIn, ref)).toMatchObject({ valid: true });
    // The day is free again.
    const other = await readyBooking(t, mailIn, { date: "2025-06-03" });
    expect(other.state.date).toBe("2025-06-03");
    await t.engine.basket.abandonBooking(mailIn, other.ref);
  });

  it("is undone by choosing a day: a visit again", async () => {
    const { ref } = await mailInBooking();
    const state = await t.engine.basket.setDate(mailIn, ref, { date: "2025-06-04" });
    expect(state).toMatchObject({ is_mail_in_repair: false, date: "2025-06-04" });
    await t.engine.basket.abandonBooking(mailIn, ref);
  });

  it("is not ready to pay once the carrier switched mail-in off", async () => {
    const { ref } = await mailInBooking();
    const off = { ...mailIn, offersMailIn: false };
    expect(await t.engine.checkout.validateBooking(off, ref)).toMatchObject({ valid: false });
  });
});

describe("a paid mail-in order", () => {
  it("has no technician, slot, job or capacity hold, and is confirmed by the mail-in message without the visit messages", async () => {
    const { ref } = await mailInBooking();
    const done = await pay(ref);
    expect(done).toMatchObject({ checkout_status: "SUCCESS", is_mail_in_repair: true, date: null });
    const [order] = await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, done.order_id!));
    // The order's date is the day it was booked (Monday 2 June 2025 in London).
    expect(order).toMatchObject({ technicianId: "", slot: "", date: "2025-06-02", status: "BOOKED" });
    expect(await t.opened.db.select().from(s.jobs).where(eq(s.jobs.orderId, order!.id))).toEqual([]);
    expect(await t.opened.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, order!.bookingId))).toEqual([]);
    const messages = await t.opened.db
      .select({ kind: s.scheduledJobs.kind, channel: s.scheduledJobs.channel, payload: s.scheduledJobs.payload })
      .from(s.scheduledJobs)
      .where(and(eq(s.scheduledJobs.carrierCode, mailIn.code), eq(s.scheduledJobs.orderRef, done.order_id!)));
    expect(messages.map((m) => m.kind).sort()).toEqual(["mail-in-confirmed", "mail-in-confirmed"]);
    expect(messages.every((m) => !m.payload?.calendar)).toBe(true);
  });

  it("consumes no capacity: the only appointment of a day is still bookable after a mail-in order", async () => {
    // The draft held the day's one appointment before the customer chose to post the device.
    const { ref } = await readyBooking(t, mailIn, { date: "2025-06-05" });
    await t.engine.basket.setMailIn(mailIn, ref);
    await pay(ref);
    const visit = await readyBooking(t, mailIn, { date: "2025-06-05" });
    expect((await pay(visit.ref)).checkout_status).toBe("SUCCESS");
  });

  it("is not a van job: neither the area's jobs nor a technician's list it", async () => {
    const { ref } = await mailInBooking();
    const done = await pay(ref);
    const day = await t.engine.staff.areaJobs(mailIn, { manager_area: null, area_code: "central", date: "2025-06-02" });
    expect(day.jobs).toEqual([]);
    for (const technician of day.technicians) {
      expect(await t.engine.staff.technicianJobs(mailIn, { technician_id: technician.id, date: "2025-06-02" })).toEqual([]);
    }
    expect(done.order_id).toBeGreaterThan(0);
    // Nor does closing the day it was booked on warn about it (issue 9 item 7's count).
    expect(await t.engine.operations.countAffectedBookings(mailIn, { dates: ["2025-06-02"] })).toBe(0);
  });

  it("shows on the manage side as mail-in: no timeslot or job, date and address changes refused, cancel works", async () => {
    const { ref } = await mailInBooking();
    const done = await pay(ref);
    const lookup = { order_ref: String(done.order_id), email: VALID_DETAILS.email };
    const view = await t.engine.orders.lookupOrder(mailIn, lookup);
    expect(view).toMatchObject({ is_mail_in_repair: true, job: null, booking: { timeslot: null }, can_change_online: true, change_deadline: null, repair_status: "booked" });
    await expect(t.engine.orders.changeOrderDate(mailIn, lookup, { date: "2025-06-10", reason: "I am away that whole week" })).rejects.toMatchObject({
      fieldCodes: { order: ["MAIL_IN_NO_VISIT"] },
    });
    await expect(t.engine.orders.changeOrderAddress(mailIn, lookup, { line_1: "1 Other Street", town: "London", postcode: "SW1A 2AA" })).rejects.toMatchObject({
      fieldCodes: { order: ["MAIL_IN_NO_VISIT"] },
    });
    const cancelled = await t.engine.orders.cancelOrder(mailIn, lookup);
    expect(cancelled).toMatchObject({ status: "CANCELLED", refund_status: "REFUNDED" });
  });
});
