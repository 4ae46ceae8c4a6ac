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
