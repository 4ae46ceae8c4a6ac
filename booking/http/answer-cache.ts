/**
 * The partner API's cache of catalogue answers (ADR 185): the JSON text of a cacheable call's 200 and
 * its ETag, per carrier, language, path and query, computed once and served from memory. An answer
 * is dropped when its carrier's data (or the catalogue, every carrier's) changes on this instance or
 * another one (the app tells the router: `drop`), and is never kept longer than `ttlMs` (30 s), the
 * bound when a change notice is lost between instances.
 */
import { createHash } from "node:crypto";

export interface CachedAnswer {
  json: string;
  etag: string;
}

export interface AnswerCache {
  get(carrierCode: string, key: string): CachedAnswer | null;
  /** Stores the answer unless its carrier's data changed since `since` (a generation from `generation`). */
  put(carrierCode: string, key: string, answer: unknown, since: number): CachedAnswer;
  /** The carrier's generation now: taken before the engine is asked, so an answer read across a change is not kept. */
  generation(carrierCode: string): number;
  /** A carrier's data changed (null: the catalogue, or every carrier's). */
  drop(carrierCode: string | null): void;
  readonly size: number;
}

export const ANSWER_CACHE_TTL_MS = 30_000;
/** Entries kept at most; the oldest go first. */
export const ANSWER_CACHE_MAX_ENTRIES = 5_000;

/** A strong ETag of the exact JSON text. */
export const etagOf = (json: string) => `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;

export function createAnswerCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): AnswerCache {
  const ttlMs = options.ttlMs ?? ANSWER_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? ANSWER_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer & { carrierCode: string; storedAt: number }>();
  const generations = new Map<string, number>();
  let everything = 0;
  const generationOf = (carrierCode: string) => everything + (generations.get(carrierCode) ?? 0);
  const name = (carrierCode: string, key: string) => `${carrierCode}\n${key}`;

  return {
    get(carrierCode, key) {
      const entry = entries.get(name(carrierCode, key));
      if (!entry) return null;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(name(carrierCode, key));
        return null;
      }
      return entry;
    },
    put(carrierCode, key, answer, since) {
      const json = JSON.stringify(answer);
      const cached = { json, etag: etagOf(json) };
      if (generationOf(carrierCode) !== since) return cached;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(name(carrierCode, key), { ...cached, carrierCode, storedAt: now() });
      return cached;
    },
    generation: generationOf,
    drop(carrierCode) {
      if (carrierCode === null) {
        everything += 1;
        entries.clear();
        return;
      }
      generations.set(carrierCode, (generations.get(carrierCode) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.carrierCode === carrierCode) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
