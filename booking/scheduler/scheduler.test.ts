import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SMTPServer } from "smtp-server";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import { createSmtpEmailSender } from "../adapters/smtp/smtp-email";
import type { MessageOutcomeEvent } from "../events/outcomes";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { OUTBOX_SENDER, sendersFromEnv, withSenders } from "../notifications/senders";
import { fixedClock } from "../ports/clock";
import { NotificationSendError, type EmailMessage, type Notifications, type SmsMessage } from "../ports/notifications";
import { openTestDatabase } from "../testing/db";
import { createTestEngine, newCarrier, readyBooking, staticMessageContent, type TestEngine } from "../testing/engine";
import { carrierFixture } from "../testing/fixtures";
import { planMessages } from "../records/messages";
import type { MessageRenderer } from "./renderer";
import { backoffMs, createScheduler, defaultSchedulerSettings } from "./worker";

/** Notifications that record what they were given; `fail` decides per call whether to throw. */
function recordingNotifications(fail: (message: EmailMessage | SmsMessage) => NotificationSendError | null = () => null) {
  const sent: (EmailMessage | SmsMessage)[] = [];
  const take = async (message: EmailMessage | SmsMessage) => {
    const error = fail(message);
    if (error) throw error;
    sent.push(message);
    return { provider: "memory", messageId: `m-${sent.length}` };
  };
  const notifications: Notifications = {
    email: { name: "memory", capabilities: { outbox: false }, sendEmail: take },
    sms: { name: "memory", capabilities: { outbox: false }, sendSms: take },
  };
  return { notifications, sent };
}

/** Renders both channels with the kind and order in the text, so tests can tell the messages apart. */
const render: MessageRenderer = async ({ carrierCode, kind, orderRef }) => ({
  email: { carrierCode, to: { address: "ada@example.com" }, subject: `${kind} ${orderRef}`, text: `${kind} ${orderRef}`, html: `<p>${kind}</p>` },
  sms: { carrierCode, to: "+447700900123", text: `${kind} ${orderRef}` },
});

const london = carrierFixture("plan-london", { timezone: "Europe/London" });
const berlin = carrierFixture("plan-berlin", { timezone: "Europe/Berlin" });
const at = (iso: string) => new Date(iso);
/** The kinds and their due instants. */
const when = (...args: Parameters<typeof planMessages>) => planMessages(...args).map(({ kind, runAt }) => ({ kind, runAt }));

describe("when an order's messages are due", () => {
  it("sends the evening message at 18:00 the day before and the morning message at 08:00, in the carrier's zone", () => {
    expect(when(london, "2025-06-05", at("2025-06-02T08:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-06-04T17:00:00Z") },
      { kind: "morning-of", runAt: at("2025-06-05T07:00:00Z") },
    ]);
  });

  it("keeps 18:00 and 08:00 local across the spring change (last Sunday of March) in London and Berlin", () => {
    // Booked in winter time; Sunday 30 March 2025 the clocks go forward.
    expect(when(london, "2025-03-31", at("2025-03-20T10:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-03-30T17:00:00Z") },
      { kind: "morning-of", runAt: at("2025-03-31T07:00:00Z") },
    ]);
    expect(when(london, "2025-03-30", at("2025-03-20T10:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-03-29T18:00:00Z") },
      { kind: "morning-of", runAt: at("2025-03-30T07:00:00Z") },
    ]);
    expect(when(berlin, "2025-03-30", at("2025-03-20T10:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-03-29T17:00:00Z") },
      { kind: "morning-of", runAt: at("2025-03-30T06:00:00Z") },
    ]);
  });

  it("keeps 18:00 and 08:00 local across the autumn change (last Sunday of October) in London and Berlin", () => {
    // Booked in summer time; Sunday 26 October 2025 the clocks go back.
    expect(when(london, "2025-10-27", at("2025-10-10T10:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-10-26T18:00:00Z") },
      { kind: "morning-of", runAt: at("2025-10-27T08:00:00Z") },
    ]);
    expect(when(berlin, "2025-10-26", at("2025-10-10T10:00:00Z"))).toEqual([
      { kind: "evening-before", runAt: at("2025-10-25T16:00:00Z") },
      { kind: "morning-of", runAt: at("2025-10-26T07:00:00Z") },
    ]);
  });

  it("plans no evening message when booked after 18:00 for tomorrow: the confirmation, sent now, says the same", () => {
    const now = at("2025-06-04T19:30:00Z");
    expect(when(london, "2025-06-05", now)).toEqual([{ kind: "morning-of", runAt: at("2025-06-05T07:00:00Z") }]);
  });

  it("keeps the evening message for a booking made just before 18:00 the day before", () => {
    const now = at("2025-06-04T16:59:00Z");
    expect(when(london, "2025-06-05", now).map(({ kind }) => kind)).toEqual(["evening-before", "morning-of"]);
  });

  it("gives a same-day booking made after 08:00 no second message (confirmed at checkout), one made before 08:00 its morning message", () => {
    expect(when(london, "2025-06-05", at("2025-06-05T09:15:00Z"))).toEqual([]);
    expect(when(london, "2025-06-05", at("2025-06-05T05:30:00Z"))).toEqual([{ kind: "morning-of", runAt: at("2025-06-05T07:00:00Z") }]);
  });

  it("lets the evening message lapse when the morning one is due, and the morning one when the day is over", () => {
    expect(planMessages(berlin, "2025-10-26", at("2025-10-10T10:00:00Z")).map(({ kind, expiresAt }) => ({ kind, expiresAt }))).toEqual([
      { kind: "evening-before", expiresAt: at("2025-10-26T07:00:00Z") },
      { kind: "morning-of", expiresAt: at("2025-10-26T23:00:00Z") },
    ]);
  });

  it("plans nothing for a day that is over", () => {
    expect(when(london, "2025-06-05", at("2025-06-05T23:30:00Z"))).toEqual([]);
  });
});

describe("the scheduler through the engine", () => {
  let t: TestEngine;
  const box = recordingNotifications();
  beforeAll(async () => {
    t = await createTestEngine({ notifications: box.notifications, render });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A paid order on Thursday 5 June 2025 (clock: Monday 2 June, 09:00 London), booked in `locale`. */
  async function paidOrder(carrier: CarrierContext, date = "2025-06-05", locale = "en") {
    const { ref } = await readyBooking(t, carrier, { date, details: { locale } });
    const done = await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
    return { orderRef: Number(done.order_id), lookup: { order_ref: String(done.order_id), email: "ada@example.com" } };
  }
  const textsFor = (orderRef: number) => box.sent.filter((m) => m.text.endsWith(` ${orderRef}`)).map((m) => ("subject" in m ? `email ${m.text}` : `sms ${m.text}`));
  const planned = async (carrier: CarrierContext, orderRef: number) =>
    (await t.engine.messages.orderMessages(carrier, orderRef)).map((m) => `${m.kind} ${m.channel} ${m.state}`).sort();

  it("records the confirmation and the evening and morning messages with the payment, in the booking's language, each once", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const carrier = await newCarrier(t);
    const { orderRef } = await paidOrder(carrier, "2025-06-05", "de");
    expect(await planned(carrier, orderRef)).toEqual([
      "booking-confirmed email pending",
      "booking-confirmed sms pending",
      "evening-before email pending",
      "evening-before sms pending",
      "morning-of email pending",
      "morning-of sms pending",
    ]);
    // Scheduling again (the app asking after a retried payment step) records nothing twice.
    expect(await t.engine.messages.scheduleOrderMessages(carrier, { orderRef, locale: "en" })).toHaveLength(6);
    expect((await t.engine.messages.orderMessages(carrier, orderRef)).every((m) => m.locale === "de")).toBe(true);
  });

  it("sends the confirmation at once, the evening message at 18:00 on the engine clock and the morning message at 08:00, each once", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const carrier = await newCarrier(t);
    const { orderRef } = await paidOrder(carrier);
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).sort()).toEqual([`email booking-confirmed ${orderRef}`, `sms booking-confirmed ${orderRef}`]);

    t.clock.set("2025-06-04T16:59:59Z");
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef)).toHaveLength(2);

    t.clock.set("2025-06-04T17:00:00Z");
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).slice(2).sort()).toEqual([`email evening-before ${orderRef}`, `sms evening-before ${orderRef}`]);

    t.clock.set("2025-06-05T07:00:00Z");
    await t.engine.messages.runScheduledJobs();
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).slice(4).sort()).toEqual([`email morning-of ${orderRef}`, `sms morning-of ${orderRef}`]);
    const rows = await t.engine.messages.orderMessages(carrier, orderRef);
    expect(rows.every((r) => r.state === "sent" && r.provider === "memory" && r.attempts === 1)).toBe(true);
  });

  it("withdraws the pending messages of a cancelled order and sends the cancellation instead", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const carrier = await newCarrier(t);
    const { orderRef, lookup } = await paidOrder(carrier);
    await t.engine.messages.runScheduledJobs();
    await t.engine.orders.cancelOrder(carrier, lookup);
    expect(await planned(carrier, orderRef)).toEqual([
      "booking-cancelled email pending",
      "booking-cancelled sms pending",
      "booking-confirmed email sent",
      "booking-confirmed sms sent",
      "evening-before email cancelled",
      "evening-before sms cancelled",
      "morning-of email cancelled",
      "morning-of sms cancelled",
    ]);
    t.clock.set("2025-06-05T12:00:00Z");
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).slice(2).sort()).toEqual([`email booking-cancelled ${orderRef}`, `sms booking-cancelled ${orderRef}`]);
  });

  it("moves the messages with the order's new date, in the booking's language, and tells the customer of the change", async () => {
    t.clock.set("2025-06-02T08:00:00Z");
    const carrier = await newCarrier(t);
    const { orderRef, lookup } = await paidOrder(carrier, "2025-06-05", "de");
    await t.engine.orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "I will be away that whole week" });
    const rows = await t.engine.messages.orderMessages(carrier, orderRef);
    expect(
      rows
        .filter((r) => r.state === "pending" && /^(evening|morning)/.test(r.kind))
        .map((r) => `${r.kind} ${r.channel} ${r.sequence} ${r.locale} ${r.runAt.toISOString()}`)
        .sort(),
    ).toEqual([
      "evening-before email 2 de 2025-06-09T17:00:00.000Z",
      "evening-before sms 2 de 2025-06-09T17:00:00.000Z",
      "morning-of email 2 de 2025-06-10T07:00:00.000Z",
      "morning-of sms 2 de 2025-06-10T07:00:00.000Z",
    ]);
    expect(rows.filter((r) => r.sequence === 1 && /^(evening|morning)/.test(r.kind)).every((r) => r.state === "cancelled")).toBe(true);
    expect(
      rows
        .filter((r) => r.kind === "date-changed")
        .map((r) => `${r.channel} ${r.state} ${r.locale}`)
        .sort(),
    ).toEqual(["email pending de", "sms pending de"]);

    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).sort()).toEqual([
      `email booking-confirmed ${orderRef}`,
      `email date-changed ${orderRef}`,
      `sms booking-confirmed ${orderRef}`,
      `sms date-changed ${orderRef}`,
    ]);
    t.clock.set("2025-06-04T17:00:00Z");
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef)).toHaveLength(4);
    t.clock.set("2025-06-09T17:00:00Z");
    await t.engine.messages.runScheduledJobs();
    expect(textsFor(orderRef).slice(4).sort()).toEqual([`email evening-before ${orderRef}`, `sms evening-before ${orderRef}`]);
  });

  it("refuses a bad locale or an unknown order with a clear error", async () => {
    const carrier = await newCarrier(t);
    await expect(t.engine.messages.scheduleOrderMessages(carrier, { orderRef: 1, locale: "english" })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(t.engine.messages.scheduleOrderMessages(carrier, { orderRef: 987654321, locale: "en" })).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
  });

  it("purges expired draft holds, so an abandoned basket's capacity comes back", async () => {
    // A database of its own: the purge's round here must not depend on the clock the tests above left it at.
    const t = await createTestEngine({ notifications: box.notifications, render });
    onTestFinished(() => t.close());
    const carrier = await newCarrier(t);
    const { state } = await readyBooking(t, carrier, { date: "2025-06-05" });
    const bookingId = (await t.opened.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.reference, state.reference)))[0]!.id;
    const holdOf = async () => t.opened.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, bookingId));
    expect(await holdOf()).toHaveLength(1);

    t.clock.advance(29 * 60_000);
    await t.engine.messages.runScheduledJobs();
    expect(await holdOf()).toHaveLength(1);

    // Past the 30-minute hold and the purge's 5-minute round.
    t.clock.advance(6 * 60_000);
    const pass = await t.engine.messages.runScheduledJobs();
    expect(pass.holdsPurged).toBeGreaterThanOrEqual(1);
    expect(await holdOf()).toEqual([]);
    const [purge] = await t.engine.messages.listScheduledJobs({ state: "pending" }).then((rows) => rows.filter((r) => r.type === "purge_holds"));
    expect(purge!.runAt.getTime()).toBe(t.clock.now().getTime() + defaultSchedulerSettings.holdPurgeMs);
  });

  it("runs a pass for one carrier on a clock days ahead without touching other carriers' messages, anyone's holds or the purge's round", async () => {
    const t = await createTestEngine({ notifications: box.notifications, render });
    onTestFinished(() => t.close());
    t.clock.set("2025-06-02T08:00:00Z");
    const [mine, theirs] = [await newCarrier(t), await newCarrier(t)];
    await t.engine.messages.runScheduledJobs();
    const [purgeBefore] = (await t.engine.messages.listScheduledJobs({ state: "pending" })).filter((r) => r.type === "purge_holds");
    const paid = async (carrier: CarrierContext) => {
      const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
      return Number((await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" })).order_id);
    };
    const [myOrder, theirOrder] = [await paid(mine), await paid(theirs)];
    await t.engine.messages.runScheduledJobs();
    // Someone is choosing a day right now on the other carrier's site: a 30-minute hold.
    const { state } = await readyBooking(t, theirs, { date: "2025-06-05" });
    const bookingId = (await t.opened.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.reference, state.reference)))[0]!.id;
    const holdOf = async () => t.opened.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, bookingId));
    const planned = async (carrier: CarrierContext, orderRef: number) =>
      (await t.engine.messages.orderMessages(carrier, orderRef)).map((m) => `${m.kind} ${m.channel} ${m.state}`).sort();

    // The development outbox's button, on a test clock at 18:00 the evening before.
    const realNow = t.clock.now();
    t.clock.set("2025-06-04T17:00:00Z");
    const pass = await t.engine.messages.runScheduledJobs({ carrierCode: mine.code });
    expect(pass.sent).toBe(2);
    expect(pass.holdsPurged).toBe(0);
    t.clock.set(realNow.toISOString());

    expect(await planned(mine, myOrder)).toEqual(
      [
        "booking-confirmed email sent",
        "booking-confirmed sms sent",
        "evening-before email sent",
        "evening-before sms sent",
        "morning-of email pending",
        "morning-of sms pending",
      ].sort(),
    );
    expect(await planned(theirs, theirOrder)).toEqual(
      [
        "booking-confirmed email sent",
        "booking-confirmed sms sent",
        "evening-before email pending",
        "evening-before sms pending",
        "morning-of email pending",
        "morning-of sms pending",
      ].sort(),
    );
    expect(await holdOf()).toHaveLength(1);
    const [purgeAfter] = (await t.engine.messages.listScheduledJobs({ state: "pending" })).filter((r) => r.type === "purge_holds");
    expect(purgeAfter!.runAt).toEqual(purgeBefore!.runAt);
  });
});

describe("the worker's guarantees", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });

  let counter = 0;
  async function insertMessages(count: number, runAt: Date) {
    const batch = ++counter;
    const rows = Array.from({ length: count }, (_, i) => ({
      type: "message" as const,
      dedupeKey: `${batch}-${i}:evening-before:email:1`,
      carrierCode: "worker-test",
      orderRef: batch * 1000 + i,
      kind: "evening-before",
      channel: "email" as const,
      locale: "en",
      runAt,
    }));
    await opened.db.insert(s.scheduledJobs).values(rows);
    return rows.map((r) => r.dedupeKey);
  }
  const rowsOf = async (keys: string[]) => (await opened.db.select().from(s.scheduledJobs)).filter((r) => keys.includes(r.dedupeKey));

  it("sends every message exactly once when two workers claim at the same time", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const keys = await insertMessages(30, clock.now());
    const box = recordingNotifications();
    const slowRender: MessageRenderer = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return render(request);
    };
    const settings = { batchSize: 7 };
    const outcomes: MessageOutcomeEvent[] = [];
    const onMessage = (event: MessageOutcomeEvent) => void outcomes.push(event);
    const a = createScheduler({ db: opened.db, clock, notifications: box.notifications, render: slowRender, settings, workerId: "a", onMessage });
    const b = createScheduler({ db: opened.db, clock, notifications: box.notifications, render: slowRender, settings, workerId: "b", onMessage });
    const sentBy = { a: 0, b: 0 };
    for (let round = 0; round < 6; round++) {
      const [a1, b1, a2, b2] = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      sentBy.a += a1.sent + a2.sent;
      sentBy.b += b1.sent + b2.sent;
    }

    const rows = await rowsOf(keys);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
    const orderRefs = box.sent.map((m) => Number(m.text.split(" ")[1]));
    expect(orderRefs).toHaveLength(30);
    expect(new Set(orderRefs).size).toBe(30);
    expect(sentBy.a + sentBy.b).toBe(30);
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
    // The messages counter (ADR 152): one "sent" per message, whichever worker sent it.
    expect(outcomes).toHaveLength(30);
    expect(outcomes.every((event) => event.outcome === "sent" && event.channel === "email" && event.kind === "evening-before" && event.carrierCode === "worker-test")).toBe(true);
  });

  it("reclaims a row whose worker died once its lease has run out, and the dead worker cannot overwrite the outcome", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    let release!: () => void;
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => (entered = resolve));
    const hanging: Notifications = {
      ...recordingNotifications().notifications,
      email: {
        name: "hanging",
        capabilities: { outbox: false },
        sendEmail: () =>
          new Promise((resolve) => {
            release = () => resolve({ provider: "hanging", messageId: "late" });
            entered();
          }),
      },
    };
    const outcomes: string[] = [];
    const first = createScheduler({
      db: opened.db,
      clock,
      notifications: hanging,
      render,
      settings: { leaseMs: 60_000 },
      workerId: "first",
      onMessage: (event) => void outcomes.push(`first ${event.outcome}`),
    });
    const stuck = first.runDue();
    // The row is claimed before its send begins; the send hangs.
    await sending;
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "sending", lockedBy: "first", attempts: 1 });

    // A restarted process: a new worker on the same database.
    const box = recordingNotifications();
    const second = createScheduler({
      db: opened.db,
      clock,
      notifications: box.notifications,
      render,
      settings: { leaseMs: 60_000 },
      workerId: "second",
      onMessage: (event) => void outcomes.push(`second ${event.outcome}`),
    });
    clock.advance(59_000);
    expect((await second.runDue()).sent).toBe(0);
    clock.advance(1_000);
    expect((await second.runDue()).sent).toBe(1);

    release();
    expect((await stuck).sent).toBe(0);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "sent", provider: "memory", attempts: 2, lockedBy: null });
    // The counter says what the providers saw: the hung send did leave, late, so both count (ADR 152).
    expect(outcomes).toEqual(["second sent", "first sent"]);
  });

  it("never sends a batch's later row that another worker took over while the earlier sends were slow", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const keys = await insertMessages(2, clock.now());
    let release!: () => void;
    let entered!: () => void;
    const firstSend = new Promise<void>((resolve) => (entered = resolve));
    let sends = 0;
    // The first send of worker "slow" hangs past the lease; its batch holds both rows.
    const slowBox = recordingNotifications();
    const slow: Notifications = {
      ...slowBox.notifications,
      email: {
        name: "slow",
        capabilities: { outbox: false },
        sendEmail: async (message) => {
          sends += 1;
          if (sends === 1)
            await new Promise<void>((resolve) => {
              release = resolve;
              entered();
            });
          return slowBox.notifications.email.sendEmail(message);
        },
      },
    };
    const first = createScheduler({ db: opened.db, clock, notifications: slow, render, settings: { leaseMs: 10_000, batchSize: 2 }, workerId: "slow" });
    const pass = first.runDue();
    await firstSend;
    // The lease runs out while the first send hangs: another worker takes over both rows' leases that ran out.
    clock.advance(11_000);
    const box = recordingNotifications();
    const other = createScheduler({ db: opened.db, clock, notifications: box.notifications, render, settings: { leaseMs: 10_000 }, workerId: "other" });
    expect((await other.runDue()).sent).toBeGreaterThanOrEqual(1);
    release();
    await pass;
    // The slow worker's hung send did leave in the end (no protocol can take it back: ADR 156 gives it
    // the same Message-ID); but it never started the second row, which the other worker had taken over.
    expect(slowBox.sent).toHaveLength(1);
    expect(box.sent).toHaveLength(2);
    expect((await rowsOf(keys)).every((row) => row.state === "sent" && row.lockedBy === null && row.attempts === 2)).toBe(true);
    expect(sends).toBe(1);
  });

  it("keeps scheduled rows across a restart of the database", async () => {
    const dir = await mkdtemp(join(tmpdir(), "scheduler-restart-"));
    const { openDatabase } = await import("../db/open");
    const clock = fixedClock("2025-06-04T12:00:00Z");
    try {
      const before = await openDatabase({ BOOKING_DATA_DIR: dir });
      await before.db.insert(s.scheduledJobs).values({
        type: "message",
        dedupeKey: "1:morning-of:sms:1",
        carrierCode: "c",
        orderRef: 1,
        kind: "morning-of",
        channel: "sms",
        locale: "en",
        runAt: new Date("2025-06-05T07:00:00Z"),
      });
      await before.close();

      const after = await openDatabase({ BOOKING_DATA_DIR: dir });
      const box = recordingNotifications();
      const worker = createScheduler({ db: after.db, clock, notifications: box.notifications, render, workerId: "after" });
      expect((await worker.runDue()).sent).toBe(0);
      clock.set("2025-06-05T07:00:00Z");
      expect((await worker.runDue()).sent).toBe(1);
      expect(box.sent.map((m) => m.text)).toEqual(["morning-of 1"]);
      await after.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("retries a transient failure with a doubling backoff, then gives up as dead", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    const box = recordingNotifications(() => new NotificationSendError("transient", "memory", "421", "try later"));
    const settings = { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 10 * 60_000 };
    const worker = createScheduler({ db: opened.db, clock, notifications: box.notifications, render, settings, workerId: "retry" });

    expect((await worker.runDue()).retried).toBe(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "failed", attempts: 1, runAt: new Date("2025-06-04T17:01:00Z"), lastError: "transient memory 421: try later" });
    clock.advance(59_000);
    expect((await worker.runDue()).claimed).toBe(0);
    clock.advance(1_000);
    expect((await worker.runDue()).retried).toBe(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "failed", attempts: 2, runAt: new Date("2025-06-04T17:03:00Z") });
    clock.set("2025-06-04T17:03:00Z");
    expect((await worker.runDue()).dead).toBe(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "dead", attempts: 3 });
    expect(backoffMs(settings, 5)).toBe(10 * 60_000);
  });

  it("retries through an SMTP server that is down, within seconds on a short backoff, and sends exactly once when it is back", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    // A port nothing listens on yet: the mail server is down.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const email = createSmtpEmailSender({ host: "127.0.0.1", port, timeoutMs: 2_000 });
    onTestFinished(() => email.close());
    const notifications: Notifications = { ...recordingNotifications().notifications, email };
    const withSender: MessageRenderer = async (job) => {
      const rendered = await render(job);
      return { email: { ...rendered!.email!, from: { name: "Repairs", address: "bookings@repair.example" } } };
    };
    const outcomes: string[] = [];
    // SCHEDULER_BACKOFF_BASE_SECONDS=2: the retries come 2 s, then 4 s after a failure.
    const worker = createScheduler({
      db: opened.db,
      clock,
      notifications,
      render: withSender,
      settings: { backoffBaseMs: 2_000 },
      workerId: "smtp",
      onMessage: (event) => void outcomes.push(event.outcome),
    });

    expect((await worker.runDue()).retried).toBe(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "failed", attempts: 1, runAt: new Date("2025-06-04T17:00:02Z") });
    expect((await rowsOf([key!]))[0]!.lastError).toMatch(/^transient smtp/);
    clock.advance(2_000);
    expect((await worker.runDue()).retried).toBe(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "failed", attempts: 2, runAt: new Date("2025-06-04T17:00:06Z") });

    // The mail server is back on its address.
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    clock.advance(3_999);
    expect((await worker.runDue()).claimed).toBe(0);
    clock.advance(1);
    expect((await worker.runDue()).sent).toBe(1);
    clock.advance(60_000);
    expect((await worker.runDue()).claimed).toBe(0);

    expect(received).toEqual(["ada@example.com"]);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "sent", attempts: 3, provider: "smtp" });
    expect(outcomes).toEqual(["retried", "retried", "sent"]);
  });

  it("counts a dead message once, and a skipped one once", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [dead] = await insertMessages(1, clock.now());
    const outcomes: string[] = [];
    const failing = createScheduler({
      db: opened.db,
      clock,
      notifications: recordingNotifications(() => new NotificationSendError("permanent", "memory", "550", "no such user")).notifications,
      render,
      workerId: "dead-count",
      onMessage: (event) => void outcomes.push(event.outcome),
    });
    await failing.runDue();
    expect((await rowsOf([dead!]))[0]).toMatchObject({ state: "dead" });
    const [skipped] = await insertMessages(1, clock.now());
    const empty = createScheduler({
      db: opened.db,
      clock,
      notifications: recordingNotifications().notifications,
      render: async () => null,
      workerId: "skip-count",
      onMessage: (event) => void outcomes.push(event.outcome),
    });
    await empty.runDue();
    expect((await rowsOf([skipped!]))[0]).toMatchObject({ state: "skipped" });
    expect(outcomes.filter((outcome) => outcome === "dead")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "skipped").length).toBeGreaterThanOrEqual(1);
  });

  it("puts a permanent failure aside at once for an operator, who can send it again once fixed", async () => {
    const t = await createTestEngine({
      opened,
      notifications: recordingNotifications(() => new NotificationSendError("permanent", "memory", "550", "no such user")).notifications,
      render,
    });
    t.clock.set("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, t.clock.now());
    expect((await t.engine.messages.runScheduledJobs()).dead).toBe(1);
    const dead = (await t.engine.messages.listScheduledJobs({ state: "dead", carrierCode: "worker-test" })).find((r) => r.dedupeKey === key);
    expect(dead).toMatchObject({ attempts: 1, lastError: "permanent memory 550: no such user" });

    await t.engine.messages.retryScheduledJob(dead!.id);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "pending", attempts: 0 });
    await expect(t.engine.messages.retryScheduledJob(dead!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.engine.messages.listScheduledJobs({ state: "lost" as "dead" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("does not send a message whose moment has passed while it was being retried", async () => {
    const clock = fixedClock("2025-06-05T06:59:00Z");
    const [key] = await insertMessages(1, clock.now());
    await opened.db
      .update(s.scheduledJobs)
      .set({ expiresAt: new Date("2025-06-05T07:00:00Z") })
      .where(eq(s.scheduledJobs.dedupeKey, key!));
    const box = recordingNotifications(() => new NotificationSendError("transient", "memory", "421", "try later"));
    const worker = createScheduler({ db: opened.db, clock, notifications: box.notifications, render, settings: { backoffBaseMs: 60_000 }, workerId: "late" });
    await worker.runDue();
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "failed", attempts: 1 });
    clock.advance(60_000);
    await worker.runDue();
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "skipped", attempts: 2, lastError: "transient memory 421: try later" });
    expect(box.sent).toEqual([]);
  });

  it("runs passes on its own once started, and stop waits for the pass in flight", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    const box = recordingNotifications();
    const worker = createScheduler({ db: opened.db, clock, notifications: box.notifications, render, workerId: "timer" });
    worker.start(1);
    await expect.poll(async () => (await rowsOf([key!]))[0]!.state, { timeout: 5_000, interval: 100 }).toBe("sent");
    await worker.stop();
    const [again] = await insertMessages(1, clock.now());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await rowsOf([again!]))[0]!.state).toBe("pending");
  });

  it("on shutdown, stop resolves only once the pass in flight has sent and recorded its message", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    let rendering!: () => void;
    const renderStarted = new Promise<void>((resolve) => (rendering = resolve));
    let finishRender!: () => void;
    const renderHeld = new Promise<void>((resolve) => (finishRender = resolve));
    const slowRender: MessageRenderer = async (job) => {
      rendering();
      await renderHeld;
      return render(job);
    };
    const worker = createScheduler({ db: opened.db, clock, notifications: recordingNotifications().notifications, render: slowRender, workerId: "stopping" });
    worker.start(1);
    await renderStarted;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finishRender();
    await stopping;
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "sent", lockedBy: null });
  });

  it("skips a channel the renderer has nothing for", async () => {
    const clock = fixedClock("2025-06-04T17:00:00Z");
    const [key] = await insertMessages(1, clock.now());
    const worker = createScheduler({ db: opened.db, clock, notifications: recordingNotifications().notifications, render: async () => null, workerId: "skip" });
    expect((await worker.runDue()).skipped).toBeGreaterThanOrEqual(1);
    expect((await rowsOf([key!]))[0]).toMatchObject({ state: "skipped" });
  });
});

describe("from the scheduler into the file outbox", () => {
  it("writes a paid order's confirmation and, at 18:00, its evening e-mail and SMS", async () => {
    const dir = await mkdtemp(join(tmpdir(), "scheduler-outbox-"));
    const notifications = withSenders(createOutboxSenders({ dir }), sendersFromEnv({}, OUTBOX_SENDER));
    const t = await createTestEngine({ notifications, messageContent: staticMessageContent() });
    try {
      const carrier = await newCarrier(t);
      const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
      await t.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
      expect(await t.engine.messages.runScheduledJobs()).toMatchObject({ sent: 2, skipped: 0, dead: 0 });
      t.clock.set("2025-06-04T17:00:00Z");
      expect(await t.engine.messages.runScheduledJobs()).toMatchObject({ sent: 2, skipped: 0, dead: 0 });
      const files = await readdir(dir);
      expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(2);
      expect(files.filter((f) => f.endsWith(".sms.json"))).toHaveLength(2);
      expect(files.every((f) => f.includes(`_${carrier.code}_`))).toBe(true);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
