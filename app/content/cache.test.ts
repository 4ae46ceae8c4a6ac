import { describe, expect, it, vi } from "vitest";
import { ContentCache } from "./cache";

function setup(ttlMs = 1_000, maxStaleMs = 10_000) {
  let now = 0;
  const cache = new ContentCache({ ttlMs, maxStaleMs, maxEntries: 3, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe("ContentCache", () => {
  it("answers from memory while an entry is fresh", async () => {
    const { cache, advance } = setup();
    const load = vi.fn(async () => "v1");
    expect(await cache.get("k", [], load)).toBe("v1");
    advance(999);
    expect(await cache.get("k", [], load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry at once and refreshes it in the background", async () => {
    const { cache, advance } = setup();
    let version = 1;
    const load = vi.fn(async () => `v${version}`);
    await cache.get("k", [], load);
    version = 2;
    advance(1_500);
    expect(await cache.get("k", [], load)).toBe("v1");
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await cache.get("k", [], load)).toBe("v2");
  });

  it("keeps serving the last good value when the source fails", async () => {
    const { cache, advance } = setup();
    await cache.get("k", [], async () => "good");
    advance(60_000);
    const failing = vi.fn(async () => {
      throw new Error("CMS down");
    });
    expect(await cache.get("k", [], failing)).toBe("good");
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("propagates the failure when nothing was ever cached", async () => {
    const { cache } = setup();
    await expect(cache.get("k", [], async () => Promise.reject(new Error("CMS down")))).rejects.toThrow("CMS down");
  });

  it("waits for fresh content after an invalidation of the entry's tag, and only that tag", async () => {
    const { cache } = setup();
    await cache.get("a", ["carrier:a"], async () => "a1");
    await cache.get("b", ["carrier:b"], async () => "b1");
    expect(cache.invalidate(["carrier:a"])).toBe(1);
    expect(await cache.get("a", ["carrier:a"], async () => "a2")).toBe("a2");
    expect(await cache.get("b", ["carrier:b"], async () => "b2")).toBe("b1");
  });

  it("falls back to the invalidated value when the source is down", async () => {
    const { cache } = setup();
    await cache.get("a", ["t"], async () => "a1");
    cache.invalidate(["t"]);
    expect(await cache.get("a", ["t"], async () => Promise.reject(new Error("down")))).toBe("a1");
  });

  it("does not store an answer that started before an invalidation as fresh", async () => {
    const { cache, advance } = setup();
    await cache.get("a", ["t"], async () => "old");
    advance(1_500);
    let release!: (value: string) => void;
    const slow = new Promise<string>((resolve) => (release = resolve));
    expect(await cache.get("a", ["t"], () => slow)).toBe("old");
    cache.invalidate(["t"]);
    release("old-but-late");
    await Promise.resolve();
    expect(await cache.get("a", ["t"], async () => "new")).toBe("new");
  });

  it("shares one load between concurrent readers", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => "v");
    await Promise.all([cache.get("k", [], load), cache.get("k", [], load), cache.get("k", [], load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const { cache } = setup();
    for (const key of ["a", "b", "c"]) await cache.get(key, [], async () => key);
    await cache.get("a", [], async () => "a-again");
    await cache.get("d", [], async () => "d");
    expect(cache.size).toBe(3);
    const reload = vi.fn(async () => "b2");
    expect(await cache.get("b", [], reload)).toBe("b2");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
