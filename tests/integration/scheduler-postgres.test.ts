/**
 * The durable scheduler (ADR 091) on real PostgreSQL: two app instances, each an engine on its own
 * connection pool, run their workers at the same time on one database, and every message goes out
 * exactly once. PGlite has one connection, so only Postgres can prove this. Runs against
 * TEST_DATABASE_URL (scripts/test.mjs sets it) in a database of its own, dropped at the end.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedAddressProvider } from "../../booking/adapters/embedded-addresses";
import { createSandboxGateway, type SandboxLedgerRecord } from "../../booking/adapters/sandbox-payments/sandbox-gateway";
import { openDatabase, type OpenedDatabase } from "../../booking/db/open";
import { createPaymentLedger } from "../../booking/db/payment-ledger";
import * as s from "../../booking/db/schema";
import { createEngine } from "../../booking/compose";
import type { Engine } from "../../booking/engine";
import { fixedClock } from "../../booking/ports/clock";
import type { EmailMessage, Notifications, SmsMessage } from "../../booking/ports/notifications";
import type { MessageRenderer } from "../../booking/scheduler/renderer";
import { memoryFiles } from "../../booking/testing/engine";

const baseUrl = process.env.TEST_DATABASE_URL;

if (!baseUrl) {
  describe("durable scheduler on PostgreSQL", () => {
    it.skip("skipped: TEST_DATABASE_URL is not set (npm test starts a private PostgreSQL cluster when the server binaries are installed)", () => {});
  });
} else {
  const databaseName = `scheduler_it_${process.pid}_${Date.now().toString(36)}`;
  const clock = fixedClock("2025-06-04T17:00:00Z");
  const sent: { instance: string; message: EmailMessage | SmsMessage }[] = [];
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

  /** Notifications that take a little while, as a provider does, and note which instance sent what. */
  function notificationsOf(instance: string): Notifications {
    const take = async (message: EmailMessage | SmsMessage) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      sent.push({ instance, message });
      return { provider: "memory", messageId: `${instance}-${sent.length}` };
    };
    return {
      email: { name: "memory", capabilities: { outbox: false }, sendEmail: take },
      sms: { name: "memory", capabilities: { outbox: false }, sendSms: take },
    };
  }

  const render: MessageRenderer = async ({ carrierCode, kind, orderRef }) => ({
    email: { carrierCode, to: { address: "ada@example.com" }, subject: `${kind} ${orderRef}`, text: `${kind} ${orderRef}`, html: "<p></p>" },
    sms: { carrierCode, to: "+447700900123", text: `${kind} ${orderRef}` },
  });

  beforeAll(async () => {
    await admin((client) => client.query(`create database "${databaseName}"`));
    const url = new URL(baseUrl);
    url.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: url.toString(), DATABASE_POOL_MAX: "8" };
    databases = await Promise.all([openDatabase(env), openDatabase(env)]);
    instances = databases.map((opened, i) =>
      createEngine({
        db: opened.db,
        clock,
        payments: createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(opened.db), now: clock.now }),
        addresses: createEmbeddedAddressProvider(),
        files: memoryFiles(),
        notifications: notificationsOf(`instance-${i + 1}`),
        render,
        scheduler: { batchSize: 10 },
      }),
    );
  });

  afterAll(async () => {
    for (const opened of databases) await opened.close();
    await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
  });

  describe("durable scheduler on PostgreSQL", () => {
    it("sends each due message exactly once while two instances' workers run at the same time", async () => {
      const count = 300;
      await databases[0]!.db.insert(s.scheduledJobs).values(
        Array.from({ length: count }, (_, i) => ({
          type: "message" as const,
          dedupeKey: `${200000 + i}:evening-before:${i % 2 ? "sms" : "email"}:1`,
          carrierCode: "pg-scheduler",
          orderRef: 200000 + i,
          kind: "evening-before",
          channel: i % 2 ? ("sms" as const) : ("email" as const),
          locale: "en",
          runAt: clock.now(),
        })),
      );

      // Each instance runs several passes at once, as two processes with slow passes would.
      const worker = async (engine: Engine) => {
        for (let pass = 0; pass < 40; pass++) {
          const results = await Promise.all([engine.messages.runScheduledJobs(), engine.messages.runScheduledJobs()]);
          if (results.every((r) => r.claimed === 0)) break;
        }
      };
      await Promise.all(instances.map(worker));

      const orderRefs = sent.map(({ message }) => Number(message.text.split(" ")[1]));
      expect(orderRefs).toHaveLength(count);
      expect(new Set(orderRefs).size).toBe(count);
      expect(new Set(sent.map((entry) => entry.instance))).toEqual(new Set(["instance-1", "instance-2"]));
      const rows = await databases[1]!.db.select({ state: s.scheduledJobs.state, attempts: s.scheduledJobs.attempts, type: s.scheduledJobs.type }).from(s.scheduledJobs);
      expect(rows.filter((r) => r.type === "message").every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
      // Both instances created the recurring hold purge at once: one row.
      expect(rows.filter((r) => r.type === "purge_holds")).toHaveLength(1);
    });
  });
}
