import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BasketItem } from "~/journeys/checkout/basket-view";

/**
 * Spec §2 "Basket item": image, title, per-problem prices, the free battery line, the premium
 * service line, delete (opens the confirm overlay through `removeHref`) and edit.
 */
export function BasketItemCard({ item, inWarranty, format, removeHref }: { item: BasketItem; inWarranty: boolean; format: (minor: number) => string; removeHref: string }) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-4 rounded-xl border border-line/10 p-4" data-testid="basket-item">
      <img src={item.imagePath} alt="" className="h-24 w-16 flex-none object-contain" />
      <div className="flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold">
            {item.title}
            {item.colour ? <span className="block text-sm font-normal">{item.colour}</span> : null}
          </h2>
          <div className="flex gap-3 text-sm">
            <Link to={item.editPath} className="underline" aria-label={t("booking-checkout.basket.editLabel", { device: item.title })}>
              {t("booking.basket.edit")}
            </Link>
            <Link
              to={removeHref}
              preventScrollReset
              className="underline"
              aria-label={t("booking-checkout.basket.deleteLabel", { device: item.title })}
              data-testid="basket-item-delete"
            >
              {t("booking.basket.delete")}
            </Link>
          </div>
        </div>
        <ul className="mt-2 space-y-1">
          {item.lines.map((line, index) => (
            <li key={`${line.kind}-${line.title}-${index}`} className="flex justify-between gap-3" data-testid={`basket-line-${line.kind}`}>
              <span>{line.kind === "battery" ? t("booking.basket.freeBattery") : line.title}</span>
              <span className="whitespace-nowrap">
                {line.price === null ? (
                  t("booking.basket.free")
                ) : inWarranty && line.kind === "problem" ? (
                  t("booking-checkout.basket.inWarrantyLine")
                ) : (
                  <>
                    {line.wasPrice !== null ? <s className="mr-2 text-ink/70">{format(line.wasPrice)}</s> : null}
                    {format(line.price)}
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
        {inWarranty ? null : (
          <p className="mt-2 flex justify-between border-t border-line/10 pt-2 font-semibold">
            <span>{t("booking-checkout.basket.deviceTotal")}</span>
            <span>{format(item.total)}</span>
          </p>
        )}
      </div>
    </li>
  );
}
