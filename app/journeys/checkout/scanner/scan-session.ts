/**
 * The in-store scanner's session (spec §4 "Booking resume … from a scanned code", §9; ADR 274):
 * open the camera, read frames until a QR code is found, and restart a scanner that fails, at most
 * MAX_SCANNER_RESTARTS times, before giving up so the customer types the code. No DOM here: the
 * camera and the decoder are handed in, so the rules are tested without a browser.
 */

/** Spec §9: "Chunk load timeout is 120 seconds" (the decoder library, loaded when first needed). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Spec §9: "The barcode scanner destroy retries up to 15 times". */
export const MAX_SCANNER_RESTARTS = 15;
/** Time between two frames read (a phone's camera gives ~30; five a second is plenty for a QR code). */
export const SCAN_INTERVAL_MS = 200;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`The scanner did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} seconds`);
    this.name = "ChunkLoadTimeoutError";
  }
}

/** The promise, or ChunkLoadTimeoutError once `ms` have passed first. */
export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** An open camera: what the decoder reads frames from, and how to close it. */
export interface OpenCamera<Frame> {
  frame: Frame;
  stop(): void;
}

export interface ScanSession<Frame> {
  openCamera(): Promise<OpenCamera<Frame>>;
  /** The text of a QR code in the current frame, or null when there is none; throws when the scanner broke. */
  decode(frame: Frame): Promise<string | null>;
  /** Waits between frames (setTimeout in the browser). */
  wait(ms: number): Promise<void>;
  /** Stopped by the customer or the page. */
  signal: AbortSignal;
  /** Told before each restart (1 … MAX_SCANNER_RESTARTS). */
  onRestart?(restart: number): void;
}

export type ScanOutcome =
  | { kind: "found"; text: string }
  | { kind: "stopped" }
  /** The browser or the customer refused the camera, or there is none: no restart helps. */
  | { kind: "no-camera" }
  | { kind: "gave-up"; restarts: number };

/** Errors of getUserMedia that a restart cannot mend. */
const PERMANENT = new Set(["NotAllowedError", "SecurityError", "NotFoundError", "OverconstrainedError", "NotSupportedError"]);

export async function runScanSession<Frame>(session: ScanSession<Frame>): Promise<ScanOutcome> {
  let restarts = 0;
  for (;;) {
    if (session.signal.aborted) return { kind: "stopped" };
    let camera: OpenCamera<Frame> | null = null;
    try {
      camera = await session.openCamera();
      while (!session.signal.aborted) {
        const text = await session.decode(camera.frame);
        if (text) return { kind: "found", text };
        await session.wait(SCAN_INTERVAL_MS);
      }
      return { kind: "stopped" };
    } catch (error) {
      if (!camera && error instanceof Error && PERMANENT.has(error.name)) return { kind: "no-camera" };
      if (restarts >= MAX_SCANNER_RESTARTS) return { kind: "gave-up", restarts };
      restarts += 1;
      session.onRestart?.(restarts);
    } finally {
      // The scanner is destroyed whatever happened: the camera light goes off.
      camera?.stop();
    }
  }
}
