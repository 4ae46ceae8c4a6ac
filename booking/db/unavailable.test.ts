import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../domain/errors";
import { openDatabase } from "./open";
import { asDatabaseUnavailable, DatabaseUnavailableError, guardDatabaseFailures, isDatabaseUnavailable } from "./unavailable";

/** A port nobody listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the driver throws, caught. */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("the database unavailable", () => {
  let refusedUrl = "";
  // Accepts connections and never answers: a server that hangs (or a dropped network path).
  const held = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    held.add(socket);
    socket.on("error", () => undefined);
  });
  let silentUrl = "";

  beforeAll(async () => {
    refusedUrl = `postgres://postgres@127.0.0.1:${await closedPort()}/booking`;
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/booking`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("recognises a refused connection, also wrapped in Drizzle's query error", async () => {
    const pool = new pg.Pool({ connectionString: refusedUrl });
    try {
      const raw = await failure(() => pool.query("select 1"));
      expect((raw as { code?: string }).code).toBe("ECONNREFUSED");
      const wrapped = await failure(() => drizzle({ client: pool }).execute(sql`select 1`));
      expect((wrapped as Error).message).toMatch(/Failed query/);
      for (const error of [raw, wrapped]) {
        const typed = asDatabaseUnavailable(error);
        expect(typed).toBeInstanceOf(DatabaseUnavailableError);
        expect(typed?.code).toBe("DATABASE_UNAVAILABLE");
        expect(typed?.cause).toBe(error);
      }
    } finally {
      await pool.end();
    }
  });

  it("recognises a connection that times out", async () => {
    const pool = new pg.Pool({ connectionString: silentUrl, connectionTimeoutMillis: 200 });
    try {
      const error = await failure(() => pool.query("select 1"));
      expect(isDatabaseUnavailable(asDatabaseUnavailable(error))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("recognises the server ending the session (57P01) and refusing it while starting or stopping (57P03)", () => {
    for (const code of ["57P01", "57P03"]) {
      const error = Object.assign(new Error("terminating connection due to administrator command"), { code, severity: "FATAL" });
      expect(asDatabaseUnavailable(new Error("Failed query: select 1", { cause: error }))).toBeInstanceOf(DatabaseUnavailableError);
    }
    expect(asDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBeInstanceOf(DatabaseUnavailableError);
  });

  it("leaves every other error alone: a failing statement, a domain error, a plain bug", async () => {
    // The run's migrated template makes this a quick open (ADR 285); a bare PGlite would run initdb.
    const opened = await openDatabase({ BOOKING_DATA_DIR: "memory://" });
    try {
      const division = await failure(() => opened.db.execute(sql`select 1/0`));
      expect(asDatabaseUnavailable(division)).toBeNull();
    } finally {
      await opened.close();
    }
    expect(asDatabaseUnavailable(new DomainError("BK04", ["Booking not found"]))).toBeNull();
    expect(asDatabaseUnavailable(new TypeError("x is undefined"))).toBeNull();
    expect(asDatabaseUnavailable(undefined)).toBeNull();
  });

  it("turns an operation's connection failure into the typed error and passes others through", async () => {
    const pool = new pg.Pool({ connectionString: refusedUrl });
    try {
      const operations = guardDatabaseFailures({
        read: () => pool.query("select 1"),
        broken: async () => {
          throw new DomainError("BK04", ["Booking not found"]);
        },
        plain: () => 42,
        setting: "kept",
      });
      await expect(operations.read()).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(operations.broken()).rejects.toBeInstanceOf(DomainError);
      expect(operations.plain()).toBe(42);
      expect(operations.setting).toBe("kept");
    } finally {
      await pool.end();
    }
  });

  it("pings a server that does not answer as unavailable within the connect timeout", async () => {
    const opened = await openDatabase({ DATABASE_URL: silentUrl, DATABASE_CONNECT_TIMEOUT_MS: "300" }, { migrate: false });
    try {
      const started = Date.now();
      const error = await failure(() => opened.ping());
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await opened.close();
    }
  });

  // Needs a real server (scripts/test.mjs passes its private cluster to the unit suite).
  it.skipIf(!process.env.TEST_DATABASE_URL)("lets a request wait for a busy pool's client longer than the connect timeout", async () => {
    const opened = await openDatabase({ DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_POOL_MAX: "1", DATABASE_CONNECT_TIMEOUT_MS: "300" }, { migrate: false });
    try {
      const started = Date.now();
      const [slow, waiting] = await Promise.allSettled([opened.db.execute(sql`select pg_sleep(0.8)`), opened.db.execute(sql`select 1 as one`)]);
      expect(slow.status).toBe("fulfilled");
      expect(waiting.status).toBe("fulfilled");
      expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    } finally {
      await opened.close();
    }
  });
});
