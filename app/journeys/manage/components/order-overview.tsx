import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/content/schemas";
import { formatMoney, intlLocaleOf, type CountryCode, type Currency } from "~/lib/money";
import { clockTime, dayOfInstant, longDate, timeslotText } from "~/lib/dates";
import { manageBookingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import type { ManageOrder } from "~/journeys/manage/order-view";
import { DeviceIdentifier } from "./device-identifier";
import { ProofUpload } from "./proof-upload";
import { MailInLabel } from "~/components/mail-in-label";
import { ButtonLink } from "~/components/ui/button";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid gap-1 border-b border-line/10 py-3 sm:grid-cols-[13rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export interface OrderOverviewProps {
  order: ManageOrder;
  lookup: LookupForm;
  trackingPath: string;
  money: { currency: string; countryCode: string };
  phone: string | null;
  timezone: string;
  maxProofBytes: number;
  result: ManageActionResult | undefined;
}

/** The manage screen's booking overview (spec §3) with its changes, IMEI and proof-of-purchase forms. */
export function OrderOverview({ order, lookup, trackingPath, money, phone, timezone, maxProofBytes, result }: OrderOverviewProps) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === "de" ? "de" : "en") as Locale;
  const format = (minor: number) => formatMoney(minor, money.currency as Currency, { countryCode: money.countryCode as CountryCode, locale });
  // Times of day in the carrier's locale, as money (ADR 246): en-US reads 8:00 – 9:00 AM.
  const timeLocale = intlLocaleOf(money.countryCode as CountryCode, locale);
  // Refunded in full (ADR 247): closed like a cancellation, nothing more to change.
  const refunded = order.state === "refunded";
  const booked = order.status === "BOOKED" && !refunded;
  const changeable = booked && order.canChangeOnline;
  // Inside the 24 hours (ADR 250, 251): cancelling keeps the fee; the date only where the carrier allows late moves.
  const late = booked && order.changeWindow === "late";
  const canCancel = booked && order.canCancelOnline;
  const canMoveDate = booked && order.canChangeDateOnline && !order.mailIn;
  const callUs = phone ? (
    <p className="mt-1">
      {t("manage.callUs")}{" "}
      <a href={`tel:${phone.replace(/\s+/g, "")}`} className="font-semibold underline">
        {phone}
      </a>
    </p>
  ) : null;
  const open = (modal: string) => manageBookingPath(lookup, { modal });
  const deadline = order.changeDeadline ? new Date(order.changeDeadline) : null;
  const deadlineDay = deadline ? dayOfInstant(deadline, timezone, locale) : null;
  const mailIn = order.mailIn;

  return (
    <div className="mt-6">
      {booked && order.repairStatus !== "booked" && order.repairStatus !== "cancelled" ? (
        <p role="status" className="mb-4 rounded-lg bg-surface px-4 py-3 font-semibold" data-testid="repair-status" data-status={order.repairStatus}>
          {t(`manage.status.repair.${order.repairStatus}`)}
        </p>
      ) : null}
      {/* The history's refunds (ADR 247): in full the booking is closed; in part the amount given back. */}
      {refunded ? (
        <div role="status" className="rounded-lg border-l-4 border-danger-border bg-danger-surface px-4 py-3 text-on-danger-surface" data-testid="order-refunded">
          <p className="font-semibold">{t("manage.status.refundedTitle")}</p>
          <p>{t("manage.status.refundedInFull", { amount: format(order.refundedMinor) })}</p>
          <p>{t("manage.status.refundedClosed")}</p>
        </div>
      ) : null}
      {booked && order.refundedMinor > 0 ? (
        <p role="status" className="mb-4 rounded-lg bg-surface px-4 py-3" data-testid="partial-refund">
          {t("manage.status.partlyRefunded", { amount: format(order.refundedMinor), paid: format(order.paidMinor) })}
        </p>
      ) : null}
      {refunded ? null : !booked ? (
        <div role="status" className="rounded-lg border-l-4 border-danger-border bg-danger-surface px-4 py-3 text-on-danger-surface" data-testid="order-cancelled">
          <p className="font-semibold">{t("manage.status.cancelled")}</p>
          {order.cancellation && order.cancellation.feeKept > 0 ? (
            <p data-testid="cancel-outcome" data-fee-kept={order.cancellation.feeKept} data-refunded={order.cancellation.refunded}>
              {t("manage.status.feeKept", { fee: format(order.cancellation.feeKept), refund: format(order.cancellation.refunded) })}
            </p>
          ) : order.refundStatus === "REFUNDED" ? (
            <p data-testid="cancel-outcome" data-fee-kept={0} data-refunded={order.cancellation?.refunded ?? null}>
              {t("manage.status.refunded")}
            </p>
          ) : null}
          {order.refundStatus === "PENDING" || order.refundStatus === "FAILED" ? <p>{t("manage.status.refundPending")}</p> : null}
        </div>
      ) : late ? (
        <div role="alert" className="rounded-lg border-l-4 border-warning-border bg-warning-surface px-4 py-3 text-on-warning-surface" data-testid="late-changes">
          <p className="font-semibold">{t("manage.late.title")}</p>
          <p className="mt-1" data-testid="late-date-rule">
            {canMoveDate ? t("manage.late.dateOnly") : t("manage.late.noChanges")}
          </p>
          {canMoveDate ? null : callUs}
          {order.cancelQuote ? (
            <p className="mt-1" data-testid="late-cancel-rule">
              {order.cancelQuote.kept > 0
                ? t("manage.late.cancelWithFee", { fee: format(order.cancelQuote.kept), refund: format(order.cancelQuote.refund) })
                : t("manage.late.cancelFree")}
            </p>
          ) : null}
        </div>
      ) : !order.canChangeOnline ? (
        <div role="alert" className="rounded-lg border-l-4 border-warning-border bg-warning-surface px-4 py-3 text-on-warning-surface" data-testid="changes-closed">
          <p className="font-semibold">{t("manage.changesClosed")}</p>
          {callUs}
        </div>
      ) : mailIn ? (
        // A repair by post (ADR 140): no visit, so no date or address to change; cancelling still works.
        <div role="status" className="rounded-lg bg-surface px-4 py-3" data-testid="mail-in-notice">
          <p className="font-semibold">{t("manage.mailIn.title")}</p>
          <p className="mt-1">{t("manage.mailIn.noChanges")}</p>
        </div>
      ) : deadline ? (
        <p className="rounded-lg bg-surface px-4 py-3" data-testid="change-deadline">
          {t("manage.changeDeadline", { day: deadlineDay, time: clockTime(deadline, timezone, timeLocale) })}
        </p>
      ) : null}

      {booked ? (
        <nav aria-label={t("manage.actions.title")} className="mt-6 flex flex-wrap gap-3">
          {changeable && mailIn ? (
            <ButtonLink to={open("cancel")} preventScrollReset variant="danger-outline" size="sm" data-testid="open-cancel">
              {t("manage.actions.cancel")}
            </ButtonLink>
          ) : changeable || canCancel ? (
            <>
              {canMoveDate ? (
                <ButtonLink to={open("date")} preventScrollReset size="sm" data-testid="open-change-date">
                  {t("manage.actions.changeDate")}
                </ButtonLink>
              ) : null}
              {changeable ? (
                <ButtonLink to={open("address")} preventScrollReset size="sm" data-testid="open-change-address">
                  {t("manage.actions.changeAddress")}
                </ButtonLink>
              ) : null}
              {canCancel ? (
                <ButtonLink to={open("cancel")} preventScrollReset variant="danger-outline" size="sm" data-testid="open-cancel">
                  {t("manage.actions.cancel")}
                </ButtonLink>
              ) : null}
            </>
          ) : null}
          {mailIn ? null : (
            <ButtonLink to={trackingPath} variant="secondary" size="sm" data-testid="track-technician">
              {t("manage.actions.track")}
            </ButtonLink>
          )}
        </nav>
      ) : null}
      <p className="mt-3">
        <Link to="/manage/confirm" className="text-sm underline" data-testid="booking-summary">
          {t("manage.actions.summary")}
        </Link>
      </p>

      {mailIn && booked && mailIn.address.length ? (
        <MailInLabel
          section="manage"
          orderReference={order.orderRef}
          to={mailIn.address}
          from={[order.name, ...order.addressLines].filter((line): line is string => Boolean(line))}
        />
      ) : null}

      <h2 className="mt-8 text-2xl font-bold">{t("manage.overview.title")}</h2>
      <dl data-testid="order-overview">
        <Row label={t("manage.overview.orderReference")} testId="overview-order-reference">
          <strong>{order.orderRef}</strong>
        </Row>
        <Row label={t("manage.overview.repairAddress")} testId="overview-repair-address">
          <address className="not-italic">
            {[order.name, ...order.addressLines].filter(Boolean).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Row>
        <Row label={t("manage.overview.repairLocation")} testId="overview-repair-location">
          {mailIn ? t("manage.overview.mailIn") : order.repairLocation === "drop_off" ? t("manage.overview.dropOff") : t("manage.overview.doorstep")}
        </Row>
        {order.timeslot ? (
          <>
            <Row label={t("manage.overview.date")} testId="overview-date">
              <span data-date={order.date}>{longDate(order.date, locale)}</span>
            </Row>
            <Row label={t("manage.overview.timeslot")} testId="overview-timeslot">
              {timeslotText(order.timeslot, timeLocale)}
              {booked ? <span className="block text-sm">{t("manage.overview.timeslotNote")}</span> : null}
            </Row>
          </>
        ) : (
          <Row label={t("manage.overview.date")} testId="overview-date">
            {t("manage.mailIn.noDate")}
          </Row>
        )}
        <Row label={t("manage.overview.phone")} testId="overview-phone">
          {order.phone ?? t("manage.overview.notSet")}
        </Row>
        <Row label={t("manage.overview.email")} testId="overview-email">
          {order.email}
        </Row>
        <Row label={t("manage.overview.devices")} testId="overview-devices">
          <ul className="space-y-6">
            {order.devices.map((device) => (
              <li key={device.id} data-testid="overview-device" data-device-id={device.id}>
                <div className="flex items-start gap-3">
                  <img src={device.imagePath} alt="" className="h-14 w-14 rounded bg-surface object-contain" />
                  <div className="flex-1">
                    <p className="font-semibold">{device.title}</p>
                    <ul className="text-sm">
                      {device.lines.map((line, index) => (
                        <li key={`${line.title}-${index}`} className="flex justify-between gap-3">
                          <span>{line.title}</span>
                          <span>{order.inWarranty ? t("manage.overview.inWarrantyLine") : line.price === 0 ? t("manage.overview.free") : format(line.price)}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
                {device.identifier ? <DeviceIdentifier device={device} lookup={lookup} editable={booked} result={result} /> : null}
                <ProofUpload device={device} lookup={lookup} editable={booked} maxBytes={maxProofBytes} result={result} showStatus={order.devices.length > 1} />
              </li>
            ))}
          </ul>
        </Row>
        <Row label={t("manage.overview.proofOfPurchase")} testId="overview-proof">
          {order.devices.every((device) => device.proofSupplied)
            ? t("manage.proof.supplied")
            : order.devices.some((device) => device.proofSupplied)
              ? t("manage.proof.partlySupplied")
              : t("manage.proof.notSupplied")}
        </Row>
        {order.devices.some((device) => device.freeBattery) ? (
          <Row label={t("manage.overview.battery")} testId="overview-battery">
            {order.devices
              .filter((device) => device.freeBattery)
              .map((device) => (
                <span key={device.id} className="block">
                  {t("manage.overview.batteryText", { device: device.title })}
                </span>
              ))}
          </Row>
        ) : null}
        {order.promoCode ? (
          <Row label={t("manage.overview.promoCode")} testId="overview-promo-code">
            {order.promoCode}
          </Row>
        ) : null}
        <Row label={t("manage.overview.billingAddress")} testId="overview-billing-address">
          {order.billingAddress ? (
            <address className="not-italic">
              {[order.billingAddress.name, ...order.billingAddress.lines].filter(Boolean).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            t("manage.overview.sameAsRepairAddress")
          )}
        </Row>
        {order.promotionalEvent ? (
          <Row label={t("manage.overview.promotionalEvent")} testId="overview-promotional-event">
            {order.promotionalEvent}
          </Row>
        ) : null}
        {order.convenienceCharge !== null ? (
          <Row label={t("manage.overview.convenienceCharge")} testId="overview-convenience-charge">
            {t("manage.overview.convenienceChargeText", { amount: format(order.convenienceCharge) })}
          </Row>
        ) : null}
        {order.technician && booked ? (
          <Row label={t("manage.overview.technician")} testId="overview-technician">
            {t("manage.overview.technicianText", { name: order.technician.name, van: order.technician.van })}
          </Row>
        ) : null}
      </dl>
      {order.inWarranty ? (
        <p className="mt-4 text-lg font-bold" data-testid="overview-total">
          {t("manage.overview.inWarranty")}
        </p>
      ) : (
        <dl className="mt-4 space-y-1">
          {order.promoCode ? (
            <>
              <div className="flex justify-between">
                <dt>{t("manage.overview.subtotal")}</dt>
                <dd>{format(order.totals.fullPrice)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>{t("manage.overview.discount", { code: order.promoCode })}</dt>
                <dd>−{format(order.totals.discount)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>{t("manage.overview.total")}</dt>
            <dd data-testid="overview-total">{format(order.totals.total)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
