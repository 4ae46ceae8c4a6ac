import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BASKET_PATH } from "~/journeys/device/flow";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { ButtonLink } from "~/components/ui/button";

/** Spec §2 modal "maximum devices in basket": blocks adding a device; the way on is the basket. */
export function MaxDevicesModal({ reason, max, applianceVariant }: { reason: "max-devices" | "in-warranty"; max: number; applianceVariant: boolean }) {
  const { t } = useTranslation();
  const noun = applianceVariant ? "Appliance" : "";
  return (
    <Modal title={t(`booking-device.maxDevices.title${noun}`)} replace closeHref={BASKET_PATH} closeLabel={t("booking-device.close")} role="alertdialog" testId="max-devices-modal">
      <p>{reason === "in-warranty" ? t("booking-device.maxDevices.inWarranty") : t(`booking-device.maxDevices.text${noun}`, { count: max })}</p>
      <ButtonLink to={BASKET_PATH}>{t("booking-device.goToBasket")}</ButtonLink>
    </Modal>
  );
}

/** Spec §2 modal "make unavailable": 'unable to provide repairs for that make'. */
export function MakeUnavailableModal({ closeHref }: { closeHref: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("booking-device.make.unavailableTitle")}
      replace
      closeHref={closeHref}
      closeLabel={t("booking-device.close")}
      role="alertdialog"
      testId="make-unavailable-modal"
    >
      <p>{t("booking-device.make.unavailableText")}</p>
      <ButtonLink to={closeHref} replace>
        {t("booking-device.make.chooseAnother")}
      </ButtonLink>
    </Modal>
  );
}

/**
 * 'Out of warranty' on a device step (warranty status, and fault type when the fault is damage):
 * the repair can still be booked, paid.
 */
export function OutOfWarrantyModal({ here, damage = false }: { here: string; damage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("booking-device.warranty.outOfWarrantyTitle")}
      replace
      closeHref={here}
      closeLabel={t("booking-device.close")}
      role="alertdialog"
      testId="out-of-warranty-modal"
    >
      {damage ? <p>{t("booking-device.fault.damageNotCovered")}</p> : null}
      <p>{t("booking-device.warranty.outOfWarrantyText")}</p>
      <Form method="post" action={here}>
        <SubmitButton name="intent" value="confirm-out-of-warranty">
          {t("booking-device.warranty.continuePaid")}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
