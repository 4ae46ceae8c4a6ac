import { useSyncExternalStore, type AnimationEvent, type CSSProperties } from "react";
import { TOAST_EXPIRE_ANIMATION } from "~/lib/toast";

export type ToastTone = "success" | "warning" | "error" | "info";

const TONE: Record<ToastTone, string> = {
  success: "border-success-border bg-success-surface text-on-success-surface",
  warning: "border-warning-border bg-warning-surface text-on-warning-surface",
  error: "border-danger-border bg-danger-surface text-on-danger-surface",
  info: "border-info-border bg-info-surface text-on-info-surface",
};

/**
 * One toast: its text and a dismiss control. The live region around it is the toaster's.
 *
 * It hides itself `durationMs` after it first shows, with or without JavaScript: its `toast-expire`
 * animation (`app/tailwind.css`) starts when it is rendered and ends hidden; `onDismiss` runs when
 * that animation ends, as it does on the dismiss control. Until the page hydrates the dismiss control
 * is a checkbox in a label: checked, the toast is hidden by CSS alone, so it works without JavaScript
 * too (ADR 244); once hydrated it is the button it always was (role button, the same name).
 * `pageDurationMs` on a page without hydration: its `page` module removes the toast (ADR 206).
 */
/** Whether the page has hydrated never changes after it has. */
const noChange = () => () => undefined;

export function Toast({
  id,
  tone,
  text,
  dismissLabel,
  onDismiss,
  durationMs,
  pageDurationMs,
}: {
  id: string;
  tone: ToastTone;
  text: string;
  dismissLabel: string;
  onDismiss: () => void;
  durationMs: number;
  pageDurationMs?: number;
}) {
  // false on the server and while hydrating (both render the checkbox), true once hydrated: the button
  // replaces it then; a page without hydration keeps the checkbox (its `page` module).
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const expire = (event: AnimationEvent<HTMLDivElement>) => {
    if (event.animationName === TOAST_EXPIRE_ANIMATION) onDismiss();
  };
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${TONE[tone]}`}
      data-testid={`toast-${tone}`}
      data-toast={id}
      data-duration-ms={pageDurationMs}
      style={{ "--toast-ms": `${durationMs}ms` } as CSSProperties}
      onAnimationEnd={expire}
    >
      <p className="flex-1 font-medium">{text}</p>
      {hydrated ? (
        <button type="button" onClick={onDismiss} aria-label={dismissLabel} className="text-lg leading-none" data-toast-dismiss>
          ×
        </button>
      ) : (
        <label className="cursor-pointer text-lg leading-none" data-toast-close>
          <input type="checkbox" className="sr-only" aria-label={dismissLabel} onChange={onDismiss} data-toast-dismiss />
          <span aria-hidden="true">×</span>
        </label>
      )}
    </div>
  );
}
