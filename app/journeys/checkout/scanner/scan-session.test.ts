import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, MAX_SCANNER_RESTARTS, runScanSession, withTimeout, type ScanSession } from "./scan-session";

type Frame = { n: number };

function session(overrides: Partial<ScanSession<Frame>> & { frames?: (string | null | Error)[] }) {
  const stopped: number[] = [];
  let opened = 0;
  const frames = [...(overrides.frames ?? [])];
  const base: ScanSession<Frame> = {
    openCamera: async () => {
      const n = ++opened;
      return { frame: { n }, stop: () => stopped.push(n) };
    },
    decode: async () => {
      const next = frames.shift() ?? null;
      if (next instanceof Error) throw next;
      return next;
    },
    wait: async () => {},
    signal: new AbortController().signal,
  };
  return { session: { ...base, ...overrides }, stopped, opened: () => opened };
}

const named = (name: string) => Object.assign(new Error(name), { name });

describe("the in-store scanner's session (spec §9)", () => {
  afterEach(() => vi.useRealTimers());

  it("reads frames until a QR code is found, then closes the camera", async () => {
    const { session: s, stopped } = session({ frames: [null, null, "https://fixly.example/booking/continue?token=K7Q2M-9XD4P"] });
    expect(await runScanSession(s)).toEqual({ kind: "found", text: "https://fixly.example/booking/continue?token=K7Q2M-9XD4P" });
    expect(stopped).toEqual([1]);
  });

  it("restarts a broken scanner up to 15 times, destroying each, then gives up so the code is typed", async () => {
    const restarts: number[] = [];
    const { session: s, stopped, opened } = session({ decode: async () => Promise.reject(new Error("track ended")), onRestart: (n) => restarts.push(n) });
    expect(await runScanSession(s)).toEqual({ kind: "gave-up", restarts: MAX_SCANNER_RESTARTS });
    expect(MAX_SCANNER_RESTARTS).toBe(15);
    expect(opened()).toBe(16);
    expect(stopped).toHaveLength(16);
    expect(restarts).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it("finds the code after a few restarts", async () => {
    const { session: s } = session({ frames: [new Error("glitch"), new Error("glitch"), "K7Q2M-9XD4P"] });
    expect(await runScanSession(s)).toEqual({ kind: "found", text: "K7Q2M-9XD4P" });
  });

  it("does not restart when the camera is refused or missing", async () => {
    for (const name of ["NotAllowedError", "NotFoundError"]) {
      const { session: s, opened } = session({ openCamera: () => Promise.reject(named(name)) });
      expect(await runScanSession(s)).toEqual({ kind: "no-camera" });
      expect(opened()).toBe(0);
    }
  });

  it("stops when the customer stops it", async () => {
    const controller = new AbortController();
    const { session: s, stopped } = session({ signal: controller.signal, wait: async () => controller.abort() });
    expect(await runScanSession(s)).toEqual({ kind: "stopped" });
    expect(stopped).toEqual([1]);
  });

  it("gives the scanner's code 120 seconds to load", async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const never = withTimeout(new Promise<never>(() => {}));
    const caught = never.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(ChunkLoadTimeoutError);
    await expect(withTimeout(Promise.resolve("loaded"))).resolves.toBe("loaded");
  });
});
