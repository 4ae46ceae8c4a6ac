/**
 * Issue 6 on real PostgreSQL: failed order lookups are counted in the database, so two app
 * replicas (two engines on two connection pools) share one throttle; a message sent through one is
 * visible to operations through the other. Runs against TEST_DATABASE_URL in a database of its own.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxLedgerRecord } from "../../booking/adapters/sandbox-payments/sandbox-gateway";
import { seedCatalogue } from "../../booking/catalogue/seed";
import { seedCarrier } from "../../booking/catalogue/seed-carrier";
import { openDatabase, type OpenedDatabase } from "../../booking/db/open";
import { createPaymentLedger } from "../../booking/db/payment-ledger";
import type { CarrierContext } from "../../booking/domain/carrier";
import { createEngine } from "../../booking/compose";
import type { Engine } from "../../booking/engine";
import { fixedClock } from "../../booking/ports/clock";
import { carrierFixture, catalogueFixture, engineFixture, IDS } from "../../booking/testing/fixtures";
import { memoryFiles, VALID_DETAILS } from "../../booking/testing/engine";

const baseUrl = process.env.TEST_DATABASE_URL;

if (!baseUrl) {
  describe("manage booking on PostgreSQL", () => {
    it.skip("skipped: TEST_DATABASE_URL is not set (npm test starts a private PostgreSQL cluster when the server binaries are installed)", () => {});
  });
} else {
  const databaseName = `manage_it_${process.pid}_${Date.now().toString(36)}`;
  const clock = fixedClock("2025-06-02T08:00:00Z");
  let first: OpenedDatabase;
  let second: OpenedDatabase;
  let replicas: [Engine, Engine];
  let carrier: CarrierContext;
  let lookup: { order_ref: string; email: string };

  const urlFor = (database: string) => Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  const replica = (opened: OpenedDatabase) =>
    createEngine({
      db: opened.db,
      clock,
      payments: createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(opened.db), now: clock.now }),
      addresses: createEmbeddedAddressProvider(),
      files: memoryFiles(),
    });

  beforeAll(async () => {
    await admin(`create database "${databaseName}"`);
    const env = { DATABASE_URL: urlFor(databaseName), DATABASE_POOL_MAX: "10" };
    [first, second] = await Promise.all([openDatabase(env), openDatabase(env)]);
    await seedCatalogue(first.db, catalogueFixture());
    await seedCarrier(first.db, engineFixture({ code: "pg-manage" }));
    carrier = carrierFixture("pg-manage");
    replicas = [replica(first), replica(second)];
    const engine = replicas[0];
    const { reference } = await engine.basket.buildBooking(carrier, { referrer: "test" });
    await engine.basket.setPostcode(carrier, reference, { postcode: "SW1A 2AA" });
    await engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] });
    await engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS);
    await engine.basket.setDate(carrier, reference, { date: "2025-06-05" });
    const done = await engine.checkout.charge(carrier, reference, { currency: "GBP", token: "fake-valid-nonce" });
    lookup = { order_ref: String(done.order_id), email: "ada@example.com" };
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
  });

  describe("manage booking on PostgreSQL", () => {
    it("shares the failed-lookup count between replicas: five failures spread over both refuse the e-mail on either", async () => {
      const [a, b] = replicas;
      const wrong = { ...lookup, order_ref: "99999999" };
      const failures = await Promise.allSettled([a, b, a, b, a].map((engine) => engine.orders.lookupOrderThrottled(carrier, wrong, { clientAddress: "203.0.113.9" })));
      expect(failures.map((f) => (f.status === "rejected" ? (f.reason as { code: string }).code : "found"))).toEqual(Array(5).fill("ORDER_NOT_FOUND"));
      for (const engine of [a, b]) {
        await expect(engine.orders.lookupOrderThrottled(carrier, lookup, { clientAddress: "198.51.100.1" })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS", status: 429 });
      }
      clock.advance(15 * 60_000 + 1_000);
      await expect(b.orders.lookupOrderThrottled(carrier, lookup)).resolves.toMatchObject({ order_id: Number(lookup.order_ref) });
    });

    it("stores a message through one replica that operations read through the other", async () => {
      const [a, b] = replicas;
      const sent = await a.contact.sendContactMessage(carrier, {
        name: "Ada",
        email: "ada@example.com",
        phone: "07700900123",
        reason: { id: 1, title: "My booking" },
        message: "Hello",
        locale: "en",
      });
      expect((await b.contact.listContactMessages(carrier)).map((m) => m.id)).toContain(sent.id);
      const callBack = await b.contact.requestCallBack(carrier, null, { name: "Ada", email: "ada@example.com", phone: "07700900123" });
      expect((await a.contact.listCallBackRequests(carrier)).map((r) => r.id)).toContain(callBack.id);
    });
  });
}
