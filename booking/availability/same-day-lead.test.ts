/**
 * Same-day bookings and the roster's lead time (ADR 110): a day is offered, held and given a
 * technician's window only while a window starting at least `same_day_lead_minutes` after now is
 * free, every time read in the carrier's zone. Each case books through the engine as the web does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierContext } from "../domain/carrier";
import type { EngineFixtureOptions } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = "ada@example.com";
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** A carrier working every day with one technician in central London, hourly windows from `first`. */
function hourly(first: string, count: number, extra: Partial<EngineFixtureOptions> = {}): Partial<EngineFixtureOptions> {
  return { weekdays: EVERY_DAY, technicians: 1, slots: count, firstTimeslot: first, intervalMinutes: 60, ...extra };
}

async function today(carrier: CarrierContext, now: string) {
  t.clock.set(now);
  const { reference } = await t.engine.basket.buildBooking(carrier);
  await t.engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
  const days = await t.engine.basket.loadAvailability(carrier, reference, { days_to_load: 2 });
  return days[0]!;
}

/** Books `date` at `now` and pays: the order's window as the confirmation, messages and tracker show it. */
async function bookAndPay(carrier: CarrierContext, now: string, date: string) {
  t.clock.set(now);
  const { ref } = await readyBooking(t, carrier, { date });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  const order = await t.engine.orders.lookupOrder(carrier, { order_ref: String(done.order_id), email: EMAIL });
  return { order, lookup: { order_ref: String(done.order_id), email: EMAIL } };
}

describe("same-day windows start after now plus the roster's lead time (ADR 110)", () => {
  it("early morning, before the first window: today is offered and gets the first window", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    // 06:20 in London (BST): the 08:00 window starts 100 minutes later.
    expect(await today(carrier, "2025-06-02T05:20:00Z")).toMatchObject({ date: "2025-06-02", available: true });
    const { order } = await bookAndPay(carrier, "2025-06-02T05:20:00Z", "2025-06-02");
    expect(order.booking.timeslot!).toEqual({ start: "08:00", end: "09:00" });
  });

  it("mid-morning on an 08:00 roster with an 11:00 cut-off: a 10:30 booking gets 12:00, not 08:00", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    const { order } = await bookAndPay(carrier, "2025-06-02T09:30:00Z", "2025-06-02");
    expect(order.booking.booking_date).toBe("2025-06-02");
    expect(order.booking.timeslot!).toEqual({ start: "12:00", end: "13:00" });
  });

  it("after the cut-off today is neither offered nor held", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    expect(await today(carrier, "2025-06-02T10:30:00Z")).toMatchObject({ date: "2025-06-02", available: false });
    await expect(readyBooking(t, carrier, { date: "2025-06-02" })).rejects.toMatchObject({ code: "BK13" });
  });

  it("late in the evening with no window left today is not offered, even before a late cut-off", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "23:00" }));
    // 21:00 in London: the last window (13:00) is long over; the cut-off alone would still allow today.
    const day = await today(carrier, "2025-06-02T20:00:00Z");
    expect(day).toMatchObject({ date: "2025-06-02", available: false });
    await expect(readyBooking(t, carrier, { date: "2025-06-02" })).rejects.toMatchObject({ code: "BK13" });
    // Tomorrow is offered and starts at its first window.
    const { order } = await bookAndPay(carrier, "2025-06-02T20:00:00Z", "2025-06-03");
    expect(order.booking.timeslot!.start).toBe("08:00");
  });

  it("a roster starting 00:00: booked at 06:20 the window is 08:00 (an hour's lead), never 00:00", async () => {
    const carrier = await newCarrier(t, hourly("00:00", 12, { sameDayUntil: "11:00" }));
    const { order, lookup } = await bookAndPay(carrier, "2025-06-02T05:20:00Z", "2025-06-02");
    expect(order.booking.timeslot!).toEqual({ start: "08:00", end: "09:00" });
    // The tracker's estimate follows the window: not "in about 0 minutes".
    const tracking = await t.engine.orders.trackTechnician(carrier, lookup);
    expect(tracking.timeslot.start).toBe("08:00");
  });

  it("just before midnight, tomorrow's 00:00 window is too close: tomorrow gets 01:00", async () => {
    const carrier = await newCarrier(t, hourly("00:00", 12, { sameDayUntil: "11:00" }));
    // 23:30 in London on Monday.
    const { order } = await bookAndPay(carrier, "2025-06-02T22:30:00Z", "2025-06-03");
    expect(order.booking.timeslot!.start).toBe("01:00");
  });

  it("reads now in a non-UK zone: 09:30 in Sydney gets 11:00", async () => {
    const sydney = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "12:00" }), { timezone: "Australia/Sydney" });
    // Sunday 23:30 UTC is Monday 09:30 in Sydney (AEST, +10).
    const { order } = await bookAndPay(sydney, "2025-06-01T23:30:00Z", "2025-06-02");
    expect(order.booking).toMatchObject({ booking_date: "2025-06-02", timeslot: { start: "11:00", end: "12:00" } });
  });

  it("uses the roster's own lead time: 90 minutes in Toronto at 09:10 gives 11:00", async () => {
    const toronto = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "12:00", leadMinutes: 90 }), { timezone: "America/Toronto" });
    // 13:10 UTC is 09:10 in Toronto (EDT, -4): 10:40 is the earliest start.
    const { order } = await bookAndPay(toronto, "2025-06-02T13:10:00Z", "2025-06-02");
    expect(order.booking.timeslot!.start).toBe("11:00");
  });

  it("a lead time of 0 allows the window starting right now", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "12:00", leadMinutes: 0 }));
    const { order } = await bookAndPay(carrier, "2025-06-02T09:00:00Z", "2025-06-02"); // 10:00 in London
    expect(order.booking.timeslot!.start).toBe("10:00");
  });

  it("on the spring DST day (London, 29 March 2026) reads 07:05 BST, not GMT", async () => {
    const carrier = await newCarrier(t, hourly("00:00", 14, { sameDayUntil: "12:00" }));
    // 06:05 UTC is 07:05 BST after the change at 01:00 UTC: earliest start 08:05, so 09:00.
    const { order } = await bookAndPay(carrier, "2026-03-29T06:05:00Z", "2026-03-29");
    expect(order.booking.timeslot!.start).toBe("09:00");
  });

  it("on the autumn DST day (Toronto, 2 November 2025) reads 02:30 EST", async () => {
    const toronto = await newCarrier(t, hourly("00:00", 12, { sameDayUntil: "10:00" }), { timezone: "America/Toronto" });
    // 07:30 UTC is 02:30 EST (-5) after clocks went back at 06:00 UTC: earliest start 03:30, so 04:00.
    const { order } = await bookAndPay(toronto, "2025-11-02T07:30:00Z", "2025-11-02");
    expect(order.booking.timeslot!.start).toBe("04:00");
  });

  it("counts only the open windows: two left at 10:30 means a third same-day booking is refused", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    const now = "2025-06-02T09:30:00Z"; // 10:30 London: 12:00 and 13:00 are open, capacity says 6.
    const first = await bookAndPay(carrier, now, "2025-06-02");
    const second = await bookAndPay(carrier, now, "2025-06-02");
    expect([first.order.booking.timeslot!.start, second.order.booking.timeslot!.start]).toEqual(["12:00", "13:00"]);
    expect(await today(carrier, now)).toMatchObject({ date: "2025-06-02", available: false });
    await expect(readyBooking(t, carrier, { date: "2025-06-02" })).rejects.toMatchObject({ code: "BK13" });
  });

  it("a live draft holding today takes one of the open windows", async () => {
    const now = "2025-06-02T10:20:00Z"; // 11:20 London, before the 12:00 cut-off: only 13:00 is open.
    const late = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "12:00" }));
    t.clock.set(now);
    await readyBooking(t, late, { date: "2025-06-02" }); // a draft holds the one open window
    expect(await today(late, now)).toMatchObject({ available: false });
  });

  it("changing an order's date to today (manage) gets a window after now plus the lead time", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    const { lookup } = await bookAndPay(carrier, "2025-06-02T07:00:00Z", "2025-06-05");
    t.clock.set("2025-06-02T09:30:00Z"); // 10:30 London
    const days = await t.engine.orders.orderAvailability(carrier, lookup, { days_to_load: 1 });
    expect(days[0]).toMatchObject({ date: "2025-06-02", available: true });
    const { order } = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-02", reason: "I am at home today after all" });
    expect(order.booking).toMatchObject({ booking_date: "2025-06-02", timeslot: { start: "12:00" } });
    // 12:45 London: no window is left to move to.
    t.clock.set("2025-06-02T11:45:00Z");
    const other = await bookAndPay(carrier, "2025-06-02T07:00:00Z", "2025-06-05");
    t.clock.set("2025-06-02T11:45:00Z");
    await expect(t.engine.orders.changeOrderDate(carrier, other.lookup, { date: "2025-06-02", reason: "I am at home today after all" })).rejects.toMatchObject({ code: "OR04" });
  });

  it("the area manager's day lists only windows still open today, and today's free capacity counts them", async () => {
    const carrier = await newCarrier(t, hourly("08:00", 6, { sameDayUntil: "11:00" }));
    await bookAndPay(carrier, "2025-06-02T09:30:00Z", "2025-06-02"); // takes 12:00
    const day = await t.engine.staff.areaJobs(carrier, { manager_area: "central", date: "2025-06-02" });
    expect(day.technicians[0]!.free_slots).toEqual(["13:00"]);
    const tomorrow = await t.engine.staff.areaJobs(carrier, { manager_area: "central", date: "2025-06-03" });
    expect(tomorrow.technicians[0]!.free_slots).toEqual(["08:00", "09:00", "10:00", "11:00", "12:00", "13:00"]);
    const capacity = await t.engine.staff.areaCapacity(carrier, { manager_area: "central", from: "2025-06-02", days: 2 });
    expect(capacity).toEqual([
      { date: "2025-06-02", working: true, capacity: 6, booked: 1, free: 1 },
      { date: "2025-06-03", working: true, capacity: 6, booked: 0, free: 6 },
    ]);
  });
});
