/**
 * The content invalidation bus (ADR 059) on real PostgreSQL: what one instance publishes, every other
 * instance hears; an instance ignores its own echo and malformed notifications; a listener whose
 * connection is killed reconnects, listens again and drops everything once for what it missed.
 * Runs against TEST_DATABASE_URL in a database of its own, dropped at the end.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_INVALIDATION_CHANNEL, createContentInvalidationBus, type ContentInvalidation, type ContentInvalidationBus } from "../../booking/index";
import { waitFor } from "../support/app";

const baseUrl = process.env.TEST_DATABASE_URL;

if (!baseUrl) {
  describe("content invalidation over Postgres", () => {
    it.skip("skipped: TEST_DATABASE_URL is not set (npm test starts a private PostgreSQL cluster when the server binaries are installed)", () => {});
  });
} else {
  const databaseName = `invalidation_it_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();

  async function admin<T>(fn: (client: pg.Client) => Promise<T>, connectionString = baseUrl): Promise<T> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  describe("content invalidation over Postgres", () => {
    let first: ContentInvalidationBus;
    let second: ContentInvalidationBus;
    const heardByFirst: ContentInvalidation[] = [];
    const heardBySecond: ContentInvalidation[] = [];
    const logs: string[] = [];

    beforeAll(async () => {
      await admin((client) => client.query(`create database "${databaseName}"`));
      const options = { log: (line: string) => logs.push(line), maxRetryDelayMs: 200 };
      first = createContentInvalidationBus({ DATABASE_URL: databaseUrl }, options);
      second = createContentInvalidationBus({ DATABASE_URL: databaseUrl }, options);
      first.subscribe((change) => heardByFirst.push(change));
      second.subscribe((change) => heardBySecond.push(change));
      await Promise.all([first.ready(), second.ready()]);
    });

    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
    });

    it("uses Postgres when DATABASE_URL is set, and nothing on embedded PGlite", async () => {
      expect(first.transport).toBe("postgres");
      const embedded = createContentInvalidationBus({ BOOKING_DATA_DIR: "memory://" });
      expect(embedded.transport).toBe("none");
      expect(await embedded.publish({ model: "faq-item", carrierCode: "alpha" })).toBe(false);
    });

    it("delivers a carrier's change to the other instance and not back to the publisher", async () => {
      heardByFirst.length = 0;
      heardBySecond.length = 0;
      expect(await first.publish({ model: "faq-item", carrierCode: "alpha" })).toBe(true);
      await waitFor(async () => heardBySecond.length > 0, { timeoutMs: 2_000 });
      expect(heardBySecond).toEqual([{ model: "faq-item", carrierCode: "alpha" }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByFirst).toEqual([]);
    });

    it("ignores a malformed notification and keeps listening", async () => {
      heardBySecond.length = 0;
      await admin(async (client) => {
        await client.query(`select pg_notify($1, $2)`, [CONTENT_INVALIDATION_CHANNEL, "not json"]);
        await client.query(`select pg_notify($1, $2)`, [CONTENT_INVALIDATION_CHANNEL, JSON.stringify({ v: 1, origin: "x", model: "faq-item", carrierCode: "DROP TABLE" })]);
        await client.query(`select pg_notify($1, $2)`, [CONTENT_INVALIDATION_CHANNEL, JSON.stringify({ v: 1, origin: "x", model: "faq-item", carrierCode: "beta" })]);
      }, databaseUrl);
      const ignored = () => logs.filter((line) => line.startsWith("ignored a malformed notification"));
      // Both listeners hear the notifications, each in its own time: wait for both, not the first.
      await waitFor(async () => heardBySecond.length > 0 && ignored().length >= 4, { timeoutMs: 2_000 });
      expect(heardBySecond).toEqual([{ model: "faq-item", carrierCode: "beta" }]);
      expect(ignored()).toHaveLength(4); // two per listener
    });

    it("reconnects after the connection is killed, drops everything once, and hears later changes", async () => {
      heardBySecond.length = 0;
      const killed = await admin(
        (client) => client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [databaseName]),
        baseUrl,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      await waitFor(async () => heardBySecond.some((change) => change.carrierCode === null), { timeoutMs: 10_000 });
      await waitFor(
        async () => {
          await first.publish({ model: "landing-page", carrierCode: "gamma" });
          return heardBySecond.some((change) => change.carrierCode === "gamma");
        },
        { timeoutMs: 10_000, intervalMs: 300 },
      );
    });
  });
}
