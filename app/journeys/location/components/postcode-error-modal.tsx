import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/modal";
import type { ShownText } from "~/lib/errors/error-table";
import { buttonClass } from "~/components/ui/button";

/**
 * Spec §5 "Landing postcode" and §8 "Postcode error": a postcode the server refused although it is
 * well formed (no area covers it) shows the server's first message, in the page's language, in an
 * error modal with a Close button (ADR 126). Closing keeps the typed postcode in the field; without
 * JavaScript Close is a link to the empty postcode page.
 */
export function PostcodeErrorModal({ refused }: { refused: ShownText | null | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(Boolean(refused));
  // A new refusal opens the modal again (state adjusted while rendering, as React's docs advise).
  const [shownRefusal, setShownRefusal] = useState(refused);
  if (shownRefusal !== refused) {
    setShownRefusal(refused);
    setOpen(Boolean(refused));
  }
  if (!refused || !open) return null;
  const text = refused.key ? t(refused.key) : (refused.text ?? t("landing.postcodeNotCovered"));
  return (
    <Modal title={t("booking-location.postcode.errorTitle")} onClose={() => setOpen(false)} role="alertdialog" size="md" testId="postcode-error-modal">
      <p data-testid="postcode-error-message">{text}</p>
      <a
        href="/booking/postcode-search"
        role="button"
        onClick={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        className={buttonClass({ size: "sm", className: "mt-5" })}
      >
        {t("booking-location.address.close")}
      </a>
    </Modal>
  );
}
