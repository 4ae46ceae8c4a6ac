import { useEffect, useState, type MutableRefObject } from "react";
import type { PositionReceipt } from "~/booking.server";
import { POSITION_REPEAT_SECONDS, POSITION_SEND_SECONDS } from "~/journeys/store/job-form";

/** What the page and its position sharing keep between a press and the automatic sends. */
export interface Sharing {
  /** When the page last sent a position (the browser's clock, ms), by the button or by itself. */
  lastSentAt: number;
  /** The newest position not sent yet. */
  pending: GeolocationPosition | null;
  /** The newest position the running watch reported (null while the page does not watch). */
  latest: GeolocationPosition | null;
}

export type SharingState = "off" | "on" | "blocked";

export function positionFields(position: GeolocationPosition): Record<string, string> {
  return { latitude: String(position.coords.latitude), longitude: String(position.coords.longitude), accuracy: String(position.coords.accuracy) };
}

/**
 * While the job is on its way, the page sends the phone's position by itself (issue 21, ADR 115):
 * the browser's watchPosition, at most every POSITION_SEND_SECONDS (the newest position at the end of
 * the wait), only while the page is open and visible and only once the technician allowed the
 * location (the permission, or a press that got a position). Stops when the job starts or the page closes.
 */
export function usePositionSharing(jobId: number, active: boolean, allowedByPress: boolean, sharing: MutableRefObject<Sharing>) {
  const [state, setState] = useState<SharingState>("off");
  const [receipt, setReceipt] = useState<PositionReceipt | null>(null);
  useEffect(() => {
    if (!active || typeof navigator === "undefined" || !navigator.geolocation) return;
    let stopped = false;
    let watchId: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let allowed = allowedByPress;
    let permission: PermissionStatus | null = null;

    const send = async () => {
      timer = null;
      const position = sharing.current.pending;
      if (!position || stopped) return;
      sharing.current.pending = null;
      sharing.current.lastSentAt = Date.now();
      try {
        const response = await fetch(`/store/jobs/${jobId}/position`, {
          method: "POST",
          body: new URLSearchParams(positionFields(position)),
          headers: { Accept: "application/json" },
        });
        if (response.ok && !stopped) setReceipt((await response.json()) as PositionReceipt);
      } catch {
        // A lost signal loses one position: the next one follows.
      }
    };
    const onPosition = (position: GeolocationPosition) => {
      sharing.current.latest = position;
      sharing.current.pending = position;
      const wait = sharing.current.lastSentAt + POSITION_SEND_SECONDS * 1000 - Date.now();
      if (wait <= 0) void send();
      else if (!timer) timer = setTimeout(() => void send(), wait);
    };
    const onError = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED && !stopped) {
        allowed = false;
        stop();
        setState("blocked");
      }
    };
    const start = () => {
      if (stopped || !allowed || watchId !== null || document.visibilityState === "hidden") return;
      watchId = navigator.geolocation.watchPosition(onPosition, onError, { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 });
      setState("on");
    };
    function stop() {
      if (watchId !== null) navigator.geolocation.clearWatch(watchId);
      watchId = null;
      sharing.current.latest = null;
      if (timer) clearTimeout(timer);
      timer = null;
    }
    // A phone standing still may report no new fix for a while: its position is sent again every
    // POSITION_REPEAT_SECONDS, so "last seen" on the customer's page means the page stopped sending.
    const repeat = setInterval(() => {
      const latest = sharing.current.latest;
      if (!latest || sharing.current.pending || Date.now() - sharing.current.lastSentAt < POSITION_REPEAT_SECONDS * 1000) return;
      sharing.current.pending = latest;
      void send();
    }, POSITION_SEND_SECONDS * 1000);
    const onVisibility = () => (document.visibilityState === "hidden" ? stop() : start());
    document.addEventListener("visibilitychange", onVisibility);
    start();
    // Without a press in this visit, the browser's permission says whether the technician allowed it.
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((status) => {
        if (stopped) return;
        permission = status;
        const follow = () => {
          allowed = status.state === "granted" || (allowedByPress && status.state !== "denied");
          if (allowed) start();
          else {
            stop();
            setState(status.state === "denied" ? "blocked" : "off");
          }
        };
        status.onchange = follow;
        follow();
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop();
      clearInterval(repeat);
      document.removeEventListener("visibilitychange", onVisibility);
      if (permission) permission.onchange = null;
      setState("off");
    };
  }, [jobId, active, allowedByPress, sharing]);
  return { state, receipt };
}
