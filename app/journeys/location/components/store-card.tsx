import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDistance } from "~/journeys/location/store-form";
import { openingHoursLines, type OpeningHoursEntry } from "~/lib/dates";

export interface StoreCardData {
  id: number;
  code: string;
  name: string;
  address: { line_1: string; line_2: string; town: string; postcode: string };
  distance_km: number | null;
  drop_off_available: boolean;
  opening_hours: OpeningHoursEntry[];
}

/** One store: name, address, opening hours (when given), distance from the postcode, and the actions the page puts in it. */
/** `timeLocale`: the carrier's locale the opening hours are read in (ADR 246: en-US 9:00 AM – 6:00 PM). */
export function StoreCard({
  store,
  locale,
  timeLocale,
  children,
  headingLevel = 2,
}: {
  store: StoreCardData;
  locale: string;
  timeLocale: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const distance = formatDistance(store.distance_km, locale);
  const hours = openingHoursLines(store.opening_hours, timeLocale);
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line/15 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="store" data-store-code={store.code}>
      <div>
        <Heading className="text-lg font-bold">{store.name}</Heading>
        <p>{[store.address.line_1, store.address.line_2, store.address.town, store.address.postcode].filter(Boolean).join(", ")}</p>
        {hours.length ? (
          <div className="mt-1 text-sm" data-testid="store-hours">
            <p className="font-semibold">{t("booking-location.store.openingHours")}</p>
            <ul>
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {distance ? <p className="text-sm">{t("booking-location.store.distance", { distance })}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-3">{children}</div> : null}
    </article>
  );
}
