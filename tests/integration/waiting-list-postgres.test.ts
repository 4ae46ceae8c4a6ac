/**
 * The waiting list (ADR 094) on real PostgreSQL: two app instances, each an engine on its own
 * connection pool, free capacity at the same moment. Two cancellations at once never offer the same
 * customer twice nor hold a day beyond its capacity, customers racing for the freed day cannot take
 * a unit an offer holds, and two instances' schedulers expiring the offers together pass each day on
 * exactly once. PGlite has one connection, so only Postgres can prove this. Runs against
 * TEST_DATABASE_URL (scripts/test.mjs sets it) in a database of its own, dropped at the end.
 */
import { and, count, eq, isNull, or, gt } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxLedgerRecord } from "../../booking/adapters/sandbox-payments/sandbox-gateway";
import { seedCatalogue } from "../../booking/catalogue/seed";
import { seedCarrier } from "../../booking/catalogue/seed-carrier";
import { openDatabase, type OpenedDatabase } from "../../booking/db/open";
import { createPaymentLedger } from "../../booking/db/payment-ledger";
import * as s from "../../booking/db/schema";
import { createEngine } from "../../booking/compose";
import type { Engine } from "../../booking/engine";
import { fixedClock } from "../../booking/ports/clock";
import type { Notifications } from "../../booking/ports/notifications";
import { memoryFiles, VALID_DETAILS } from "../../booking/testing/engine";
import { carrierFixture, catalogueFixture, engineFixture, IDS } from "../../booking/testing/fixtures";
import { expireOffers } from "../../booking/waiting-list/waiting-list";

const baseUrl = process.env.TEST_DATABASE_URL;

if (!baseUrl) {
  describe("waiting list on PostgreSQL", () => {
    it.skip("skipped: TEST_DATABASE_URL is not set (npm test starts a private PostgreSQL cluster when the server binaries are installed)", () => {});
  });
} else {
  const databaseName = `waiting_list_it_${process.pid}_${Date.now().toString(36)}`;
  // Monday 2 June 2025, 09:00 in London.
  const clock = fixedClock("2025-06-02T08:00:00Z");
  const THURSDAY = "2025-06-05";
  const code = "pg-waiting";
  // One technician with two appointments a day: two orders fill Thursday.
  const carrier = carrierFixture(code);
  let databases: OpenedDatabase[] = [];
  let instances: Engine[] = [];

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  const nowhere: Notifications = {
    email: { name: "memory", capabilities: { outbox: false }, sendEmail: async () => ({ provider: "memory", messageId: "e" }) },
    sms: { name: "memory", capabilities: { outbox: false }, sendSms: async () => ({ provider: "memory", messageId: "s" }) },
  };

  beforeAll(async () => {
    await admin((client) => client.query(`create database "${databaseName}"`));
    const url = new URL(baseUrl);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), DATABASE_POOL_MAX: "8" };
    databases = [await openDatabase(env)];
    databases.push(await openDatabase(env));
    await seedCatalogue(databases[0]!.db, catalogueFixture());
    await seedCarrier(databases[0]!.db, engineFixture({ code, slots: 2, technicians: 1 }));
    instances = databases.map((opened) =>
      createEngine({
        db: opened.db,
        clock,
        payments: createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(opened.db), now: clock.now }),
        addresses: createEmbeddedAddressProvider(),
        files: memoryFiles(),
        notifications: nowhere,
        render: async () => null,
      }),
    );
  });

  afterAll(async () => {
    for (const opened of databases) await opened.close();
    await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
  });

  const [one, two] = [() => instances[0]!, () => instances[1]!];

  async function draft(engine: Engine) {
    const { reference } = await engine.basket.buildBooking(carrier);
    await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    return reference;
  }

  async function paidOrder(engine: Engine, date = THURSDAY) {
    const reference = await draft(engine);
    await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
    await engine.basket.setDate(carrier, reference, { date });
    const done = await engine.checkout.charge(carrier, reference, { currency: carrier.currency, token: "fake-valid-nonce" });
    return { order_ref: String(done.order_id), email: "ada@example.com" };
  }

  async function heldOnThursday(): Promise<number> {
    const [row] = await databases[0]!.db
      .select({ held: count() })
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.carrierCode, code), eq(s.capacityHolds.day, THURSDAY), or(isNull(s.capacityHolds.expiresAt), gt(s.capacityHolds.expiresAt, clock.now()))));
    return Number(row!.held);
  }

  const states = async () => (await one().waitingList.listWaitingList(carrier)).map((entry) => [entry.name, entry.state]);

  describe("waiting list on PostgreSQL", () => {
    it("offers two units freed at once to two different customers, and none to a customer racing for the day", async () => {
      const orders = [await paidOrder(one()), await paidOrder(two())];
      for (const name of ["Ada", "Bob", "Cat"]) {
        const reference = await draft(one());
        await one().waitingList.joinWaitingList(carrier, reference, {
          name,
          email: `${name.toLowerCase()}@example.com`,
          phone: "07700 900123",
          site_url: "https://repairs.example",
        });
        clock.advance(1000);
      }
      const racers = [await draft(one()), await draft(two())];

      const outcomes = await Promise.allSettled([
        one().orders.cancelOrder(carrier, orders[0]!),
        two().orders.cancelOrder(carrier, orders[1]!),
        one().basket.setDate(carrier, racers[0]!, { date: THURSDAY }),
        two().basket.setDate(carrier, racers[1]!, { date: THURSDAY }),
      ]);
      expect(outcomes.slice(0, 2).map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);

      // Each freed unit went to its own customer, first come first served; Thursday is never over capacity.
      expect(await states()).toEqual([
        ["Ada", "offered"],
        ["Bob", "offered"],
        ["Cat", "waiting"],
      ]);
      expect(await heldOnThursday()).toBe(2);
      for (const racer of outcomes.slice(2)) expect(racer).toMatchObject({ status: "rejected", reason: { code: "BK13" } });
      const offers = await databases[0]!.db.select({ key: s.scheduledJobs.dedupeKey }).from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, "waiting-list-offer"));
      expect(offers).toHaveLength(4);
    });

    it("two instances' schedulers expire the offers together and pass each day on once", async () => {
      clock.advance(121 * 60_000);
      await Promise.all([one().messages.runScheduledJobs(), two().messages.runScheduledJobs(), one().messages.runScheduledJobs(), two().messages.runScheduledJobs()]);
      // Ada's and Bob's holds ran out; Cat, the only one still waiting, is offered one of the units.
      expect(await states()).toEqual([
        ["Ada", "expired"],
        ["Bob", "expired"],
        ["Cat", "offered"],
      ]);
      expect(await heldOnThursday()).toBe(1);
      const expiries = await databases[1]!.db
        .select({ state: s.scheduledJobs.state, attempts: s.scheduledJobs.attempts })
        .from(s.scheduledJobs)
        .where(eq(s.scheduledJobs.type, "waiting_list_expire"));
      expect(expiries.filter((job) => job.state === "sent")).toHaveLength(2);
      const catOffers = (await databases[0]!.db.select({ payload: s.scheduledJobs.payload }).from(s.scheduledJobs).where(eq(s.scheduledJobs.kind, "waiting-list-offer"))).filter(
        (job) => job.payload?.to?.name === "Cat",
      );
      expect(catOffers).toHaveLength(2);
    });

    it("two orders swapping days at once both move: the old day's offer never waits for a lock the other holds", async () => {
      const [monday, tuesday] = ["2025-06-09", "2025-06-10"];
      const orders = [await paidOrder(one(), monday), await paidOrder(two(), tuesday)];
      const reason = "we will not be at home";
      const moves = await Promise.allSettled([
        one().orders.changeOrderDate(carrier, orders[0]!, { date: tuesday, reason }),
        two().orders.changeOrderDate(carrier, orders[1]!, { date: monday, reason }),
      ]);
      expect(moves.map((move) => move.status)).toEqual(["fulfilled", "fulfilled"]);
      expect((await one().orders.lookupOrder(carrier, orders[0]!)).booking.booking_date).toBe(tuesday);
      expect((await one().orders.lookupOrder(carrier, orders[1]!)).booking.booking_date).toBe(monday);
    });

    it("an offer expiring while the customer's checkout holds their booking and extends the hold: neither waits for the other, the customer keeps the day (ADR 238)", async () => {
      const day = "2025-06-12";
      const order = await paidOrder(one(), day);
      const dan = await draft(one());
      await one().waitingList.joinWaitingList(carrier, dan, { name: "Dan", email: "dan@example.com", phone: "07700 900123", site_url: "https://repairs.example" });
      await one().orders.cancelOrder(carrier, order);
      const [entry] = await databases[0]!.db
        .select()
        .from(s.waitingList)
        .where(and(eq(s.waitingList.carrierCode, code), eq(s.waitingList.name, "Dan")));
      expect(entry).toMatchObject({ state: "offered", offeredDay: day });
      clock.advance(121 * 60_000);
      // A checkout of Dan's booking: its row locked first, then its hold written (ADR 212's order).
      const url = new URL(baseUrl!);
      url.pathname = `/${databaseName}`;
      const paying = new pg.Client({ connectionString: url.toString() });
      await paying.connect();
      try {
        await paying.query("begin");
        await paying.query("select id from bookings where id = $1 for update", [entry!.bookingId]);
        const expiring = expireOffers(databases[1]!.db, clock.now(), 120).then(
          (n) => ({ ok: true as const, n }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        // Let the expiry reach the booking (before ADR 238 it deleted the hold here and waited for the booking's row).
        await Promise.race([expiring, new Promise((resolve) => setTimeout(resolve, 500))]);
        const extended = await paying.query("update capacity_holds set expires_at = $2 where booking_id = $1", [entry!.bookingId, new Date(clock.now().getTime() + 15 * 60_000)]);
        expect(extended.rowCount).toBe(1);
        await paying.query("commit");
        const outcome = await expiring;
        expect(outcome).toMatchObject({ ok: true });
      } finally {
        await paying.end();
      }
      const [after] = await databases[0]!.db.select().from(s.waitingList).where(eq(s.waitingList.id, entry!.id));
      expect(after!.state).toBe("expired");
      // The booking busy in its checkout kept its hold on the day.
      const [hold] = await databases[0]!.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, entry!.bookingId));
      expect(hold).toMatchObject({ day });
    });

    it("an order cancelled while another transaction holds its booking and writes its hold: the cancellation waits its turn instead of deadlocking (ADR 238)", async () => {
      const day = "2025-06-13";
      const order = await paidOrder(one(), day);
      const [row] = await databases[0]!.db
        .select()
        .from(s.orders)
        .where(eq(s.orders.orderRef, Number(order.order_ref)));
      const url = new URL(baseUrl!);
      url.pathname = `/${databaseName}`;
      const writer = new pg.Client({ connectionString: url.toString() });
      await writer.connect();
      try {
        await writer.query("begin");
        await writer.query("select id from bookings where id = $1 for update", [row!.bookingId]);
        const cancelling = two()
          .orders.cancelOrder(carrier, order)
          .then(
            () => ({ ok: true as const }),
            (error: unknown) => ({ ok: false as const, error }),
          );
        // Let the cancellation reach the booking (before ADR 238 it deleted the hold first and then waited for the booking's row).
        await Promise.race([cancelling, new Promise((resolve) => setTimeout(resolve, 500))]);
        const written = await writer.query("update capacity_holds set expires_at = null where booking_id = $1", [row!.bookingId]);
        expect(written.rowCount).toBe(1);
        await writer.query("commit");
        expect(await cancelling).toMatchObject({ ok: true });
      } finally {
        await writer.end();
      }
      const [cancelled] = await databases[0]!.db.select().from(s.orders).where(eq(s.orders.id, row!.id));
      expect(cancelled!.status).toBe("CANCELLED");
      expect(await databases[0]!.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.bookingId, row!.bookingId))).toHaveLength(0);
    });
  });
}
