import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * A repair by post (ADR 140): how to send the device, and the label to print with the carrier's
 * postal address and the order reference (spec §3 is_mail_in_repair). Shown on the complete page and
 * the manage page; `section` names the text namespace of the page (`booking-complete`, `manage`).
 * Printing the page prints the label alone (app/tailwind.css, `[data-print-label]`).
 */
export function MailInLabel({
  section,
  orderReference,
  to,
  from,
}: {
  section: "booking-complete" | "manage";
  orderReference: string;
  /** The carrier's postal address, one line each. */
  to: string[];
  /** The customer's name and return address. */
  from: string[];
}) {
  const { t } = useTranslation();
  const k = (key: string) => `${section}.mailInLabel.${key}`;
  return (
    <section aria-labelledby="mail-in-label-title" className="mt-8 rounded-xl border border-line/15 p-4" data-testid="mail-in-label">
      <h2 id="mail-in-label-title" className="text-2xl font-bold">
        {t(k("title"))}
      </h2>
      <ol className="mt-3 list-decimal space-y-1 pl-6" data-testid="mail-in-instructions">
        <li>{t(k("step1"))}</li>
        <li>{t(k("step2"))}</li>
        <li>{t(k("step3"), { reference: orderReference })}</li>
        <li>{t(k("step4"))}</li>
      </ol>
      <div data-print-label className="mt-4 max-w-md rounded border-2 border-dashed border-line/40 p-5" data-testid="mail-in-label-print">
        <p className="text-sm font-semibold uppercase">{t(k("to"))}</p>
        <address className="text-lg font-bold not-italic" data-testid="mail-in-address">
          {to.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <p className="mt-3">
          {t(k("reference"))}: <strong data-testid="mail-in-label-reference">{orderReference}</strong>
        </p>
        {from.length ? (
          <>
            <p className="mt-3 text-sm font-semibold uppercase">{t(k("from"))}</p>
            <address className="text-sm not-italic">
              {from.map((line, index) => (
                <span key={`${line}-${index}`} className="block">
                  {line}
                </span>
              ))}
            </address>
          </>
        ) : null}
      </div>
      <Button type="button" onClick={() => window.print()} variant="secondary" size="sm" className="mt-4" data-testid="print-label">
        {t(k("print"))}
      </Button>
    </section>
  );
}
