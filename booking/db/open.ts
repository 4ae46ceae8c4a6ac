/**
 * Opening the engine's database (ADR 010). One code path serves both drivers: the handle is typed as
 * `PgDatabase<PgQueryResultHKT, typeof schema>`.
 *
 * - `DATABASE_URL=postgres://…` → node-postgres with a pool (`DATABASE_POOL_MAX`, default 10); a new
 *   connection gives up after `DATABASE_CONNECT_TIMEOUT_MS` (default 3000, ADR 145).
 * - otherwise embedded PGlite in `BOOKING_DATA_DIR` (default `data/booking`); `memory://` keeps it in memory,
 *   started from the migrated template a test run sets in `PGLITE_MEMORY_TEMPLATE` when there is one (ADR 285).
 *   Its buffer pool is `PGLITE_SHARED_BUFFERS` (default 16MB, ADR 216): PGlite's WebAssembly memory never
 *   shrinks, so Postgres's default 128MB of buffers, filled page by page, is memory the process keeps.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { z } from "zod";
import * as schema from "./schema";
import { migrationsFolder } from "./migrate";
import { asDatabaseUnavailable } from "./unavailable";
import { pgliteTemplate } from "./pglite-template";

export type BookingDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
export type BookingTransaction = Parameters<Parameters<BookingDatabase["transaction"]>[0]>[0];
/** Either the database or an open transaction: query helpers accept both. */
export type DbOrTx = BookingDatabase | BookingTransaction;

export interface OpenedDatabase {
  db: BookingDatabase;
  kind: "pglite" | "postgres";
  /** Where the data lives: the PGlite folder, 'memory', or the Postgres URL without its password. */
  location: string;
  /** One round trip to the server; rejects (DatabaseUnavailableError) when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const databaseEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  BOOKING_DATA_DIR: z.string().min(1).default("data/booking"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A request waits at most this long for a new connection, so a stopped server means a quick 503, not a hang. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  BOOKING_MIGRATIONS_DIR: z.string().optional(),
  /** PGlite's buffer pool (Postgres `shared_buffers`): the most its memory grows by with the data it reads. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,5}(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS is a size such as 16MB")
    .default("16MB"),
});

export type DatabaseEnv = z.input<typeof databaseEnvSchema>;

export interface OpenOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
}

export async function openDatabase(env: DatabaseEnv | NodeJS.ProcessEnv = process.env, options: OpenOptions = {}): Promise<OpenedDatabase> {
  const config = databaseEnvSchema.parse({
    DATABASE_URL: env.DATABASE_URL,
    BOOKING_DATA_DIR: env.BOOKING_DATA_DIR || undefined,
    DATABASE_POOL_MAX: env.DATABASE_POOL_MAX || undefined,
    DATABASE_CONNECT_TIMEOUT_MS: env.DATABASE_CONNECT_TIMEOUT_MS || undefined,
    BOOKING_MIGRATIONS_DIR: env.BOOKING_MIGRATIONS_DIR || undefined,
    PGLITE_SHARED_BUFFERS: env.PGLITE_SHARED_BUFFERS || undefined,
  });
  const { opened, migrate } = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX, config.DATABASE_CONNECT_TIMEOUT_MS)
    : await openPglite(config.BOOKING_DATA_DIR, config.PGLITE_SHARED_BUFFERS, {
        // Only a database that is to be migrated with the committed migrations may start from their template.
        template: options.migrate !== false && !config.BOOKING_MIGRATIONS_DIR,
      });
  if (options.migrate !== false) {
    try {
      await migrate(migrationsFolder(config.BOOKING_MIGRATIONS_DIR));
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
  }
  return opened;
}

interface Opening {
  opened: OpenedDatabase;
  migrate(folder: string): Promise<void>;
}

async function openPglite(dataDir: string, sharedBuffers: string, use: { template: boolean }): Promise<Opening> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dataDir === "memory://" || dataDir === ":memory:";
  let location = "memory";
  let client: InstanceType<typeof PGlite>;
  const options = { postgresqlconf: [`shared_buffers=${sharedBuffers}`] };
  if (inMemory) {
    const loadDataDir = use.template ? pgliteTemplate() : undefined;
    client = new PGlite(loadDataDir ? { ...options, loadDataDir } : options);
  } else {
    location = path.resolve(dataDir);
    // PGlite creates its own folder but not the parents.
    mkdirSync(path.dirname(location), { recursive: true });
    client = new PGlite(location, options);
  }
  await client.waitReady;
  const pgliteDb = drizzle({ client, schema });
  let closed = false;
  return {
    opened: {
      db: pgliteDb as unknown as BookingDatabase,
      kind: "pglite",
      location,
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
      },
    },
    migrate: async (folder) => {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(pgliteDb, { migrationsFolder: folder });
    },
  };
}

/** Any fixed number: every instance starting at once queues on it, so migrations run exactly once. */
const MIGRATION_LOCK_KEY = 731_001;

async function openPostgres(url: string, max: number, connectTimeoutMs: number): Promise<Opening> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { Pool, Client } = (pg.default ?? pg) as unknown as typeof import("pg");
  // The connect timeout bounds making a connection only. Given to the pool, it would also bound the
  // wait for a busy pool's free client, and a burst of load would be answered "database unavailable".
  class ConnectingClient extends Client {
    constructor(config?: import("pg").ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  // A client whose connection broke is dropped by the pool (on its error event, or on release after
  // a failed query) and a new one is made on demand: after a server restart the pool heals itself.
  const pool = new Pool({ connectionString: url, max, Client: ConnectingClient });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on("error", () => undefined);
  const db = drizzle({ client: pool, schema }) as unknown as BookingDatabase;
  let closed = false;
  return {
    opened: {
      db,
      kind: "postgres",
      location: redact(url),
      ping: async () => {
        try {
          await pool.query("select 1");
        } catch (error) {
          throw asDatabaseUnavailable(error) ?? error;
        }
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    },
    migrate: async (folder) => {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // A dedicated connection holds a session advisory lock, so concurrent app instances migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder: folder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres://…";
  }
}

/** Raw SQL rows, the same for both drivers (the generic handle types `execute` results as unknown). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The same as `inOrder`, but side by side when `db` is not a transaction: each query takes a
 * connection of its own from the pool (PGlite queues them on its one), so a read of several
 * independent parts costs one round trip of waiting instead of one per part (ADR 219).
 */
export function together<T extends readonly (() => Promise<unknown>)[]>(db: DbOrTx, ...steps: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (db instanceof PgTransaction) return inOrder(...steps);
  return Promise.all(steps.map((step) => step())) as Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }>;
}

/**
 * Runs queries one after another and returns their results as a tuple. A transaction is one
 * connection, and a connection runs one query at a time (node-postgres deprecates overlapping
 * them), so code that may run inside a transaction uses this instead of Promise.all.
 */
export async function inOrder<T extends readonly (() => Promise<unknown>)[]>(...steps: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
