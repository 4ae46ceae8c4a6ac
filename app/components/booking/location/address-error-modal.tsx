import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec §9: the address error message disappears after 10 seconds. */
export const ADDRESS_ERROR_MS = 10_000;

/**
 * Spec §8 "Address save failure": the first server message in an error modal with a Close button.
 * Without JavaScript the Close button is a link back to the page, which drops the message.
 */
export function AddressErrorModal({ error, onClose }: { error: { key?: string; message?: string } | null | undefined; onClose?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(Boolean(error));
  const closeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    setOpen(Boolean(error));
    if (!error) return;
    closeRef.current?.focus();
    const timer = setTimeout(() => setOpen(false), ADDRESS_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  if (!error || !open) return null;
  const text = error.key ? t(error.key) : (error.message ?? t("booking-location.address.saveFailed"));
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-scrim/40 px-4" data-testid="address-error-modal">
      <div role="alertdialog" aria-modal="true" aria-labelledby="address-error-title" aria-describedby="address-error-text" className="w-full max-w-md rounded-xl bg-field p-6 text-on-field shadow-xl">
        <h2 id="address-error-title" className="text-xl font-bold">
          {t("booking-location.address.errorTitle")}
        </h2>
        <p id="address-error-text" className="mt-3">
          {text}
        </p>
        <a
          ref={closeRef}
          href={`${location.pathname}${location.search}`}
          role="button"
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
          className="mt-5 inline-block rounded-lg border-2 border-primary bg-primary px-5 py-2 font-semibold text-on-primary"
        >
          {t("booking-location.address.close")}
        </a>
      </div>
    </div>
  );
}
