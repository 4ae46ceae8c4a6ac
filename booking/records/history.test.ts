import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { OUTBOX_SENDER, sendersFromEnv, withSenders } from "../notifications/senders";
import { createTestEngine, newCarrier, readyBooking, staticMessageContent, type TestEngine } from "../testing/engine";
import { deriveOrderState, historyFromRow, recordOrderEvent, type OrderHistoryEntry } from "./history";

const entry = (kind: OrderHistoryEntry["kind"], at: string, amount: number | null = null, details: Record<string, unknown> = {}): OrderHistoryEntry => ({
  kind,
  at,
  amount_minor: amount,
  details,
  actor: { type: "customer", id: null, name: null },
});

describe("the order's state from its history", () => {
  const booked = entry("booked", "2025-06-02T08:00:00.000Z");
  const paid = entry("paid", "2025-06-02T08:00:00.000Z", 29900);

  it("reads booked, then moved after a date or address change", () => {
    expect(deriveOrderState([booked, paid])).toEqual({ state: "booked", paid_minor: 29900, refunded_minor: 0, fee_kept_minor: 0, closed: false, since: booked.at });
    const moved = entry("date_changed", "2025-06-03T10:00:00.000Z");
    expect(deriveOrderState([booked, paid, moved])).toMatchObject({ state: "moved", since: moved.at, closed: false });
    expect(deriveOrderState([booked, paid, entry("address_changed", "2025-06-03T11:00:00.000Z")]).state).toBe("moved");
  });

  it("reads partly refunded while money is left, refunded (closed) when everything paid is given back", () => {
    const part = entry("refunded", "2025-06-03T09:00:00.000Z", 5000);
    expect(deriveOrderState([booked, paid, part])).toMatchObject({ state: "partly_refunded", refunded_minor: 5000, closed: false });
    const rest = entry("refunded", "2025-06-03T10:00:00.000Z", 24900);
    expect(deriveOrderState([booked, paid, part, rest])).toMatchObject({ state: "refunded", refunded_minor: 29900, closed: true, since: rest.at });
    // A failed refund gives nothing back.
    expect(deriveOrderState([booked, paid, entry("refund_failed", "2025-06-03T09:00:00.000Z", 29900)]).state).toBe("booked");
  });

  it("reads cancelled with the fee kept, whatever was refunded, and completed after the repair", () => {
    const cancelled = entry("cancelled", "2025-06-03T09:00:00.000Z", 5900, { fee_minor: 5900 });
    expect(deriveOrderState([booked, paid, cancelled, entry("refunded", "2025-06-03T09:00:01.000Z", 24000)])).toEqual({
      state: "cancelled",
      paid_minor: 29900,
      refunded_minor: 24000,
      fee_kept_minor: 5900,
      closed: true,
      since: cancelled.at,
    });
    expect(deriveOrderState([booked, paid, entry("on_the_way", "2025-06-05T08:00:00.000Z"), entry("completed", "2025-06-05T10:00:00.000Z")])).toMatchObject({
      state: "completed",
      closed: true,
    });
    // A goodwill refund after the repair leaves it completed, with the amount shown.
    expect(deriveOrderState([booked, paid, entry("completed", "2025-06-05T10:00:00.000Z"), entry("refunded", "2025-06-06T10:00:00.000Z", 1000)])).toMatchObject({
      state: "completed",
      refunded_minor: 1000,
    });
  });

  it("reads an order that cost nothing as booked, never as refunded", () => {
    expect(deriveOrderState([booked]).state).toBe("booked");
    expect(deriveOrderState([]).state).toBe("booked");
  });
});

let t: TestEngine;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "history-outbox-"));
  t = await createTestEngine({ notifications: withSenders(createOutboxSenders({ dir }), sendersFromEnv({}, OUTBOX_SENDER)), messageContent: staticMessageContent() });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const OPS = { id: "pybpw4rjim43p8dkdv9yj4zi", name: "Olive Ops" };
const REASON = "customer called about the booking";
let keys = 0;
const key = () => `history-key-${++keys}-${Date.now()}`;
const WEBHOOK = {
  id: "partner-hook",
  url: "https://partner.example/hooks",
  events: ["order.refunded" as const],
  secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
  enabled: true,
  description: "",
};

/** A paid order (card, 259.00 GBP) on Thursday 5 June 2025; the clock is Monday 2 June, 09:00 London. */
async function paidOrder(carrier: CarrierContext, date = "2025-06-05") {
  t.clock.set("2025-06-02T08:00:00Z");
  const { ref } = await readyBooking(t, carrier, { date });
  const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
  const orderRef = Number(done.order_id);
  return { orderRef, lookup: { order_ref: String(orderRef), email: "ada@example.com" } };
}

const kinds = (history: OrderHistoryEntry[]) => history.map((e) => e.kind);

describe("the order's history through the engine", () => {
  it("records booked and paid with the order, once each, and a change recorded twice is one entry", async () => {
    const carrier = await newCarrier(t);
    const { orderRef, lookup } = await paidOrder(carrier);
    const view = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(kinds(view.history)).toEqual(["booked", "paid"]);
    expect(view.history[1]).toMatchObject({ amount_minor: 25900, actor: { type: "customer" } });
    expect(view).toMatchObject({ state: "booked", closed: false, money: { paid_minor: 25900, refunded_minor: 0, currency: "GBP" } });

    const [order] = await t.opened.db.select().from(s.orders).where(eq(s.orders.orderRef, orderRef));
    const again = { carrierCode: carrier.code, orderId: order!.id, orderRef, kind: "paid" as const, actor: { type: "system" as const }, key: "paid", at: new Date() };
    expect(await recordOrderEvent(t.opened.db, again)).toBe(false);
    expect(kinds((await t.engine.orders.lookupOrder(carrier, lookup)).history)).toEqual(["booked", "paid"]);
    // The actor is checked: a staff entry without a name is refused.
    await expect(recordOrderEvent(t.opened.db, { ...again, key: "x", actor: { type: "staff", id: "s1", name: "" } })).rejects.toThrow();
  });

  it("records the customer's date change and the desk's, naming the staff account, never its id", async () => {
    const carrier = await newCarrier(t);
    const { orderRef, lookup } = await paidOrder(carrier);
    await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-06", reason: "I will be away that day" });
    await t.engine.service.changeDate(carrier, OPS, { order_ref: orderRef, date: "2025-06-09", reason: REASON, request_key: key() });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    expect(page.order.state).toBe("moved");
    const moves = page.order.history.filter((e) => e.kind === "date_changed");
    expect(moves.map((e) => [e.actor.type, e.actor.name, e.details.from, e.details.to])).toEqual([
      ["customer", null, "2025-06-05", "2025-06-06"],
      ["staff", "Olive Ops", "2025-06-06", "2025-06-09"],
    ]);
    expect(page.date_changes.map((c) => c.by)).toEqual([
      { type: "customer", name: null },
      { type: "staff", name: "Olive Ops" },
    ]);
  });

  it("a partial refund stays booked and tells the customer the amount; the rest closes the booking, withdraws the reminders and tells them", async () => {
    const carrier = await newCarrier(t, { extra: { webhooks: [WEBHOOK] } });
    const { orderRef, lookup } = await paidOrder(carrier);
    await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, amount_minor: 5000, reason: REASON, request_key: key() });
    const part = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(part).toMatchObject({ state: "partly_refunded", closed: false, can_change_online: true, money: { paid_minor: 25900, refunded_minor: 5000 } });
    let messages = await t.engine.messages.orderMessages(carrier, orderRef);
    expect(
      messages
        .filter((m) => m.kind === "order-partly-refunded")
        .map((m) => m.channel)
        .sort(),
    ).toEqual(["email", "sms"]);
    expect(messages.filter((m) => m.kind === "evening-before" || m.kind === "morning-of").every((m) => m.state === "pending")).toBe(true);

    await t.engine.service.refundOrder(carrier, OPS, { order_ref: orderRef, reason: REASON, request_key: key() });
    const full = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(full).toMatchObject({ state: "refunded", closed: true, can_change_online: false, money: { refunded_minor: 25900 } });
    expect(full.history.filter((e) => e.kind === "refunded").map((e) => [e.amount_minor, e.actor.name, e.details.full])).toEqual([
      [5000, "Olive Ops", false],
      [20900, "Olive Ops", true],
    ]);
    messages = await t.engine.messages.orderMessages(carrier, orderRef);
    expect(
      messages
        .filter((m) => m.kind === "order-refunded")
        .map((m) => m.channel)
        .sort(),
    ).toEqual(["email", "sms"]);
    expect(messages.filter((m) => m.kind === "evening-before" || m.kind === "morning-of").map((m) => m.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);

    // Nothing more can be changed online or by the partner API, and the technician's job is off.
    const refused = await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-06", reason: "I will be away that day" }).catch((e) => e);
    expect(refused.code).toBe("ORDER_REFUNDED");
    expect((await t.engine.orders.cancelOrder(carrier, lookup).catch((e) => e)).code).toBe("ORDER_REFUNDED");
    // The manage page offers neither, whatever the 24-hour window says (ADR 247, 250).
    const closedView = await t.engine.orders.lookupOrder(carrier, lookup);
    expect(closedView).toMatchObject({ change_window: "closed", can_change_online: false, can_cancel_online: false, can_change_date_online: false, cancellation_quote: null });
    const [job] = await t.opened.db
      .select()
      .from(s.jobs)
      .innerJoin(s.orders, eq(s.orders.id, s.jobs.orderId))
      .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.orderRef, orderRef)));
    expect(job!.jobs.status).toBe("CANCELLED");
    const jobs = await t.engine.staff.technicianJobs(carrier, { technician_id: job!.jobs.technicianId, date: "2025-06-05" });
    expect(jobs.find((j) => j.order_ref === orderRef)?.order_state).toBe("refunded");
    // The area manager sees why the window freed.
    const day = await t.engine.staff.areaJobs(carrier, { manager_area: null, area_code: job!.orders.areaCode, date: "2025-06-05" });
    expect(day.jobs.map((j) => j.job.order_ref)).not.toContain(orderRef);
    expect(day.closed_jobs.find((j) => j.order_ref === orderRef)).toMatchObject({ order_state: "refunded", postcode: "SW1A 2AA" });

    // The partner hears of each refund, with the total refunded and the state.
    const deliveries = await t.opened.db
      .select()
      .from(s.scheduledJobs)
      .where(and(eq(s.scheduledJobs.type, "webhook"), eq(s.scheduledJobs.orderRef, orderRef)));
    const bodies = deliveries.map((d) => JSON.parse(d.payload!.webhook!.body) as { type: string; data: { order: { state: string; refunded_minor: number } } });
    expect(bodies.map((b) => [b.type, b.data.order.state, b.data.order.refunded_minor])).toEqual([
      ["order.refunded", "partly_refunded", 5000],
      ["order.refunded", "refunded", 25900],
    ]);

    // The messages go out from the templates, in English, and their sending enters the history.
    t.clock.set("2025-06-02T08:05:00Z");
    await t.engine.messages.runScheduledJobs({ carrierCode: carrier.code });
    const sent = (await t.engine.orders.lookupOrder(carrier, lookup)).history.filter((e) => e.kind === "message_sent");
    expect(sent.map((e) => `${String(e.details.kind)} ${String(e.details.channel)}`).sort()).toEqual(
      expect.arrayContaining(["order-partly-refunded email", "order-partly-refunded sms", "order-refunded email", "order-refunded sms"]),
    );
    expect(sent.every((e) => e.actor.type === "system")).toBe(true);
  });

  it("records a cancellation with the fee kept and the refund given, by the desk, and the desk reads the state", async () => {
    const carrier = await newCarrier(t);
    const { orderRef } = await paidOrder(carrier);
    await t.engine.service.cancel(carrier, OPS, { order_ref: orderRef, reason: REASON, request_key: key(), keep_fee: true });
    const page = await t.engine.service.serviceOrder(carrier, orderRef);
    const cancelled = page.order.history.find((e) => e.kind === "cancelled")!;
    expect(cancelled).toMatchObject({ actor: { type: "staff", name: "Olive Ops", id: OPS.id }, details: { keep_fee: true, fee_minor: carrier.callOutCharge } });
    const refund = page.order.history.find((e) => e.kind === "refunded")!;
    expect(refund.amount_minor).toBe(25900 - carrier.callOutCharge);
    expect(page.order).toMatchObject({ state: "cancelled", closed: true, money: { fee_kept_minor: carrier.callOutCharge } });
  });

  it("records the customer's IMEI and the technician's 'on my way' with who made them", async () => {
    const carrier = await newCarrier(t);
    const { orderRef, lookup } = await paidOrder(carrier);
    const view = await t.engine.orders.lookupOrder(carrier, lookup);
    const device = view.devices[0]!;
    await t.engine.orders.setOrderDeviceImei(carrier, { device_id: device.id, email: "ada@example.com", imei: "490154203237518" });
    const [job] = await t.opened.db.select().from(s.jobs).where(eq(s.jobs.id, view.job!.id));
    t.clock.set("2025-06-05T07:30:00Z");
    await t.engine.staff.reportOnMyWay(carrier, { technician_id: job!.technicianId, job_id: job!.id, staff_id: "tech-login-1" });
    const history = (await t.engine.orders.lookupOrder(carrier, lookup)).history;
    expect(kinds(history)).toEqual(["booked", "paid", "imei_added", "on_the_way"]);
    expect(history[2]!.actor.type).toBe("customer");
    expect(history[3]!.actor).toMatchObject({ type: "staff", id: "tech-login-1" });
    expect(history[3]!.actor.name).toBeTruthy();
    const jobs = await t.engine.staff.technicianJobs(carrier, { technician_id: job!.technicianId, date: "2025-06-05" });
    expect(jobs.find((j) => j.order_ref === orderRef)?.order_state).toBe("booked");
  });

  it("reads an order made before the history from its row", () => {
    const created = new Date("2025-06-01T10:00:00Z");
    const row = {
      createdAt: created,
      updatedAt: new Date("2025-06-03T10:00:00Z"),
      transactionId: "tx-1",
      totalMinor: 9900,
      refundedMinor: 9900,
      refundStatus: "REFUNDED",
      status: "CANCELLED",
      cancelledAt: new Date("2025-06-03T10:00:00Z"),
      repairedAt: null,
    } as unknown as Parameters<typeof historyFromRow>[0];
    const history = historyFromRow(row);
    expect(kinds(history)).toEqual(["booked", "paid", "cancelled", "refunded"]);
    expect(deriveOrderState(history)).toMatchObject({ state: "cancelled", paid_minor: 9900, refunded_minor: 9900 });
  });
});
