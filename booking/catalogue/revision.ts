/**
 * Catalogue reads kept in memory per catalogue and carrier revision (ADRs 210, 219, 222). The
 * revision is the stored catalogue's source hash and the carrier's (`carrier_seeds`: its prices,
 * offerings, areas, roster): every sync that changes either writes a new hash in the same transaction
 * (catalogue/seed.ts), so a read kept under one revision is never used once the database holds
 * another, and one query for the two hashes replaces the reads themselves.
 */
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/open";
import { revisionStatement } from "../db/prepared";
import type { CarrierContext } from "../domain/carrier";

/** The revision as one string, from the two hashes (either may be missing: an empty catalogue, a carrier never synced). */
export function revisionOf(catalogueHash: string | null | undefined, carrierHash: string | null | undefined): string {
  return `${catalogueHash ?? ""}|${carrierHash ?? ""}`;
}

/** The revision as the database holds it now: one query. */
export async function catalogueRevision(db: DbOrTx, carrier: CarrierContext | string): Promise<string> {
  const code = typeof carrier === "string" ? carrier : carrier.code;
  const [row] = await revisionStatement(db).execute({ carrierCode: code });
  return revisionOf(row?.catalogue, row?.carrier);
}

/** Kept reads per database, at most this many; the oldest go first. */
const KEPT = 500;
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `load()`'s answer kept under `revision` and `key` for this database (a transaction counts as its
 * database: `db` is the engine's handle, never the transaction). A failed load is not kept.
 */
export function keptForRevision<T>(db: object, revision: string, key: string, load: () => Promise<T>): Promise<T> {
  let map = kept.get(db);
  if (!map) kept.set(db, (map = new Map()));
  const full = `${revision}|${key}`;
  const found = map.get(full) as Promise<T> | undefined;
  if (found) return found;
  const reading = load();
  map.set(full, reading);
  reading.catch(() => map.delete(full));
  // A new revision's reads push the last one's out.
  if (map.size > KEPT) map.delete(map.keys().next().value!);
  return reading;
}

/**
 * Where a read may be kept (ADRs 210, 222): `owner` is the engine's database (also when the read runs
 * inside one of its transactions), `revision` the catalogue revision when the caller read it already
 * (with the booking, in the same statement).
 */
export interface Keep {
  owner: object;
  revision?: string;
}

/** `read()` kept under the revision as `keep` says; without `keep` (a transaction that did not name its database) read every time. */
export async function keptWhere<T>(db: DbOrTx, carrier: CarrierContext, keep: Keep | null, key: string, read: () => Promise<T>): Promise<T> {
  if (!keep) return read();
  const revision = keep.revision ?? (await catalogueRevision(db, carrier));
  return keptForRevision(keep.owner, revision, key, read);
}

/** Reads `read` once per `key` under `revision` (null: inside a transaction, read every time). */
export type KeptRead = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export function keptUnder(db: DbOrTx, carrierCode: string, revision: string | null): KeptRead {
  return <T>(key: string, read: () => Promise<T>): Promise<T> => (revision === null ? read() : keptForRevision(db, revision, `${carrierCode}|${key}`, read));
}

/** The catalogue reads of one call, kept under the revision read once for it. */
export async function catalogueReads(db: DbOrTx, carrierCode: string): Promise<KeptRead> {
  return keptUnder(db, carrierCode, db instanceof PgTransaction ? null : await catalogueRevision(db, carrierCode));
}
