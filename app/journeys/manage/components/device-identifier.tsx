import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { fieldTexts } from "~/lib/errors/field-texts";
import { manageBookingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import type { ManageDevice } from "~/journeys/manage/order-view";
import { CsrfField } from "./csrf-field";
import { Button } from "~/components/ui/button";

/**
 * IMEI per device (spec §4 "IMEI per device"): not supplied, checking, supplied (the value shown) or
 * error (the server's messages inline in red, §8). Tablets of the single make take a serial number.
 */
export function DeviceIdentifier({ device, lookup, editable, result }: { device: ManageDevice; lookup: LookupForm; editable: boolean; result: ManageActionResult | undefined }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ManageActionResult>();
  const location = useLocation();
  const fieldId = useId();
  const serial = device.identifier === "serial";
  const answer = fetcher.data ?? (result?.intent === "imei" && result.deviceId === device.id ? result : undefined);
  const checking = fetcher.state !== "idle";
  const failure = answer && !answer.ok && !checking ? answer.failure : undefined;
  const messages = failure
    ? failure.fields.imei?.length
      ? fieldTexts(failure, "imei", (key) => t(key))
      : failure.message.key
        ? [t(failure.message.key)]
        : [failure.message.text ?? ""]
    : [];
  const status = device.imei ? "supplied" : checking ? "checking" : failure ? "error" : "not_supplied";
  const label = serial ? t("manage.imei.serialLabel") : t("manage.imei.label");
  // Spec §4: saving gives the 'IMEI added' toast and an imei-added event (for analytics tags).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) window.dispatchEvent(new CustomEvent("imei-added", { detail: { deviceId: device.id } }));
  }, [fetcher.state, fetcher.data, device.id]);

  return (
    <div className="mt-3 rounded-lg bg-surface p-3" data-testid="device-identifier" data-status={status}>
      <p className="font-semibold">
        {label}:{" "}
        <span data-testid="identifier-value" className={status === "supplied" ? "font-mono" : "font-normal"}>
          {status === "supplied" ? device.imei : status === "checking" ? t("manage.imei.checking") : t("manage.imei.notSupplied")}
        </span>
      </p>
      {status !== "supplied" && editable ? (
        <fetcher.Form method="post" action={`${location.pathname}${location.search}`} className="mt-2 flex flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="imei" />
          <CsrfField />
          <input type="hidden" name="device_id" value={device.id} />
          <input type="hidden" name="order_ref" value={lookup.order_ref} />
          <input type="hidden" name="email" value={lookup.email} />
          <div className="min-w-[14rem] flex-1">
            <label htmlFor={fieldId} className="sr-only">
              {serial ? t("manage.imei.enterSerial", { device: device.title }) : t("manage.imei.enterImei", { device: device.title })}
            </label>
            <input
              id={fieldId}
              name="imei"
              type="text"
              inputMode={serial ? "text" : "numeric"}
              autoComplete="off"
              key={answer?.values?.imei ?? ""}
              defaultValue={answer?.values?.imei ?? ""}
              placeholder={serial ? t("manage.imei.serialPlaceholder") : t("manage.imei.placeholder")}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? `${fieldId}-error` : undefined}
              className="w-full rounded-lg border border-line/30 bg-field px-3 py-2 text-on-field"
              data-testid="identifier-input"
            />
            {messages.length ? (
              <div id={`${fieldId}-error`} role="alert" className="mt-1 font-semibold text-danger" data-testid="identifier-error">
                {messages.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            ) : null}
          </div>
          <Button type="submit" disabled={checking} size="sm" data-testid="identifier-save">
            {checking ? t("manage.imei.checking") : serial ? t("manage.imei.addSerial") : t("manage.imei.add")}
          </Button>
        </fetcher.Form>
      ) : null}
      {status !== "supplied" && editable ? (
        <Link to={manageBookingPath(lookup, { modal: "imei-help", kind: serial ? "serial" : "imei" })} preventScrollReset className="mt-2 inline-block text-sm underline">
          {serial ? t("manage.imei.helpSerial") : t("manage.imei.help")}
        </Link>
      ) : null}
    </div>
  );
}
