/**
 * Per-process content cache: TTL, stale-while-revalidate, stale-if-error, explicit invalidation.
 *
 * - fresh entry: returned as is;
 * - entry past its TTL: returned at once, refreshed in the background;
 * - invalidated entry (webhook): the next read waits for fresh content, falling back to the
 *   last good value if the CMS cannot answer;
 * - no entry and the CMS fails: the error propagates (the page shows 503).
 */
export interface CacheOptions {
  ttlMs: number;
  /** Keep entries this long after they go stale, to serve when the CMS is down. */
  maxStaleMs: number;
  maxEntries: number;
  now?: () => number;
  onRefreshError?: (key: string, error: unknown) => void;
  /** For metrics: each read's result, and each failed load (one per CMS request, shared or not). */
  onRead?: (result: "hit" | "stale" | "miss") => void;
  onLoadError?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
  invalidated: boolean;
  tags: string[];
}

export class ContentCache {
  private entries = new Map<string, Entry<unknown>>();
  private inflight = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  /** Bumped on invalidation so a fetch that started before it cannot store an old answer as fresh. */
  private generation = 0;

  constructor(private readonly options: CacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const age = entry ? this.now() - entry.fetchedAt : Infinity;

    if (entry && !entry.invalidated && age <= this.options.ttlMs) {
      this.touch(key, entry);
      this.options.onRead?.("hit");
      return entry.value;
    }
    if (entry && !entry.invalidated && age <= this.options.ttlMs + this.options.maxStaleMs) {
      this.options.onRead?.("stale");
      this.refresh(key, tags, load).catch((error) => this.options.onRefreshError?.(key, error));
      return entry.value;
    }
    this.options.onRead?.("miss");
    try {
      return await this.refresh(key, tags, load);
    } catch (error) {
      if (entry) {
        this.options.onRefreshError?.(key, error);
        return entry.value;
      }
      throw error;
    }
  }

  /** Marks every entry carrying one of the tags as invalid; returns how many. */
  invalidate(tags: string[]): number {
    this.generation += 1;
    let count = 0;
    for (const entry of this.entries.values()) {
      if (entry.tags.some((tag) => tags.includes(tag))) {
        entry.invalidated = true;
        count += 1;
      }
    }
    this.inflight.clear();
    return count;
  }

  invalidateAll(): void {
    this.generation += 1;
    for (const entry of this.entries.values()) entry.invalidated = true;
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private refresh<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const stillCurrent = generation === this.generation;
        this.store(key, { value, fetchedAt: this.now(), invalidated: !stillCurrent, tags });
        return value;
      })
      .catch((error: unknown) => {
        this.options.onLoadError?.(key, error);
        throw error;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, entry: Entry<unknown>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  private touch(key: string, entry: Entry<unknown>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
