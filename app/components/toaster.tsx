import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/lib/toast";
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
 * A page served without hydration (ADR 206) renders its toast at once; its `page` module dismisses
 * it on the button and after its duration (`data-duration-ms`). A page that hydrates shows it from
 * the effect, so the toast and its timer start together (ADR 241's status note says why).
 */
export function Toaster({ incoming }: { incoming: Toast | null | undefined }) {
  const { t } = useTranslation();
  const staticPage = useStaticPage();
  // A page without hydration renders its toast at once (its page module times it). A hydrated page adds it
  // in the effect below, with its timer: its duration counts from when it shows (ADR 241, status).
  const [toasts, setToasts] = useState<Toast[]>(() => (staticPage && incoming ? [incoming] : []));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!incoming || timers.current.has(incoming.id)) return;
    setToasts((current) => (current.some((entry) => entry.id === incoming.id) ? current : [...current, incoming]));
    timers.current.set(
      incoming.id,
      setTimeout(() => setToasts((current) => current.filter((entry) => entry.id !== incoming.id)), incoming.durationMs),
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
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {toasts
          .filter((entry) => entry.type !== "error")
          .map((entry) => (
            <ToastView
              key={entry.id}
              tone={entry.type}
              onDismiss={() => dismiss(entry.id)}
              text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")}
              dismissLabel={t("toast.dismiss")}
              durationMs={staticPage ? entry.durationMs : undefined}
            />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts
          .filter((entry) => entry.type === "error")
          .map((entry) => (
            <ToastView
              key={entry.id}
              tone={entry.type}
              onDismiss={() => dismiss(entry.id)}
              text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")}
              dismissLabel={t("toast.dismiss")}
              durationMs={staticPage ? entry.durationMs : undefined}
            />
          ))}
      </div>
    </div>
  );
}
