import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/modal";
import { ButtonLink } from "~/components/ui/button";

/** IMEI instructions modal (spec §2 "Modals: … IMEI instructions"). */
export function ImeiHelpModal({ kind, closeHref }: { kind: "imei" | "serial"; closeHref: string }) {
  const { t } = useTranslation();
  const steps = t(kind === "serial" ? "manage.imei.serialHelpSteps" : "manage.imei.helpSteps", { returnObjects: true }) as string[];
  return (
    <Modal
      size="xl"
      title={kind === "serial" ? t("manage.imei.helpSerialTitle") : t("manage.imei.helpTitle")}
      closeHref={closeHref}
      closeLabel={t("manage.actions.close")}
      testId="imei-help-modal"
    >
      <ol className="list-decimal space-y-2 pl-5">
        {(Array.isArray(steps) ? steps : []).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ButtonLink to={closeHref} preventScrollReset size="sm" className="mt-6">
        {t("manage.actions.close")}
      </ButtonLink>
    </Modal>
  );
}
