import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, loadBookingContext } from "~/lib/booking-flow/context.server";
import { geocodeText, MANUAL_ADDRESS_FIELDS, manualValues, parseManualAddress, type ManualAddress } from "~/journeys/location/address";
import { addressesAtPostcode, geocode, requirePostcode, retrieveForBooking, saveAddress, type AddressErrorBody } from "~/journeys/location/location.server";
import { repairLocationFormSchema } from "~/journeys/location/repair-location-form";
import { isBusinessAccount } from "~/journeys/location/postcode-form";
import { readBusinessCookie } from "~/lib/cookies.server";
import { AddressErrorModal } from "~/journeys/location/components/address-error-modal";
import { ManualAddressFields } from "~/journeys/location/components/manual-address-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm, refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { isMailInBooking, offersMailIn } from "~/lib/booking-flow/mail-in";
import { deviceStartPath } from "~/journeys/location/next-step";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.repairLocation.title");

/**
 * Where the repair happens (spec §4: doorstep by default, or drop-off at a store when the carrier
 * offers it). Doorstep takes the address at the booking's postcode, from the list or typed in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  const postcode = booking.postcode!;
  return {
    postcode,
    allowsDropOff: context.carrier.allowsInStoreDropOff,
    allowsMailIn: offersMailIn(context.carrier),
    location: isMailInBooking(context.carrier, booking) ? ("mail_in" as const) : booking.repair_location,
    addresses: await addressesAtPostcode(context, postcode),
    current: booking.address?.line_1 ? booking.address : null,
  };
}

type ActionBody = AddressErrorBody | { fieldErrors: Partial<Record<keyof ManualAddress, string>>; values: Record<keyof ManualAddress, string> } | { choiceErrorKey: string };

export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  const form = await readForm(request, { textFields: MANUAL_ADDRESS_FIELDS });
  const parsed = repairLocationFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<ActionBody>({ choiceErrorKey: parsed.error.issues[0]?.message ?? "booking-location.repairLocation.choose" }, { status: 400 });
  const choice = parsed.data;

  if (choice.repair_location === "drop_off") {
    if (!context.carrier.allowsInStoreDropOff) return data<ActionBody>({ choiceErrorKey: "booking-location.repairLocation.dropOffUnavailable" }, { status: 400 });
    throw redirect("/booking/drop-off-locations");
  }

  if (choice.repair_location === "mail_in") {
    if (!offersMailIn(context.carrier)) return data<ActionBody>({ choiceErrorKey: "booking-location.mailIn.notOffered" }, { status: 400 });
    try {
      await context.engine.basket.setMailIn(context.carrier, booking.reference);
    } catch (error) {
      return bookingErrorResponse(context, error);
    }
    return redirect(booking.device_count > 0 ? "/booking/details" : deviceStartPath(context.carrier));
  }

  // Doorstep: the drop-off store and a repair by post no longer apply.
  try {
    if (booking.drop_off_company_store_id) await context.engine.basket.clearDropOff(context.carrier, booking.reference);
    if (booking.is_mail_in_repair) await context.engine.basket.clearMailIn(context.carrier, booking.reference);
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
  const business = isBusinessAccount(context.carrier, new URL(request.url), await readBusinessCookie(request));
  if (choice.address_id !== "manual") {
    const address = await retrieveForBooking(context, choice.address_id);
    if (!address) return data<ActionBody>({ addressError: { key: "booking-location.address.notFound" } }, { status: 400 });
    return saveAddress(context, address, { business, stage: "repair-location" });
  }
  const manual = parseManualAddress(form, booking.postcode);
  // A pasted control character: that line's error, the other lines as typed (ADR 231).
  if (!manual.ok || refusedFields(form).length) {
    const fieldErrors = withRefusedFieldErrors(form, manual.ok ? {} : manual.fieldErrors, UNSUPPORTED_CHARACTERS_KEY);
    return data<ActionBody>({ fieldErrors, values: manualValues(form, booking.postcode) }, { status: 400 });
  }
  const point = await geocode(context, geocodeText(manual.address));
  return saveAddress(context, { ...manual.address, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null }, { business, stage: "repair-location" });
}

export default function RepairLocation() {
  const { postcode, allowsDropOff, allowsMailIn, location, addresses, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionBody | undefined;
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const [chosen, setChosen] = useState<"doorstep" | "drop_off" | "mail_in">(location);
  const manualErrors = actionData && "fieldErrors" in actionData ? actionData : null;
  const choiceErrorKey = actionData && "choiceErrorKey" in actionData ? actionData.choiceErrorKey : null;
  const addressError = actionData && "addressError" in actionData ? actionData.addressError : null;
  const defaultAddress = current || manualErrors || addresses.length === 0 ? "manual" : undefined;

  return (
    <section aria-labelledby="repair-location-title" className="mx-auto max-w-2xl">
      <h1 id="repair-location-title" className="text-3xl font-bold">
        {t("booking-location.repairLocation.title", wording)}
      </h1>
      <Form method="post" noValidate className="mt-6 space-y-6" key={JSON.stringify(manualErrors?.values ?? {})}>
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">{t("booking-location.repairLocation.legend")}</legend>
          <label className="flex items-start gap-3 rounded-xl border border-line/15 p-4">
            <input type="radio" name="repair_location" value="doorstep" defaultChecked={location === "doorstep"} onChange={() => setChosen("doorstep")} className="mt-1.5" />
            <span>
              <span className="block font-semibold">{t("booking-location.repairLocation.doorstep")}</span>
              <span className="block text-sm">{t("booking-location.repairLocation.doorstepText")}</span>
            </span>
          </label>
          {allowsDropOff ? (
            <label className="flex items-start gap-3 rounded-xl border border-line/15 p-4">
              <input type="radio" name="repair_location" value="drop_off" defaultChecked={location === "drop_off"} onChange={() => setChosen("drop_off")} className="mt-1.5" />
              <span>
                <span className="block font-semibold">{t("booking-location.repairLocation.dropOff")}</span>
                <span className="block text-sm">{t("booking-location.repairLocation.dropOffText")}</span>
              </span>
            </label>
          ) : null}
          {allowsMailIn ? (
            <label className="flex items-start gap-3 rounded-xl border border-line/15 p-4" data-testid="repair-location-mail-in">
              <input type="radio" name="repair_location" value="mail_in" defaultChecked={location === "mail_in"} onChange={() => setChosen("mail_in")} className="mt-1.5" />
              <span>
                <span className="block font-semibold">{t("booking-location.mailIn.option")}</span>
                <span className="block text-sm">{t("booking-location.mailIn.optionText")}</span>
              </span>
            </label>
          ) : null}
          {choiceErrorKey ? (
            <p role="alert" className="font-semibold text-danger">
              {t(choiceErrorKey)}
            </p>
          ) : null}
        </fieldset>

        {/* Without JavaScript both parts show; the server reads the address only for a doorstep repair. */}
        <div hidden={chosen !== "doorstep"} className="space-y-6">
          {addresses.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="text-lg font-semibold">{t("booking-location.repairLocation.addressLegend", { postcode })}</legend>
              <ul className="max-h-80 space-y-1 overflow-y-auto rounded-xl border border-line/15 p-2" data-testid="postcode-addresses">
                {addresses.map((option) => (
                  <li key={option.id}>
                    <label className="flex items-start gap-3 rounded px-2 py-2 hover:bg-surface">
                      <input type="radio" name="address_id" value={option.id} className="mt-1.5" />
                      <span>
                        <span className="block font-semibold">{option.text}</span>
                        <span className="block text-sm">{option.description}</span>
                      </span>
                    </label>
                  </li>
                ))}
                <li>
                  <label className="flex items-start gap-3 rounded px-2 py-2 hover:bg-surface">
                    <input type="radio" name="address_id" value="manual" defaultChecked={defaultAddress === "manual"} className="mt-1.5" />
                    <span className="font-semibold">{t("booking-location.repairLocation.enterManually")}</span>
                  </label>
                </li>
              </ul>
            </fieldset>
          ) : (
            <input type="hidden" name="address_id" value="manual" />
          )}
          <fieldset className="space-y-2">
            <legend className="text-lg font-semibold">
              {t(addresses.length > 0 ? "booking-location.repairLocation.manualLegend" : "booking-location.repairLocation.addressLegend", { postcode })}
            </legend>
            <ManualAddressFields
              idPrefix="location"
              fixedPostcode={postcode}
              values={manualErrors?.values ?? { line_1: current?.line_1 ?? "", line_2: current?.line_2 ?? "", town: current?.town ?? "", postcode }}
              errors={manualErrors?.fieldErrors ?? {}}
            />
          </fieldset>
        </div>

        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={t("booking-location.saving")} size="lg">
            {t("booking-location.continueLabel")}
          </SubmitButton>
          <Link to="/booking/postcode-search" className="underline underline-offset-4">
            {t("booking-location.changePostcode")}
          </Link>
        </div>
      </Form>
      <AddressErrorModal error={addressError} />
    </section>
  );
}
