import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/lib/toast";
import { Toast as ToastView } from "./ui/toast";

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
          <ToastView key={entry.id} tone={entry.type} onDismiss={() => dismiss(entry.id)} text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")} dismissLabel={t("toast.dismiss")} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {toasts.filter((entry) => entry.type === "error").map((entry) => (
          <ToastView key={entry.id} tone={entry.type} onDismiss={() => dismiss(entry.id)} text={entry.key ? t(entry.key, entry.params) : (entry.message ?? "")} dismissLabel={t("toast.dismiss")} />
        ))}
      </div>
    </div>
  );
}
