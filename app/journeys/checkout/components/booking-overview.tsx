import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BookingOverview } from "~/journeys/checkout/overview";

function Row({ label, children, testId, change }: { label: string; children: ReactNode; testId: string; change?: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1 border-b border-line/10 py-3 sm:grid-cols-[12rem_1fr_auto]">
      <dt className="font-semibold">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
      {change ? (
        <dd>
          <Link to={change.to} className="text-sm underline" aria-label={t("booking-checkout.overview.changeLabel", { field: change.label })}>
            {t("booking-checkout.overview.change")}
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

/**
 * The booking overview fields of spec §3 (checkout summary and complete page). `editable` adds
 * 'change' links to the steps that own each field (checkout only).
 */
export function BookingOverviewList({
  overview,
  format,
  applianceVariant,
  editable = false,
}: {
  overview: BookingOverview;
  format: (minor: number) => string;
  applianceVariant: boolean;
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const notSet = t("booking-checkout.common.notSet");
  const change = (to: string, label: string) => (editable ? { to, label } : undefined);
  return (
    <dl data-testid="booking-overview">
      {overview.orderReference ? (
        <Row label={t("booking-checkout.overview.orderReference")} testId="overview-order-reference">
          <strong>{overview.orderReference}</strong>
        </Row>
      ) : null}
      <Row label={t("booking-checkout.overview.repairAddress")} testId="overview-repair-address" change={change("/booking/details", t("booking-checkout.overview.repairAddress"))}>
        {overview.repairAddress.lines.length ? <AddressLines lines={overview.repairAddress.lines} /> : notSet}
      </Row>
      <Row label={t("booking-checkout.overview.repairLocation")} testId="overview-repair-location">
        {overview.repairLocation === "mail_in" ? (
          <>
            {t("booking-checkout.overview.mailIn")}
            <span className="block text-sm">{t("booking-checkout.overview.mailInTo", { address: overview.mailInAddress.join(", ") })}</span>
          </>
        ) : overview.repairLocation === "drop_off" ? (
          overview.dropOffStore ? (
            t("booking-checkout.overview.dropOff", { store: overview.dropOffStore })
          ) : (
            t("booking-checkout.overview.dropOffUnknown")
          )
        ) : (
          t("booking-checkout.overview.doorstep")
        )}
      </Row>
      {overview.repairLocation === "mail_in" ? (
        <Row label={t("booking-checkout.overview.date")} testId="overview-date" change={change("/booking/repair-date", t("booking-checkout.overview.date"))}>
          {t("booking-checkout.overview.mailInNoDate")}
        </Row>
      ) : (
        <>
          <Row label={t("booking-checkout.overview.date")} testId="overview-date" change={change("/booking/repair-date", t("booking-checkout.overview.date"))}>
            {overview.dateText ?? notSet}
          </Row>
          <Row label={t("booking-checkout.overview.timeslot")} testId="overview-timeslot">
            {overview.timeslot ?? (overview.confirmedAtCheckout ? t("booking-checkout.overview.timeslotAtCheckout") : t("booking-checkout.overview.timeslotPending"))}
          </Row>
        </>
      )}
      <Row label={t("booking-checkout.overview.phone")} testId="overview-phone" change={change("/booking/details", t("booking-checkout.overview.phone"))}>
        {overview.phone ?? notSet}
      </Row>
      <Row label={t("booking-checkout.overview.email")} testId="overview-email" change={change("/booking/details", t("booking-checkout.overview.email"))}>
        {overview.email ?? notSet}
      </Row>
      <Row
        label={applianceVariant ? t("booking-checkout.overview.devicesAppliance") : t("booking-checkout.overview.devices")}
        testId="overview-devices"
        change={change("/booking/basket", applianceVariant ? t("booking-checkout.overview.devicesAppliance") : t("booking-checkout.overview.devices"))}
      >
        <ul className="space-y-3">
          {overview.devices.map((device) => (
            <li key={device.reference} data-testid="overview-device">
              <p className="font-semibold">{device.title}</p>
              <ul className="text-sm">
                {device.lines
                  .filter((line) => line.kind !== "battery")
                  .map((line, index) => (
                    <li key={`${line.title}-${index}`} className="flex justify-between gap-3">
                      <span>{line.title}</span>
                      <span>
                        {overview.inWarranty && line.kind === "problem"
                          ? t("booking-checkout.basket.inWarrantyLine")
                          : line.price === null
                            ? t("booking.basket.free")
                            : format(line.price)}
                      </span>
                    </li>
                  ))}
              </ul>
              {device.identifierKind ? (
                <p className="text-sm" data-testid="overview-device-identifier">
                  {device.identifierKind === "serial" ? t("booking-checkout.overview.serial") : t("booking-checkout.overview.imei")}:{" "}
                  {device.imei ?? t("booking-checkout.overview.identifierMissing")}
                </p>
              ) : null}
              {device.insured === null ? null : (
                <p className="text-sm" data-testid="overview-device-insurance">
                  {t(device.insured ? "booking-checkout.overview.insured" : "booking-checkout.overview.notInsured")}
                </p>
              )}
            </li>
          ))}
        </ul>
      </Row>
      {overview.freeBatteryDevices.length ? (
        <Row label={t("booking-checkout.overview.battery")} testId="overview-battery">
          {overview.freeBatteryDevices.map((device) => (
            <span key={device} className="block">
              {t("booking-checkout.overview.batteryText", { device })}
            </span>
          ))}
        </Row>
      ) : null}
      {overview.promoCode ? (
        <Row label={t("booking-checkout.overview.promoCode")} testId="overview-promo-code">
          {overview.promoCode}
        </Row>
      ) : null}
      <Row
        label={t("booking-checkout.overview.billingAddress")}
        testId="overview-billing-address"
        change={change("/booking/details", t("booking-checkout.overview.billingAddress"))}
      >
        {overview.billingAddress ? (
          <AddressLines lines={[overview.billingAddress.name, ...overview.billingAddress.lines].filter((line): line is string => Boolean(line))} />
        ) : (
          notSet
        )}
      </Row>
      {overview.promotionalEvent ? (
        <Row label={t("booking-checkout.overview.promotionalEvent")} testId="overview-promotional-event">
          {overview.promotionalEvent}
        </Row>
      ) : null}
      {overview.convenienceCharge !== null ? (
        <Row label={t("booking-checkout.overview.convenienceCharge")} testId="overview-convenience-charge">
          {t("booking-checkout.overview.convenienceChargeText", { amount: format(overview.convenienceCharge) })}
        </Row>
      ) : null}
    </dl>
  );
}

/** Subtotal and promo only with a code; nothing of it in warranty (spec §2). */
export function OverviewTotals({ overview, format }: { overview: BookingOverview; format: (minor: number) => string }) {
  const { t } = useTranslation();
  if (overview.inWarranty) {
    return (
      <p className="mt-4 text-lg font-bold" data-testid="overview-total">
        {t("booking-checkout.overview.inWarranty")}
      </p>
    );
  }
  return (
    <dl className="mt-4 space-y-1">
      {overview.promoCode ? (
        <>
          <div className="flex justify-between">
            <dt>{t("booking-checkout.overview.subtotal")}</dt>
            <dd>{format(overview.fullPrice)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t("booking-checkout.overview.discount", { code: overview.promoCode })}</dt>
            <dd>−{format(overview.discountTotal)}</dd>
          </div>
        </>
      ) : null}
      <div className="flex justify-between text-lg font-bold">
        <dt>{t("booking-checkout.overview.total")}</dt>
        <dd data-testid="overview-total">{format(overview.total)}</dd>
      </div>
    </dl>
  );
}

function AddressLines({ lines }: { lines: string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
