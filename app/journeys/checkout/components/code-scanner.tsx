/**
 * The in-store scanner on Confirm booking (spec §4 "Booking resume … from a scanned code", §9; ADR
 * 274): the customer points the phone's camera at the QR code the colleague shows, and the code it
 * carries goes into the booking-code field and is sent. Progressive enhancement: without JavaScript or
 * without a camera the button is not there and the code is typed; a refused camera, a scanner that
 * does not load within 120 s or that broke 15 times over says so and leaves the field to type in.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { loadDecoder } from "~/journeys/checkout/scanner/decoders";
import { runScanSession } from "~/journeys/checkout/scanner/scan-session";

type Phase = "idle" | "starting" | "scanning" | "failed";
type Failure = "no-camera" | "gave-up" | "load";

const noChange = () => () => undefined;

/** Whether this browser may open a camera at all (server render: no). */
function useCameraAvailable(): boolean {
  return useSyncExternalStore(
    noChange,
    () => typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function",
    () => false,
  );
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

export function CodeScanner({ onCode, onFail }: { onCode: (text: string) => void; onFail: () => void }) {
  const { t } = useTranslation();
  const available = useCameraAvailable();
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<Failure | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops the camera.
  useEffect(() => () => abort.current?.abort(), []);

  if (!available) return null;

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setPhase("starting");
    let decode: Awaited<ReturnType<typeof loadDecoder>>;
    try {
      decode = await loadDecoder();
    } catch {
      setFailure("load");
      setPhase("failed");
      onFail();
      return;
    }
    const outcome = await runScanSession<HTMLVideoElement>({
      signal: controller.signal,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      openCamera: async () => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const element = video.current;
        if (!element || controller.signal.aborted) {
          stopStream(stream);
          throw new Error("The scanner was closed");
        }
        element.srcObject = stream;
        await element.play();
        setPhase("scanning");
        return {
          frame: element,
          stop: () => {
            stopStream(stream);
            element.srcObject = null;
          },
        };
      },
      decode: async (element) => {
        // A camera that stopped (another app took it, the phone slept) breaks this scanner: restart it.
        const stream = element.srcObject as MediaStream | null;
        if (!stream || stream.getVideoTracks().every((track) => track.readyState === "ended")) throw new Error("The camera stopped");
        return decode(element);
      },
    });
    if (controller.signal.aborted && outcome.kind !== "found") return;
    if (outcome.kind === "found") {
      setPhase("idle");
      onCode(outcome.text);
    } else if (outcome.kind === "stopped") {
      setPhase("idle");
    } else {
      setFailure(outcome.kind);
      setPhase("failed");
      onFail();
    }
  }

  function stop() {
    abort.current?.abort();
    setPhase("idle");
  }

  const open = phase === "starting" || phase === "scanning";
  return (
    <div className="mt-6" data-testid="code-scanner" data-phase={phase}>
      {open ? (
        <p role="status" data-testid="scanner-status">
          {t(phase === "starting" ? "booking-location.continue.scanStarting" : "booking-location.continue.scanning")}
        </p>
      ) : null}
      {/* The live picture: what the camera sees, so the customer can aim at the code. */}
      <video ref={video} muted playsInline hidden={!open} className="mt-3 w-full rounded-lg bg-ink" aria-label={t("booking-location.continue.scanVideo")} />
      {open ? (
        <Button variant="secondary" onClick={stop} className="mt-3" data-testid="scan-stop">
          {t("booking-location.continue.scanStop")}
        </Button>
      ) : (
        <Button variant="secondary" size="lg" onClick={() => void start()} data-testid="scan-code">
          {t("booking-location.continue.scan")}
        </Button>
      )}
      {failure ? (
        <p role="alert" className="mt-3" data-testid="scanner-failed">
          {t(`booking-location.continue.scanFailed.${failure}`)}
        </p>
      ) : null}
    </div>
  );
}
