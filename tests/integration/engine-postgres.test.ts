/**
 * The booking engine on real PostgreSQL: the concurrency promises that PGlite (one connection)
 * cannot prove. Runs against TEST_DATABASE_URL (scripts/test.mjs starts a private cluster with
 * scripts/pg-cluster.mjs and sets it); each run works in a database of its own, dropped at the end.
 * Two engines on two connection pools stand in for two app replicas.
 */
import path from "node:path";
import { and, eq, isNull, or, gt, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxGateway, type SandboxLedgerRecord } from "../../booking/adapters/sandbox-payments/sandbox-gateway";
import { seedCatalogue, seedFromTenants } from "../../booking/catalogue/seed";
import { seedCarrier } from "../../booking/catalogue/seed-carrier";
import { openDatabase, queryRows, type OpenedDatabase } from "../../booking/db/open";
import { createPaymentLedger } from "../../booking/db/payment-ledger";
import * as s from "../../booking/db/schema";
import type { CarrierContext } from "../../booking/domain/carrier";
import { createEngine } from "../../booking/compose";
import type { Engine } from "../../booking/engine";
import { fixedClock } from "../../booking/ports/clock";
import { carrierFixture, catalogueFixture, engineFixture, IDS } from "../../booking/testing/fixtures";
import { memoryFiles, VALID_DETAILS } from "../../booking/testing/engine";
import { startFakeFeed } from "../../booking/testing/fake-feed";
import { createOperationsSync } from "../../booking/operations/sync";
import { createCmsFeedSource } from "../../booking/adapters/cms-feed/cms-feed-source";
import { claimFirstWindow } from "../../booking/availability/availability";

const baseUrl = process.env.TEST_DATABASE_URL;
const reason = "TEST_DATABASE_URL is not set (npm test starts a private PostgreSQL cluster when the server binaries are installed)";

if (!baseUrl) {
  describe("booking engine on PostgreSQL", () => {
    it.skip(`skipped: ${reason}`, () => {});
  });
} else {
  const databaseName = `engine_it_${process.pid}_${Date.now().toString(36)}`;
  const clock = fixedClock("2025-06-02T08:00:00Z"); // Monday 09:00 London
  let first: OpenedDatabase;
  let second: OpenedDatabase;
  let replicas: { engine: Engine; payments: SandboxGateway }[];

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  function urlFor(database: string): string {
    const url = new URL(baseUrl!);
    url.pathname = `/${database}`;
    return url.toString();
  }

  function replica(opened: OpenedDatabase) {
    const payments = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(opened.db), now: clock.now });
    const engine = createEngine({ db: opened.db, clock, payments, addresses: createEmbeddedAddressProvider(), files: memoryFiles() });
    return { engine, payments };
  }

  let counter = 0;
  async function carrierWith(options: Parameters<typeof engineFixture>[0] extends infer O ? Omit<O & object, "code"> : never): Promise<CarrierContext> {
    counter += 1;
    const code = `pg-${counter}-${Math.random().toString(36).slice(2, 6)}`;
    await seedCarrier(first.db, engineFixture({ ...options, code }));
    return carrierFixture(code);
  }

  beforeAll(async () => {
    await admin((client) => client.query(`create database "${databaseName}"`));
    const env = { DATABASE_URL: urlFor(databaseName), DATABASE_POOL_MAX: "25" };
    // Both replicas start at once: the migration advisory lock lets exactly one apply the migrations.
    [first, second] = await Promise.all([openDatabase(env), openDatabase(env)]);
    await seedCatalogue(first.db, catalogueFixture());
    replicas = [replica(first), replica(second)];
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`)).catch(() => undefined);
  });

  const engineFor = (i: number) => replicas[i % replicas.length]!.engine;
  /** A booking ready to pay (postcode, a phone, the day, details), built through replica `i`. */
  const readyToPay = async (carrier: CarrierContext, date: string, i: number, emailPrefix: string) => {
    const engine = engineFor(i);
    const { reference } = await engine.basket.buildBooking(carrier);
    await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await engine.basket.setDate(carrier, reference, { date });
    await engine.basket.setCustomerDetails(carrier, reference, { ...VALID_DETAILS, email: `${emailPrefix}${i}@example.com` });
    return reference;
  };

  describe("booking engine on PostgreSQL", () => {
    it("migrates a fresh database once and seeds tenants/ idempotently, even from two replicas starting at once", async () => {
      const name = `${databaseName}_tenants`;
      await admin((client) => client.query(`create database "${name}"`));
      const env = { DATABASE_URL: urlFor(name), DATABASE_POOL_MAX: "4" };
      const pair = await Promise.all([openDatabase(env), openDatabase(env)]);
      try {
        const applied = await queryRows<{ n: string }>(pair[0].db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
        const files = (await import("../../booking/db/migrations/meta/_journal.json", { with: { type: "json" } })).default.entries.length;
        expect(Number(applied[0]!.n)).toBe(files);
        const tenants = path.resolve(__dirname, "../../tenants");
        const [a, b] = await Promise.all([seedFromTenants(pair[0].db, tenants), seedFromTenants(pair[1].db, tenants)]);
        // The advisory locks make them take turns: each carrier is created by exactly one of them.
        const created = [...a.carriers, ...b.carriers].filter((c) => c.result === "created").map((c) => c.code);
        expect(created.sort()).toEqual(a.carriers.map((c) => c.code).sort());
        expect([a.catalogue, b.catalogue].sort()).toEqual(["created", "unchanged"]);
        const again = await seedFromTenants(pair[0].db, tenants);
        expect(again.catalogue).toBe("unchanged");
        expect(again.carriers.every((c) => c.result === "unchanged")).toBe(true);
      } finally {
        await Promise.all(pair.map((p) => p.close()));
        await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    });

    it("lets exactly 5 of 200 concurrent attempts hold a day with capacity 5, every run", async () => {
      const carrier = await carrierWith({ technicians: 1, slots: 5 });
      const refs: string[] = [];
      for (let i = 0; i < 200; i += 25) {
        const batch = await Promise.all(
          Array.from({ length: 25 }, async (_, j) => {
            const engine = engineFor(i + j);
            const { reference } = await engine.basket.buildBooking(carrier);
            await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
            return reference;
          }),
        );
        refs.push(...batch);
      }
      for (const date of ["2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06", "2025-06-09"]) {
        const results = await Promise.allSettled(refs.map((ref, i) => engineFor(i).basket.setDate(carrier, ref, { date })));
        const held = results.filter((r) => r.status === "fulfilled").length;
        const codes = new Set(results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason?.code ?? String(r.reason)));
        expect({ date, held, codes: [...codes] }).toEqual({ date, held: 5, codes: ["BK13"] });
        const rows = await first.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(s.capacityHolds)
          .where(
            and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.day, date), or(isNull(s.capacityHolds.expiresAt), gt(s.capacityHolds.expiresAt, clock.now()))),
          );
        expect(rows[0]!.n).toBe(5);
        // Free the day for the next run: the holders move on to a day nobody else wants.
        const winners = await first.db
          .select({ bookingId: s.capacityHolds.bookingId })
          .from(s.capacityHolds)
          .where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.day, date)));
        await first.db.delete(s.capacityHolds).where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.day, date)));
        expect(winners).toHaveLength(5);
      }
    });

    it("raises the booking version in the writing transaction: every change counted, seen at once by the other replica, a locked booking's hold left to the next purge (ADR 224)", async () => {
      const carrier = await carrierWith({});
      const [a, b] = [replicas[0]!.engine, replicas[1]!.engine];
      const { reference } = await a.basket.buildBooking(carrier);
      const versionOn = async (opened: OpenedDatabase) =>
        Number((await opened.db.select({ version: s.bookings.version }).from(s.bookings).where(eq(s.bookings.reference, reference)))[0]!.version);
      await a.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
      const afterPostcode = await versionOn(second);
      expect(afterPostcode).toBeGreaterThan(1);
      // Five devices (the basket's most) added at once through both replicas: each change is its own, none lost.
      await Promise.all(Array.from({ length: 5 }, (_, i) => engineFor(i).basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] })));
      expect(await versionOn(first)).toBeGreaterThanOrEqual(afterPostcode + 5);
      await b.basket.setDate(carrier, reference, { date: "2025-06-03" });
      const held = await versionOn(first);
      // A transaction that has not committed is not seen; its commit is.
      const [booking] = await first.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.reference, reference));
      let release!: () => void;
      const wait = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const entered = new Promise<void>((resolve) => (inside = resolve));
      const writing = first.db.transaction(async (tx) => {
        await tx
          .update(s.capacityHolds)
          .set({ expiresAt: new Date("2025-06-01T00:00:00Z") })
          .where(eq(s.capacityHolds.bookingId, booking!.id));
        inside();
        await wait;
      });
      await entered;
      expect(await versionOn(second)).toBe(held);
      // The purge skips the hold of a booking another transaction holds, instead of waiting for it.
      expect(await b.coverage.purgeExpiredHolds(carrier)).toBe(0);
      release();
      await writing;
      expect(await versionOn(second)).toBe(held + 1);
      expect(await b.coverage.purgeExpiredHolds(carrier)).toBe(1);
      expect(await versionOn(second)).toBe(held + 2);
    });

    it("makes one order and one charge from 50 concurrent submissions of the same checkout", async () => {
      const carrier = await carrierWith({});
      const engine = replicas[0]!.engine;
      const { reference } = await engine.basket.buildBooking(carrier);
      await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
      await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
      await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
      await engine.basket.setDate(carrier, reference, { date: "2025-06-03" });
      const before = replicas.map((r) => r.payments.transactions().length);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => engineFor(i).checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" })),
      );
      const succeeded = results.filter((r) => r.status === "fulfilled");
      const codes = new Set(results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason?.code ?? String(r.reason)));
      expect(succeeded).toHaveLength(1);
      expect([...codes].every((c) => c === "BK07" || c === "PAYMENT_IN_PROGRESS")).toBe(true);
      const charges = replicas.reduce((sum, r, i) => sum + r.payments.transactions().length - before[i]!, 0);
      expect(charges).toBe(1);
      const booking = await engine.basket.getBooking(carrier, reference);
      expect(booking.checkout_status).toBe("SUCCESS");
      const orders = await first.db.select().from(s.orders).where(eq(s.orders.carrierCode, carrier.code));
      expect(orders).toHaveLength(1);
      expect(orders[0]!.orderRef).toBe(booking.order_id);
      const sales = await queryRows<{ n: string }>(first.db, sql`select count(*) as n from payment_ledger where key like ${`sale:${carrier.code}:${reference}:%`}`);
      expect(Number(sales[0]!.n)).toBe(1);
      const attempts = await engine.checkout.paymentAttempts(carrier, reference);
      expect(attempts.map((a) => a.status)).toEqual(["SUCCEEDED"]);
    });

    it("gives 12 customers paying at once for a day of 12 units 12 orders, each visit in a window of its own, and the 13th a refusal (ADR 212)", async () => {
      const carrier = await carrierWith({ technicians: 2, slots: 6 });
      const date = "2025-06-04";
      const refs = await Promise.all(Array.from({ length: 12 }, (_, i) => readyToPay(carrier, date, i, "payer")));
      // The day is full: a thirteenth customer cannot take it.
      const late = await engineFor(13).basket.buildBooking(carrier);
      await engineFor(13).basket.setPostcode(carrier, late.reference, { postcode: "SW1A 2AA" });
      await expect(engineFor(13).basket.setDate(carrier, late.reference, { date })).rejects.toMatchObject({ code: "BK13" });
      // Everyone pays at once, a third of them pressing twice, on both replicas.
      const presses = refs.flatMap((ref, i) => (i % 3 === 0 ? [ref, ref] : [ref]));
      const results = await Promise.allSettled(presses.map((ref, i) => engineFor(i).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" })));
      const codes = new Set(results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason?.code ?? String(r.reason)));
      expect([...codes].every((c) => c === "BK07" || c === "PAYMENT_IN_PROGRESS")).toBe(true);
      const orders = await first.db.select().from(s.orders).where(eq(s.orders.carrierCode, carrier.code));
      expect(orders).toHaveLength(12);
      expect(new Set(orders.map((o) => o.bookingId)).size).toBe(12);
      const jobs = await first.db.select().from(s.jobs).where(eq(s.jobs.carrierCode, carrier.code));
      expect(jobs).toHaveLength(12);
      // Every technician's window is given once, and the order shows its job's technician and window.
      expect(new Set(jobs.map((j) => `${j.technicianId} ${j.slot}`)).size).toBe(12);
      for (const order of orders) {
        const job = jobs.find((j) => j.orderId === order.id)!;
        expect({ technicianId: order.technicianId, slot: order.slot }).toEqual({ technicianId: job.technicianId, slot: job.slot });
        expect(order.slot).not.toBe("");
      }
      const held = await first.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(s.capacityHolds)
        .where(and(eq(s.capacityHolds.carrierCode, carrier.code), eq(s.capacityHolds.day, date), isNull(s.capacityHolds.expiresAt)));
      expect(held[0]!.n).toBe(12);
      const sales = await queryRows<{ n: string }>(first.db, sql`select count(*) as n from payment_ledger where key like ${`sale:${carrier.code}:%`}`);
      expect(Number(sales[0]!.n)).toBe(12);
    });

    it("gives the paid visits their windows without the area-day's lock: 8 customers pay while another session holds the day's row, each in a window of its own (ADR 237)", async () => {
      const carrier = await carrierWith({ technicians: 2, slots: 4 });
      const date = "2025-06-10";
      const refs = await Promise.all(Array.from({ length: 8 }, (_, i) => readyToPay(carrier, date, i, "window")));
      // Another session locks the area-day's row (as a hold being taken does) and keeps it until the payments are over.
      const holder = new pg.Client({ connectionString: urlFor(databaseName) });
      await holder.connect();
      try {
        await holder.query("begin");
        const locked = await holder.query("select day from capacity_days where carrier_code = $1 and day = $2 for update", [carrier.code, date]);
        expect(locked.rowCount).toBe(1);
        const paid = await Promise.all(refs.map((ref, i) => engineFor(i).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" })));
        expect(paid.every((b) => b.checkout_status === "SUCCESS")).toBe(true);
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      const jobs = await first.db.select().from(s.jobs).where(eq(s.jobs.carrierCode, carrier.code));
      expect(jobs).toHaveLength(8);
      expect(new Set(jobs.map((j) => `${j.technicianId} ${j.slot}`)).size).toBe(8);
      const orders = await first.db.select().from(s.orders).where(eq(s.orders.carrierCode, carrier.code));
      for (const order of orders) {
        const job = jobs.find((j) => j.orderId === order.id)!;
        expect({ technicianId: order.technicianId, slot: order.slot }).toEqual({ technicianId: job.technicianId, slot: job.slot });
      }
      // The least-loaded technician's first window each time: both technicians' four windows, each once.
      expect(jobs.map((j) => `${j.technicianId} ${j.slot}`).sort()).toEqual(
        [1, 2].flatMap((n) => ["08:00", "09:30", "11:00", "12:30"].map((slot) => `${carrier.code}-central-${n} ${slot}`)).sort(),
      );
    });

    it("claims a technician's window for one transaction at a time and passes over a claimed one without waiting (ADR 237)", async () => {
      const carrier = await carrierWith({ technicians: 1, slots: 2 });
      const day = "2025-06-11";
      const windows = [
        { technicianId: "a", slot: "08:00" },
        { technicianId: "a", slot: "09:30" },
      ];
      await first.db.transaction(async (tx) => {
        expect(await claimFirstWindow(tx, carrier, day, windows)).toBe(0);
        // Another replica's transaction meanwhile: the first window is passed over, the second taken; with only the first, none.
        await second.db.transaction(async (other) => {
          expect(await claimFirstWindow(other, carrier, day, windows)).toBe(1);
          expect(await claimFirstWindow(other, carrier, day, [windows[0]!])).toBeNull();
        });
        // The same window of another day, or of another carrier, is not the same claim.
        await second.db.transaction(async (other) => {
          expect(await claimFirstWindow(other, carrier, "2025-06-12", windows)).toBe(0);
          expect(await claimFirstWindow(other, carrierFixture("someone-else"), day, windows)).toBe(0);
        });
      });
      // Claims end with their transaction.
      await second.db.transaction(async (other) => {
        expect(await claimFirstWindow(other, carrier, day, windows)).toBe(0);
      });
    });

    it("takes a lapsed hold again under the day's lock at payment: a day filled meanwhile is refused, not sold twice (ADR 212)", async () => {
      const carrier = await carrierWith({ technicians: 1, slots: 1 });
      const date = "2025-06-05";
      const engine = engineFor(0);
      const start = async () => {
        const { reference } = await engine.basket.buildBooking(carrier);
        await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
        await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
        await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
        return reference;
      };
      const slow = await start();
      await engine.basket.setDate(carrier, slow, { date });
      // The slow customer's hold runs out; another takes the day's only unit and pays.
      clock.advance(24 * 60 * 60_000);
      const quick = await start();
      await engineFor(1).basket.setDate(carrier, quick, { date });
      await expect(engineFor(1).checkout.charge(carrier, quick, { currency: "GBP", token: "fake-valid-nonce" })).resolves.toMatchObject({ checkout_status: "SUCCESS" });
      await expect(engine.checkout.charge(carrier, slow, { currency: "GBP", token: "fake-valid-nonce" })).rejects.toMatchObject({ code: "BK13" });
      const orders = await first.db.select().from(s.orders).where(eq(s.orders.carrierCode, carrier.code));
      expect(orders.map((o) => o.date)).toEqual([date]);
    });

    it("takes over at once the payment of a replica killed after charging, and never a live slow one's (ADR 142)", async () => {
      const carrier = await carrierWith({});
      const ready = async () => {
        const engine = replicas[0]!.engine;
        const { reference } = await engine.basket.buildBooking(carrier);
        await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
        await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
        await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
        await engine.basket.setDate(carrier, reference, { date: "2025-06-04" });
        return reference;
      };
      const FAST = { paymentHeartbeatMs: 100, paymentSilentMs: 500, paymentWaitMs: 5_000 };
      const on = (opened: OpenedDatabase, payments: SandboxGateway | ReturnType<typeof createSandboxGateway>, config = FAST) =>
        createEngine({ db: opened.db, clock, payments, addresses: createEmbeddedAddressProvider(), files: memoryFiles(), config });
      const pay = (engine: Engine, reference: string) => engine.checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" });

      // A live replica whose provider takes 1.5 s: its heartbeat (on Postgres) keeps the other waiting.
      const live = await ready();
      const slowGateway = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(first.db), now: clock.now });
      let sales = 0;
      const slow = {
        ...slowGateway,
        sale: async (request: Parameters<SandboxGateway["sale"]>[0]) => {
          sales += 1;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return slowGateway.sale(request);
        },
      };
      const payer = pay(on(first, slow), live);
      while (sales === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const [a, b] = await Promise.allSettled([payer, pay(on(second, slow), live)]);
      expect(a).toMatchObject({ status: "fulfilled", value: { checkout_status: "SUCCESS" } });
      expect(b).toMatchObject({ status: "rejected", reason: { code: "BK07" } });
      expect(sales).toBe(1);
      // The heartbeat moved the claim on the database, though the test clock stands still.
      const [attempt] = await replicas[0]!.engine.checkout.paymentAttempts(carrier, live);
      expect(attempt!.claimedAt.getTime()).toBeGreaterThan(clock.now().getTime());

      // A replica killed right after the provider charged: no answer, no heartbeat.
      const killed = await ready();
      const ledger = createPaymentLedger<SandboxLedgerRecord>(first.db);
      const dyingGateway = createSandboxGateway({ ledger, now: clock.now });
      let charged = false;
      const dying = {
        ...dyingGateway,
        sale: async (request: Parameters<SandboxGateway["sale"]>[0]) => {
          await dyingGateway.sale(request);
          charged = true;
          return new Promise<never>(() => undefined);
        },
      };
      void pay(on(first, dying, { ...FAST, paymentHeartbeatMs: 3_600_000 }), killed);
      while (!charged) await new Promise((resolve) => setTimeout(resolve, 20));
      const started = Date.now();
      const other = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(second.db), now: clock.now });
      expect(await pay(on(second, other), killed)).toMatchObject({ checkout_status: "SUCCESS" });
      expect(Date.now() - started).toBeLessThan(FAST.paymentWaitMs);
      const ledgerSales = await queryRows<{ n: string }>(first.db, sql`select count(*) as n from payment_ledger where key like ${`sale:${carrier.code}:${killed}:%`}`);
      expect(Number(ledgerSales[0]!.n)).toBe(1);
      expect(other.transactions().map((sale) => sale.id)).toEqual(dyingGateway.transactions().map((sale) => sale.id));
      expect((await replicas[0]!.engine.checkout.paymentAttempts(carrier, killed)).map((row) => row.status)).toEqual(["SUCCEEDED"]);
      expect(await first.db.select().from(s.orders).where(eq(s.orders.carrierCode, carrier.code))).toHaveLength(2);
    });

    it("gives the last slot of a day to only one of two orders changing their date at once", async () => {
      const carrier = await carrierWith({ technicians: 1, slots: 2 });
      const lookups = [];
      for (let i = 0; i < 2; i++) {
        const engine = engineFor(i);
        const { reference } = await engine.basket.buildBooking(carrier);
        await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
        await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.galaxyS24v128, problems: [IDS.screen] });
        await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
        await engine.basket.setDate(carrier, reference, { date: "2025-06-05" });
        const done = await engine.checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce" });
        lookups.push({ order_ref: String(done.order_id), email: "ada@example.com" });
      }
      // One unit left on the 10th.
      const { reference } = await engineFor(0).basket.buildBooking(carrier);
      await engineFor(0).basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
      await engineFor(0).basket.setDate(carrier, reference, { date: "2025-06-10" });
      const results = await Promise.allSettled(
        lookups.map((lookup, i) => engineFor(i).orders.changeOrderDate(carrier, lookup, { date: "2025-06-10", reason: "We will be away from home that day" })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
      expect(rejected.reason.code).toBe("OR04");
    });

    it("lets exactly 3 of 12 concurrent payers complete with a promo code limited to 3 uses", async () => {
      const carrier = await carrierWith({
        slots: 6,
        extra: { discount_codes: [{ code: "THREE", kind: "fixed", value: 500, expires_at: null, single_use: false, usage_limit: 3 }] },
      });
      const refs = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const engine = engineFor(i);
          const { reference } = await engine.basket.buildBooking(carrier);
          await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
          await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
          await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
          await engine.basket.setDate(carrier, reference, { date: ["2025-06-03", "2025-06-04", "2025-06-05"][i % 3]! });
          await engine.basket.applyDiscountCode(carrier, reference, { discount_code: "THREE" });
          return reference;
        }),
      );
      const results = await Promise.allSettled(
        refs.map((ref, i) => engineFor(i).checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce", payment_type: "card" })),
      );
      const codes = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason?.code ?? String(r.reason));
      expect({ completed: results.filter((r) => r.status === "fulfilled").length, refused: [...new Set(codes)] }).toEqual({ completed: 3, refused: ["PROMO_ALREADY_USED"] });
      const [row] = await first.db
        .select()
        .from(s.discountCodes)
        .where(and(eq(s.discountCodes.carrierCode, carrier.code), eq(s.discountCodes.code, "THREE")));
      expect(row!.usedCount).toBe(3);
    });

    it("lets exactly 2 of 8 concurrent free bookings confirm with a 100% code limited to 2 uses", async () => {
      const carrier = await carrierWith({
        slots: 6,
        extra: { discount_codes: [{ code: "FREE2", kind: "percent", value: 100, expires_at: null, single_use: false, usage_limit: 2 }] },
      });
      const refs = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const engine = engineFor(i);
          const { reference } = await engine.basket.buildBooking(carrier);
          await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
          await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
          await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
          await engine.basket.setDate(carrier, reference, { date: ["2025-06-03", "2025-06-04"][i % 2]! });
          await engine.basket.applyDiscountCode(carrier, reference, { discount_code: "FREE2" });
          return reference;
        }),
      );
      const results = await Promise.allSettled(refs.map((ref, i) => engineFor(i).checkout.confirmPromo(carrier, ref)));
      const codes = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason?.code ?? String(r.reason));
      expect({ completed: results.filter((r) => r.status === "fulfilled").length, refused: [...new Set(codes)] }).toEqual({ completed: 2, refused: ["PROMO_ALREADY_USED"] });
    });

    it("lets two replicas sync operations from the CMS feed at once: each change is applied by exactly one", async () => {
      const name = `${databaseName}_sync`;
      await admin((client) => client.query(`create database "${name}"`));
      const env = { DATABASE_URL: urlFor(name), DATABASE_POOL_MAX: "4" };
      const pair = await Promise.all([openDatabase(env), openDatabase(env)]);
      const feed = await startFakeFeed({ catalogue: catalogueFixture(), carriers: { "sync-a": engineFixture({ code: "sync-a" }), "sync-b": engineFixture({ code: "sync-b" }) } });
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      try {
        const syncs = pair.map((p) => createOperationsSync({ db: p.db, source: createCmsFeedSource({ url: feed.url, token: feed.token }), log: quiet }));
        const [a, b] = await Promise.all(syncs.map((sync) => sync.reconcile()));
        const results = [...a!, ...b!].filter((o) => o.subject !== "carriers");
        expect(
          results
            .filter((o) => o.subject === "catalogue")
            .map((o) => o.result)
            .sort(),
        ).toEqual(["created", "stale"]);
        for (const code of ["sync-a", "sync-b"]) {
          expect(results.filter((o) => o.subject === code && o.result === "created")).toHaveLength(1);
        }
      } finally {
        await feed.close();
        await Promise.all(pair.map((p) => p.close()));
        await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    });

    it("keeps carriers apart: one carrier's reference is unknown to another", async () => {
      const a = await carrierWith({});
      const b = await carrierWith({});
      const { reference } = await engineFor(0).basket.buildBooking(a);
      await expect(engineFor(1).basket.getBooking(b, reference)).rejects.toMatchObject({ code: "BK01" });
    });
  });
}
