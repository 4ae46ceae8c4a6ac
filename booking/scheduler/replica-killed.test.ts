/**
 * The engine-level twin of tests/production/03-replica-killed (issue 38 item 5, ADR 258): two
 * engine instances (the two replicas) on one database (PGlite, or with TEST_DATABASE_URL each its
 * own pool on one PostgreSQL database), twenty customers paying across both (some
 * pressing pay on both at once, as a customer retrying on the other replica does), the production
 * senders in front of real SMTP to the production shape's own mail server, and replica 1 killed
 * after the mail server accepted one of its confirmations but before it recorded the send. Replica
 * 2 takes the dead replica's claims over once their lease has run out.
 *
 * What the production run once saw was 21 confirmations with 21 distinct Message-IDs for 20 orders.
 * The confirmation the dead replica had handed over is sent again (no protocol closes that window,
 * ADR 156), but it must carry the same Message-ID, made from its row's dedupe key, so that mail
 * systems and the customer's mailbox show it once. The carriers' senders (withSenders) dropped the
 * key with the rest of the fields their schema did not name, and every send got a random id.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailServer } from "../../scripts/mail-server.mjs";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import { createSmtpEmailSender } from "../adapters/smtp/smtp-email";
import * as s from "../db/schema";
import { openDatabase, type OpenedDatabase } from "../db/open";
import { seedCatalogue } from "../catalogue/seed";
import { sendersFromEnv, withSenders } from "../notifications/senders";
import type { EmailSender, Notifications } from "../ports/notifications";
import { openTestDatabase } from "../testing/db";
import { catalogueFixture } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, staticMessageContent, type TestEngine } from "../testing/engine";

const CUSTOMERS = 20;
/** Customers who press pay on both replicas at once (a retry on the other replica while the first still works on it). */
const TWICE = 6;
/** Replica 1 dies after the mail server accepted this many of its messages, before recording the last. */
const KILL_AFTER = 3;
const LEASE_MS = 10_000;
const SENDER = { emailFromName: "FixFast", emailFromAddress: "bookings@fixfast.example", smsSenderId: "FixFast" };

/** Replica 1's database and replica 2's: one PGlite shared in memory, or two pools on one PostgreSQL database (TEST_DATABASE_URL). */
let opened: OpenedDatabase;
let openedTwo: OpenedDatabase;
let work: string;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "replica-killed-"));
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    opened = openedTwo = await openTestDatabase();
    closers.push(() => opened.close());
    return;
  }
  const name = `replica_killed_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  closers.push(async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  opened = await openDatabase({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: "10" });
  closers.push(() => opened.close());
  await seedCatalogue(opened.db, catalogueFixture());
  openedTwo = await openDatabase({ DATABASE_URL: url.toString(), DATABASE_POOL_MAX: "10" });
  closers.push(() => openedTwo.close());
});
afterAll(async () => {
  while (closers.length) await closers.pop()!();
  await rm(work, { recursive: true, force: true });
});

/** One replica's customer messages as production sends them: SMTP and the outbox's SMS behind the carriers' senders. */
function replicaNotifications(email: EmailSender, name: string): Notifications {
  return withSenders({ email, sms: createOutboxSenders({ dir: join(work, name) }).sms }, sendersFromEnv({}, SENDER));
}

async function replica(name: string, database: OpenedDatabase, email: (smtp: EmailSender) => EmailSender, port: number): Promise<TestEngine> {
  const smtp = createSmtpEmailSender({ host: "127.0.0.1", port, secure: false, timeoutMs: 5_000 });
  return createTestEngine({
    opened: database,
    notifications: replicaNotifications(email(smtp), name),
    messageContent: staticMessageContent(),
    scheduler: { leaseMs: LEASE_MS, batchSize: 50 },
  });
}

/** `REPLICA_KILLED_REPEATS=29` runs it 30 times in one process (ADR 258 reports such a loop). */
const repeats = Number(process.env.REPLICA_KILLED_REPEATS ?? 0);

describe("a replica killed while customers pay and their confirmations go out", () => {
  it("confirms every order once to the customer: a confirmation sent again after the kill carries the same Message-ID", { repeats, timeout: 60_000 }, async () => {
    const mail = await startMailServer({ dir: join(work, "mail") });
    try {
      let accepted = 0;
      let killed!: () => void;
      const dead = new Promise<void>((resolve) => (killed = resolve));
      // Replica 1's process dies right after the mail server accepted its KILL_AFTER-th message: the
      // send never returns, so the row is never recorded as sent and stays claimed under its lease.
      const first = await replica(
        "replica-1",
        opened,
        (smtp) => ({
          ...smtp,
          async sendEmail(message) {
            const receipt = await smtp.sendEmail(message);
            accepted += 1;
            if (accepted >= KILL_AFTER) {
              killed();
              await new Promise<never>(() => undefined);
            }
            return receipt;
          },
        }),
        mail.port,
      );
      const second = await replica("replica-2", openedTwo, (smtp) => smtp, mail.port);
      const carrier = await newCarrier(first, { technicians: 10, slots: 3 });

      // Twenty customers book and pay, alternately on each replica; the first TWICE press pay on both at once.
      const emails = Array.from({ length: CUSTOMERS }, (_, index) => `killed-${index}-${Math.random().toString(36).slice(2, 8)}@example.com`);
      const journeys = emails.map(async (email, index) => {
        const [mine, other] = index % 2 ? [second, first] : [first, second];
        const { ref } = await readyBooking(mine, carrier, { details: { email } });
        const pay = (engine: TestEngine) => engine.engine.checkout.charge(carrier, ref, { currency: carrier.currency, token: "fake-valid-nonce" });
        if (index >= TWICE) return pay(mine);
        const presses = await Promise.allSettled([pay(mine), pay(other)]);
        // A press that met the other one still working is answered "in progress" (ADR 014); the customer presses again.
        if (presses.every((press) => press.status === "rejected")) return pay(mine);
        return presses.find((press) => press.status === "fulfilled")!.value;
      });
      await Promise.all(journeys);

      const orders = await opened.db.select({ orderRef: s.orders.orderRef, email: s.orders.email }).from(s.orders).where(inArray(s.orders.email, emails));
      expect(orders).toHaveLength(CUSTOMERS);
      const refs = orders.map((order) => order.orderRef);
      const confirmationRows = () =>
        opened.db
          .select({ dedupeKey: s.scheduledJobs.dedupeKey, state: s.scheduledJobs.state, attempts: s.scheduledJobs.attempts })
          .from(s.scheduledJobs)
          .where(and(inArray(s.scheduledJobs.orderRef, refs), eq(s.scheduledJobs.kind, "booking-confirmed"), eq(s.scheduledJobs.channel, "email")));
      // One confirmation row per order, however many presses and replicas completed the payment.
      expect(await confirmationRows()).toHaveLength(CUSTOMERS);

      // Replica 1 starts sending, and is killed mid-batch.
      void first.engine.messages.runScheduledJobs();
      await dead;
      // Its claims come back once their lease has run out; replica 2 sends them.
      second.clock.advance(LEASE_MS + 1_000);
      for (let pass = 0; pass < 10; pass += 1) if ((await second.engine.messages.runScheduledJobs()).claimed === 0) break;

      expect((await confirmationRows()).every((row) => row.state === "sent")).toBe(true);
      const confirmations = mail
        .messages()
        .map(({ raw }) => ({ raw, to: (JSON.parse(/^X-Envelope: (.*)$/m.exec(raw)![1]!) as { to: string[] }).to }))
        .filter((message) => emails.some((email) => message.to.includes(email)) && /text\/calendar/i.test(message.raw));
      const messageIds = confirmations.map((message) => /^Message-ID: (.*)$/im.exec(message.raw)?.[1]?.trim());
      // The confirmation in flight when replica 1 died went out twice (at least once, ADR 156) …
      expect(confirmations).toHaveLength(CUSTOMERS + 1);
      // … as one message: one Message-ID per order, made from its row's key.
      expect(new Set(messageIds).size).toBe(CUSTOMERS);
      for (const order of orders) {
        const theirs = confirmations.filter((message) => message.to.includes(order.email));
        expect(theirs.length, order.email).toBeGreaterThanOrEqual(1);
        for (const message of theirs) expect(message.raw).toContain(`Message-ID: <booking-confirmed.${order.orderRef}.email@fixfast.example>`);
      }
    } finally {
      await mail.stop();
    }
  });
});
