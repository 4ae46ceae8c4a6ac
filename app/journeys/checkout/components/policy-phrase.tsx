import { Link } from "@remix-run/react";
import { Trans } from "react-i18next";

/**
 * The extra policy sentence German law asks for before a customer commits (spec §9: "DE … adds an
 * extra policy phrase"): the right of withdrawal and cancellation, linking to the carrier's terms,
 * which hold its withdrawal policy. Shown at checkout and payment where the carrier's country asks
 * for it (Germany, the EU) unless operations turned `policyPhrase` off, or anywhere it is on (ADR 272).
 */
export function PolicyPhrase({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="mt-4 text-sm" data-testid="policy-phrase">
      <Trans
        i18nKey="booking-checkout.common.policyPhrase"
        components={{ policy: <Link to="/terms" target="_blank" rel="noopener" className="underline" data-testid="policy-phrase-link" /> }}
      />
    </p>
  );
}
