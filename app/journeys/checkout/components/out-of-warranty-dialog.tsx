import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/modal";
import { Button, ButtonLink } from "~/components/ui/button";

/**
 * Spec §8 RBK15: 'Your device is out of warranty'. The repair can still be done, but not free:
 * continuing sets the booking out of warranty (the engine clears the chosen repairs, spec §4) and
 * goes back to choosing them.
 */
export function OutOfWarrantyDialog() {
  const { t } = useTranslation();
  return (
    <Modal size="md" title={t("booking-checkout.payment.outOfWarrantyTitle")} testId="out-of-warranty-dialog">
      <p>{t("booking-checkout.payment.outOfWarrantyText")}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <ButtonLink to="/booking/checkout" variant="quiet" size="sm">
          {t("booking-checkout.payment.outOfWarrantyBack")}
        </ButtonLink>
        <Form method="post" action="/booking/checkout">
          <Button type="submit" name="intent" value="out-of-warranty" size="sm">
            {t("booking-checkout.payment.outOfWarrantyContinue")}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
