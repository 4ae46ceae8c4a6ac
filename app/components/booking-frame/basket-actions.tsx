import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Under a basket (the basket page and the side basket): terms and privacy, and clearing the
 * booking or its store. Both post to the basket page's action.
 */
export function BasketActions({ storeCode, roomy = false }: { storeCode: string | null; roomy?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={`${roomy ? "mt-6" : "mt-4"} flex gap-4 text-sm`}>
        <Link to="/terms" target="_blank" rel="noopener" className="underline">
          {t("booking.basket.terms")}
        </Link>
        <Link to="/privacy" target="_blank" rel="noopener" className="underline">
          {t("booking.basket.privacy")}
        </Link>
      </p>
      <div className={`mt-3 flex flex-wrap ${roomy ? "gap-4" : "gap-3"} text-sm`}>
        <Form method="post" action="/booking/basket">
          <button type="submit" name="intent" value="clear-booking" className="underline" data-testid={roomy ? "clear-booking" : undefined}>
            {t("booking.basket.clearBooking")}
          </button>
        </Form>
        {storeCode ? (
          <Form method="post" action="/booking/basket">
            <button type="submit" name="intent" value="clear-store" className="underline">
              {t("booking.basket.clearStore")}
            </button>
          </Form>
        ) : null}
      </div>
    </>
  );
}
