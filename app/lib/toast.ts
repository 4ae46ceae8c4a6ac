/** A one-shot message shown on the next page the visitor sees (spec §8). */
export type ToastType = "success" | "warning" | "error" | "info";

export interface Toast {
  id: string;
  type: ToastType;
  /** An i18n key, or a message from the server shown as it is. */
  key?: string;
  message?: string;
  params?: Record<string, string | number>;
  durationMs: number;
}

export const DEFAULT_TOAST_MS = 5_000;

export function toast(input: Omit<Toast, "id" | "durationMs"> & { durationMs?: number }): Toast {
  return { durationMs: DEFAULT_TOAST_MS, ...input, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` };
}

/**
 * The CSS animation that hides a toast once its duration is over (`app/tailwind.css`, ADR 244). It
 * starts when the toast is first rendered: at the first paint for a toast in the server's HTML, when
 * it is added for a toast raised in the browser; without JavaScript it is the only timer.
 */
export const TOAST_EXPIRE_ANIMATION = "toast-expire";

/**
 * How long `element`, a toast, has been showing, in milliseconds: the current time of its hide
 * animation (0 when it has none, as in a browser without animations). A script that takes over a
 * toast already painted (hydration, a page module) waits only for what is left of its duration.
 */
export function toastShownMs(element: Element | null): number {
  const animation = element?.getAnimations?.().find((entry) => (entry as Animation & { animationName?: string }).animationName === TOAST_EXPIRE_ANIMATION);
  const time = animation?.currentTime;
  return typeof time === "number" && Number.isFinite(time) && time > 0 ? time : 0;
}
