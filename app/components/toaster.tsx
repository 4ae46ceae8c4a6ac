import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastShownMs, type Toast } from "~/lib/toast";
import { useStaticPage } from "~/lib/observability/request-context";
import { Toast as ToastView } from "./ui/toast";

/**
 * Toasts: success, warning, error, info; dismissible; announced to screen readers (spec §8).
 *
 * A toast arrives once, with the root loader's data after the post that flashed it (ADR 066). It
 * stays its own duration whatever the root data does next: a later revalidation hands no toast, and
 * that must neither drop this one nor cancel its timer (it would then stay until the next page);
 * the same toast handed twice shows once (ADR 127).
 *
 * The server renders the incoming toast on every page (ADR 244), so a visitor without JavaScript sees
 * it: its CSS animation hides it after its duration counted from the first paint, and its checkbox
 * dismisses it. Hydration starts from the same toast (the same DOM node, no second announcement);
 * the effect then times it for what is left of its duration, read from that animation, so it never
 * stays its duration plus the time to hydrate (ADR 241's status note). A toast raised later in the
 * browser gets its whole duration. A page served without hydration (ADR 206) leaves the timing and
 * the dismissal to its `page` module (`data-duration-ms`).
 */
export function Toaster({ incoming }: { incoming: Toast | null | undefined }) {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  const [toasts, setToasts] = useState<Toast[]>(() => (incoming ? [incoming] : []));
  // The toast in the server's HTML: it has been showing since the first paint, not since hydration.
  const painted = useRef(incoming?.id);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!incoming || timers.current.has(incoming.id)) return;
    setToasts((current) => (current.some((entry) => entry.id === incoming.id) ? current : [...current, incoming]));
    const shown = incoming.id === painted.current ? toastShownMs(document.querySelector(`[data-toast="${CSS.escape(incoming.id)}"]`)) : 0;
    timers.current.set(
      incoming.id,
      setTimeout(() => setToasts((current) => current.filter((entry) => entry.id !== incoming.id)), Math.max(0, incoming.durationMs - shown)),
    );
  }, [incoming]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  const dismiss = (id: string) => setToasts((current) => current.filter((entry) => entry.id !== id));
  const view = (entry: Toast) => (
    <ToastView
      key={entry.id}
      id={entry.id}
      tone={entry.type}
      onDismiss={() => dismiss(entry.id)}
      text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")}
      dismissLabel={t("toast.dismiss")}
      durationMs={entry.durationMs}
      pageDurationMs={staticPage ? entry.durationMs : undefined}
    />
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {toasts.filter((entry) => entry.type !== "error").map(view)}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts.filter((entry) => entry.type === "error").map(view)}
      </div>
    </div>
  );
}
