/**
 * Catalogue reads kept per catalogue revision (ADRs 210, 219). The catalogue and a carrier's own
 * part of it (prices, offering exclusions) change only when the CMS feed is synced
 * (catalogue/seed.ts), and every sync that changes either writes a new source hash in the same
 * transaction. A read kept under the hashes it was made under is therefore never older than what the
 * database holds: one query for the two hashes replaces the reads themselves. Inside a transaction
 * (a change, a charge) nothing is kept, so what is written or charged is read from that transaction.
 */
import { eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";

/** Reads kept per database, at most this many; the oldest go first. */
const KEPT_READS = 500;
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The stored catalogue's source hash and the carrier's, in one query. */
export async function catalogueRevision(db: DbOrTx, carrierCode: string): Promise<string> {
  const [row] = await db
    .select({ catalogue: s.catalogueInfo.sourceHash, carrier: s.carrierSeeds.sourceHash })
    .from(s.catalogueInfo)
    .leftJoin(s.carrierSeeds, eq(s.carrierSeeds.carrierCode, carrierCode))
    .where(eq(s.catalogueInfo.id, 1));
  return `${row?.catalogue ?? ""}|${row?.carrier ?? ""}`;
}

/** Reads `read` once per `key` under `revision` (null: inside a transaction, read every time). */
export type KeptRead = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export function keptUnder(db: DbOrTx, carrierCode: string, revision: string | null): KeptRead {
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (revision === null) return read();
    let reads = kept.get(db);
    if (!reads) kept.set(db, (reads = new Map()));
    const full = `${revision}|${carrierCode}|${key}`;
    const found = reads.get(full) as Promise<T> | undefined;
    if (found) return found;
    const reading = read();
    reads.set(full, reading);
    reading.catch(() => reads.delete(full));
    if (reads.size > KEPT_READS) reads.delete(reads.keys().next().value!);
    return reading;
  };
}

/** The catalogue reads of one call, kept under the revision read once for it. */
export async function catalogueReads(db: DbOrTx, carrierCode: string): Promise<KeptRead> {
  return keptUnder(db, carrierCode, db instanceof PgTransaction ? null : await catalogueRevision(db, carrierCode));
}
