import { useTranslation } from "react-i18next";
import { BasketActions } from "~/components/booking-frame/basket-actions";
import type { BasketSummary } from "~/lib/booking-flow/basket-summary";
import { formatMoney, type CountryCode, type Currency } from "~/lib/money";
import { ButtonLink } from "~/components/ui/button";

export interface MoneyContext {
  currency: Currency;
  countryCode: CountryCode;
  locale: "en" | "de";
}

/** Spec §2 "Side basket": devices, subtotal and promo only with a code, nothing of it in warranty. */
export function SideBasket({ basket, money, applianceVariant, addDevicePath }: { basket: BasketSummary; money: MoneyContext; applianceVariant: boolean; addDevicePath: string }) {
  const { t } = useTranslation();
  const format = (minor: number) => formatMoney(minor, money.currency, money);
  return (
    <aside aria-labelledby="side-basket-title" className="rounded-xl border border-line/10 bg-page p-5" data-testid="side-basket">
      <h2 id="side-basket-title" className="text-lg font-bold">
        {t("booking.basket.title")}
      </h2>
      {basket.devices.length === 0 ? (
        <div className="mt-3 space-y-3">
          <p>{t("booking.basket.empty")}</p>
          <ButtonLink to={addDevicePath} size="sm">
            {applianceVariant ? t("booking.basket.addAppliance") : t("booking.basket.addDevice")}
          </ButtonLink>
        </div>
      ) : (
        <>
          <ul className="mt-3 space-y-3">
            {basket.devices.map((device) => (
              <li key={device.reference} className="flex gap-3" data-testid="side-basket-device">
                <img src={device.imagePath} alt="" className="h-14 w-10 object-contain" />
                <div className="flex-1 text-sm">
                  <p className="font-semibold">{device.title}</p>
                  <ul>
                    {device.lines.map((line) => (
                      <li key={line.title} className="flex justify-between gap-2">
                        <span>{line.title}</span>
                        {basket.inWarranty ? null : <span>{format(line.price)}</span>}
                      </li>
                    ))}
                    {device.freeBattery ? (
                      <li className="flex justify-between gap-2">
                        <span>{t("booking.basket.freeBattery")}</span>
                        <span>{t("booking.basket.free")}</span>
                      </li>
                    ) : null}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
          {basket.inWarranty ? (
            <p className="mt-4 font-semibold">{t("booking.basket.inWarranty")}</p>
          ) : (
            <dl className="mt-4 space-y-1 border-t border-line/10 pt-3 text-sm">
              {basket.discountCode ? (
                <>
                  <div className="flex justify-between">
                    <dt>{t("booking.basket.subtotal")}</dt>
                    <dd>{format(basket.fullPrice)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t("booking.basket.promo", { code: basket.discountCode })}</dt>
                    <dd>−{format(basket.discountTotal)}</dd>
                  </div>
                </>
              ) : null}
              <div className="flex justify-between text-base font-bold">
                <dt>{t("booking.basket.total")}</dt>
                <dd data-testid="side-basket-total">{format(basket.cartTotal)}</dd>
              </div>
            </dl>
          )}
          <ButtonLink to="/booking/basket" size="sm" fullWidth className="mt-4">
            {t("booking.basket.goToBasket")}
          </ButtonLink>
        </>
      )}
      <BasketActions storeCode={basket.storeCode} />
    </aside>
  );
}
