/**
 * A booking's availability, reused within one second of the engine's clock (ADR 185). The partner
 * API's availability call is a handful of queries (the booking, roster, area, technicians, holds);
 * a partner's app asks it again and again while a customer looks at the calendar.
 *
 * Freshness: an answer is kept only for the clock second it was computed in, and only while no
 * operation that may change the carrier's bookings ran on this engine (every engine operation but a
 * few reads counts as one: `writing`). A day booked through this instance is never shown as free
 * afterwards: the operation drops the carrier's answers when it starts and again when it has
 * committed, and nothing computed while it ran is kept. A change elsewhere (another instance, the
 * operations sync) shows within one second. Concurrent asks of the same answer share one computation.
 */
export interface AvailabilityCache {
  /** The answer for `key` in `now`'s second, computed once; shared by concurrent callers. */
  read<T>(carrierCode: string, key: string, now: Date, compute: () => Promise<T>): Promise<T>;
  /** An operation that may change the carrier's bookings starts; call the result when it has finished. */
  writing(carrierCode: string): () => void;
  /** Everything, every carrier's (a change the engine cannot pin to a carrier, e.g. the scheduler's waiting-list offers). */
  dropAll(): void;
  /** Whether an operation that may change the carrier's bookings is running on this engine now. */
  isWriting(carrierCode: string): boolean;
  /**
   * Told every time the answers are dropped: a carrier's code when one of its operations starts and
   * again when it has finished, null for `dropAll`. The booked-page cache at the edge drops the
   * carrier's clock-bound pages with it (ADR 233). Returns the unsubscribe.
   */
  subscribe(listener: (carrierCode: string | null) => void): () => void;
  readonly size: number;
}

export function createAvailabilityCache(): AvailabilityCache {
  const entries = new Map<string, { promise: Promise<unknown>; generation: number }>();
  const generations = new Map<string, number>();
  const running = new Map<string, number>();
  const listeners = new Set<(carrierCode: string | null) => void>();
  const tell = (carrierCode: string | null) => {
    for (const listener of listeners) {
      try {
        listener(carrierCode);
      } catch {
        // A listener's failure is its own; the engine's operation goes on.
      }
    }
  };
  let second = -1;
  const generationOf = (carrierCode: string) => generations.get(carrierCode) ?? 0;
  const drop = (carrierCode: string) => {
    generations.set(carrierCode, generationOf(carrierCode) + 1);
    for (const name of entries.keys()) if (name.startsWith(`${carrierCode}\n`)) entries.delete(name);
    tell(carrierCode);
  };

  return {
    read<T>(carrierCode: string, key: string, now: Date, compute: () => Promise<T>): Promise<T> {
      if ((running.get(carrierCode) ?? 0) > 0) return compute();
      const at = Math.floor(now.getTime() / 1000);
      if (at !== second) {
        entries.clear();
        second = at;
      }
      const name = `${carrierCode}\n${at}\n${key}`;
      const generation = generationOf(carrierCode);
      const known = entries.get(name);
      if (known && known.generation === generation) return known.promise as Promise<T>;
      const promise = compute();
      const entry = { promise, generation };
      entries.set(name, entry);
      promise.catch(() => {
        if (entries.get(name) === entry) entries.delete(name);
      });
      return promise;
    },
    writing(carrierCode) {
      running.set(carrierCode, (running.get(carrierCode) ?? 0) + 1);
      drop(carrierCode);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        running.set(carrierCode, (running.get(carrierCode) ?? 1) - 1);
        drop(carrierCode);
      };
    },
    dropAll() {
      for (const carrierCode of new Set([...generations.keys(), ...running.keys()])) generations.set(carrierCode, generationOf(carrierCode) + 1);
      entries.clear();
      tell(null);
    },
    isWriting(carrierCode) {
      return (running.get(carrierCode) ?? 0) > 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return entries.size;
    },
  };
}
