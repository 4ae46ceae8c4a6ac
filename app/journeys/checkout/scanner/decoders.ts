/**
 * Where the scanner's frames are read (ADR 274): the browser's own BarcodeDetector where it reads QR
 * codes (Android's Chrome, Safari on recent iOS), else ZXing's browser build, loaded only when the
 * customer first scans, within the spec's 120-second chunk-load timeout. Browser-only: called from
 * an event handler, never during rendering.
 */
import { withTimeout } from "./scan-session";

export type VideoDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDecoder(): Promise<VideoDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => {
      if (video.readyState < 2) return null;
      const [found] = await detector.detect(video);
      return found?.rawValue || null;
    };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<VideoDecoder> {
  const { BrowserQRCodeReader } = await withTimeout(import("@zxing/browser"));
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas to read frames");
  return async (video) => {
    if (video.readyState < 2 || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    try {
      return reader.decodeFromCanvas(canvas).getText() || null;
    } catch {
      // ZXing throws when a frame holds no readable code (not found, checksum, format): read the next
      // one. A broken camera shows as its track ending, which the scanner checks before each frame.
      return null;
    }
  };
}

/** The decoder this browser has: its own, or ZXing's. */
export async function loadDecoder(): Promise<VideoDecoder> {
  return (await nativeDecoder()) ?? zxingDecoder();
}
