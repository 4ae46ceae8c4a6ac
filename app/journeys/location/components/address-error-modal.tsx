import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/modal";
import { buttonClass } from "~/components/ui/button";

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
  // A new error opens the modal again (state adjusted while rendering, as React's docs advise).
  const [shownError, setShownError] = useState(error);
  if (shownError !== error) {
    setShownError(error);
    setOpen(Boolean(error));
  }

  useEffect(() => {
    if (!error) return;
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
    <Modal title={t("booking-location.address.errorTitle")} onClose={close} role="alertdialog" size="md" testId="address-error-modal">
      <p>{text}</p>
      <a
        href={`${location.pathname}${location.search}`}
        role="button"
        onClick={(event) => {
          event.preventDefault();
          close();
        }}
        className={buttonClass({ size: "sm", className: "mt-5" })}
      >
        {t("booking-location.address.close")}
      </a>
    </Modal>
  );
}
