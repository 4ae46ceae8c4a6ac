import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/lib/session.server";

const STYLE: Record<Toast["type"], string> = {
  success: "border-success-border bg-success-surface text-on-success-surface",
  warning: "border-warning-border bg-warning-surface text-on-warning-surface",
  error: "border-danger-border bg-danger-surface text-on-danger-surface",
  info: "border-info-border bg-info-surface text-on-info-surface",
};

/** Toasts: success, warning, error, info; dismissible; announced to screen readers (spec §8). */
export function Toaster({ incoming }: { incoming: Toast | null | undefined }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    if (!incoming) return;
    setToasts((current) => (current.some((entry) => entry.id === incoming.id) ? current : [...current, incoming]));
    const timer = setTimeout(() => setToasts((current) => current.filter((entry) => entry.id !== incoming.id)), incoming.durationMs);
    return () => clearTimeout(timer);
  }, [incoming]);

  const dismiss = (id: string) => setToasts((current) => current.filter((entry) => entry.id !== id));
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {toasts.filter((entry) => entry.type !== "error").map((entry) => (
          <ToastView key={entry.id} toast={entry} onDismiss={dismiss} text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")} label={t("toast.dismiss")} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts.filter((entry) => entry.type === "error").map((entry) => (
          <ToastView key={entry.id} toast={entry} onDismiss={dismiss} text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")} label={t("toast.dismiss")} />
        ))}
      </div>
    </div>
  );
}

function ToastView({ toast, text, label, onDismiss }: { toast: Toast; text: string; label: string; onDismiss: (id: string) => void }) {
  return (
    <div className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${STYLE[toast.type]}`} data-testid={`toast-${toast.type}`}>
      <p className="flex-1 font-medium">{text}</p>
      <button type="button" onClick={() => onDismiss(toast.id)} aria-label={label} className="text-lg leading-none">
        ×
      </button>
    </div>
  );
}
