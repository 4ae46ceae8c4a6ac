export type ToastTone = "success" | "warning" | "error" | "info";

const TONE: Record<ToastTone, string> = {
  success: "border-success-border bg-success-surface text-on-success-surface",
  warning: "border-warning-border bg-warning-surface text-on-warning-surface",
  error: "border-danger-border bg-danger-surface text-on-danger-surface",
  info: "border-info-border bg-info-surface text-on-info-surface",
};

/**
 * One toast: its text and a dismiss button. The live region around it is the toaster's.
 * `durationMs` on a page without hydration: the `page` module removes the toast after it (ADR 206).
 */
export function Toast({ tone, text, dismissLabel, onDismiss, durationMs }: { tone: ToastTone; text: string; dismissLabel: string; onDismiss: () => void; durationMs?: number }) {
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${TONE[tone]}`}
      data-testid={`toast-${tone}`}
      data-toast
      data-duration-ms={durationMs}
    >
      <p className="flex-1 font-medium">{text}</p>
      <button type="button" onClick={onDismiss} aria-label={dismissLabel} className="text-lg leading-none" data-toast-dismiss>
        ×
      </button>
    </div>
  );
}
