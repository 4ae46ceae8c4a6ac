/**
 * The statements every booking sends, prepared once (ADR 226): built by drizzle once per database
 * handle instead of on every call, and named, so PostgreSQL parses and plans each once per
 * connection (node-postgres keeps a named statement per connection; PGlite runs it as before).
 * Values are bound at execution through `sql.placeholder`, never written into the text.
 *
 * Inside a transaction a statement is bound to the transaction's connection: the first transaction
 * builds it, and later ones reuse that build with their own connection (ADR 242: building a statement
 * in drizzle costs the app's thread more than sending it; a booking's calls run a dozen of these
 * statements inside transactions). Its name still spares PostgreSQL the planning. Only statements
 * on a hot path belong here: a statement prepared per connection costs the server's memory for as
 * long as it lives.
 */
import { and, eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./open";
import * as s from "./schema";

const preparedPerDatabase = new WeakMap<object, Map<string, unknown>>();

/** What of drizzle's transaction and prepared query the reuse reads: the connection each holds. */
interface OnConnection {
  client?: unknown;
}

/**
 * Per kind of transaction (node-postgres, PGlite) and name, the statement the first transaction
 * built: its text, parameters and result mapping are the same for every transaction; only the
 * connection it runs on differs.
 */
const builtInTransactions = new Map<unknown, Map<string, object>>();

/** `statement` as built for another transaction, run on `client`: the build shared, the connection its own. */
function onConnection<Q>(statement: Q & object, client: unknown): Q {
  return Object.create(statement, { client: { value: client } }) as Q;
}

/** `build(db)` once per database handle and name; inside a transaction, once per kind of transaction and name, on the transaction's connection. */
function prepared<Q>(db: DbOrTx, name: string, build: (db: DbOrTx) => Q): Q {
  if (db instanceof PgTransaction) {
    const client = (db as unknown as { session?: OnConnection }).session?.client;
    const built = client === undefined ? undefined : builtInTransactions.get(db.constructor)?.get(name);
    if (built) return onConnection(built as Q & object, client);
    const statement = build(db);
    // Kept only when drizzle's statement holds its connection where the reuse puts the other one.
    if (client !== undefined && (statement as OnConnection | null)?.client === client) {
      let statements = builtInTransactions.get(db.constructor);
      if (!statements) builtInTransactions.set(db.constructor, (statements = new Map()));
      statements.set(name, statement as object);
    }
    return statement;
  }
  let statements = preparedPerDatabase.get(db);
  if (!statements) preparedPerDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as Q | undefined;
  if (!statement) statements.set(name, (statement = build(db)));
  return statement;
}

const carrierCode = sql.placeholder("carrierCode");
const reference = sql.placeholder("reference");
const bookingId = sql.placeholder("bookingId");

/** A booking with its hold, its area's name, its order's basket and the catalogue revision (ADR 222): `{ carrierCode, reference }`. */
export const bookingReadStatement = (db: DbOrTx) =>
  prepared(db, "booking_read", (d) =>
    d
      .select({
        booking: s.bookings,
        hold: s.capacityHolds,
        areaCode: s.serviceAreas.code,
        areaName: s.serviceAreas.name,
        orderCart: s.orders.cart,
        catalogueHash: s.catalogueInfo.sourceHash,
        carrierHash: s.carrierSeeds.sourceHash,
      })
      .from(s.bookings)
      .leftJoin(s.capacityHolds, and(eq(s.capacityHolds.carrierCode, s.bookings.carrierCode), eq(s.capacityHolds.bookingId, s.bookings.id)))
      .leftJoin(s.serviceAreas, and(eq(s.serviceAreas.carrierCode, s.bookings.carrierCode), eq(s.serviceAreas.code, s.bookings.areaCode)))
      .leftJoin(s.orders, and(eq(s.orders.carrierCode, s.bookings.carrierCode), eq(s.orders.bookingId, s.bookings.id)))
      .leftJoin(s.catalogueInfo, eq(s.catalogueInfo.id, 1))
      .leftJoin(s.carrierSeeds, eq(s.carrierSeeds.carrierCode, s.bookings.carrierCode))
      .where(and(eq(s.bookings.carrierCode, carrierCode), eq(s.bookings.reference, reference)))
      .prepare("booking_read"),
  );

/** A booking's devices in their order: `{ carrierCode, bookingId }`. */
export const bookingDevicesStatement = (db: DbOrTx) =>
  prepared(db, "booking_devices", (d) =>
    d
      .select()
      .from(s.bookingDevices)
      .where(and(eq(s.bookingDevices.carrierCode, carrierCode), eq(s.bookingDevices.bookingId, bookingId)))
      .orderBy(s.bookingDevices.position)
      .prepare("booking_devices"),
  );

/** The booking locked for a change (SELECT … FOR UPDATE): `{ carrierCode, reference }`. */
export const bookingLockStatement = (db: DbOrTx) =>
  prepared(db, "booking_lock", (d) =>
    d
      .select()
      .from(s.bookings)
      .where(and(eq(s.bookings.carrierCode, carrierCode), eq(s.bookings.reference, reference)))
      .for("update")
      .prepare("booking_lock"),
  );

/**
 * The booking locked and its change stamped in one statement (ADR 212):
 * `{ carrierCode, reference, updatedAt (ISO string), retentionDays }`.
 */
export const bookingStampStatement = (db: DbOrTx) =>
  prepared(db, "booking_stamp", (d) =>
    d
      .update(s.bookings)
      .set({ updatedAt: sql`${sql.placeholder("updatedAt")}::timestamptz`, draftRetentionDays: sql`${sql.placeholder("retentionDays")}::int` })
      .where(and(eq(s.bookings.carrierCode, carrierCode), eq(s.bookings.reference, reference)))
      .returning()
      .prepare("booking_stamp"),
  );

/** A booking's hold on a day's capacity: `{ carrierCode, bookingId }`. */
export const bookingHoldStatement = (db: DbOrTx) =>
  prepared(db, "booking_hold", (d) =>
    d
      .select()
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.carrierCode, carrierCode), eq(s.capacityHolds.bookingId, bookingId)))
      .prepare("booking_hold"),
  );

/** The catalogue's and a carrier's source hashes, the revision (ADR 210): `{ carrierCode }`. */
export const revisionStatement = (db: DbOrTx) =>
  prepared(db, "catalogue_revision", (d) =>
    d
      .select({ catalogue: s.catalogueInfo.sourceHash, carrier: s.carrierSeeds.sourceHash })
      .from(s.catalogueInfo)
      .leftJoin(s.carrierSeeds, eq(s.carrierSeeds.carrierCode, carrierCode))
      .where(eq(s.catalogueInfo.id, 1))
      .prepare("catalogue_revision"),
  );

/** The sale's title of the catalogue (no values). */
export const saleTitleStatement = (db: DbOrTx) =>
  prepared(db, "sale_title", (d) => d.select({ saleTitle: s.catalogueInfo.saleTitle }).from(s.catalogueInfo).where(eq(s.catalogueInfo.id, 1)).prepare("sale_title"));

/** A payment ledger record (ADR 014): `{ key }`. */
export const ledgerRecordStatement = (db: DbOrTx) =>
  prepared(db, "ledger_record", (d) =>
    d
      .select({ record: s.paymentLedger.record })
      .from(s.paymentLedger)
      .where(eq(s.paymentLedger.key, sql.placeholder("key")))
      .prepare("ledger_record"),
  );
