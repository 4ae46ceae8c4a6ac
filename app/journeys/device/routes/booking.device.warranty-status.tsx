import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { assertOneDeviceInWarranty, inWarrantyBlocked } from "~/booking.server";
import { deviceFacts, formError, formStrings, loadDeviceStep, stepError } from "~/journeys/device/device-step.server";
import { BASKET_PATH, devicePath, nextDeviceStep, pathOfStep, previousDeviceStep, warrantyIdentifier } from "~/journeys/device/flow";
import { formatPurchaseDate, parsePurchaseDate } from "~/journeys/device/purchase-date";
import { Modal } from "~/components/ui/modal";
import { OutOfWarrantyModal } from "~/journeys/device/components/basket-modals";
import { StepPage, useStepErrors } from "~/journeys/device/components/step-page";
import { FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { readForm, refusedFields } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { ButtonLink } from "~/components/ui/button";

type WarrantyModal = "imei-entry" | "imei-help" | "in-warranty-exists";
const MODALS: readonly WarrantyModal[] = ["imei-entry", "imei-help", "in-warranty-exists"];

/**
 * Spec §2 device/warranty-status, §4 Warranty: is the device under the manufacturer's warranty?
 * Yes asks for the purchase date (DD/MM/YYYY) and the IMEI (a serial number for tablets of the
 * single make) in the IMEI entry modal; the engine decides whether the repair is in warranty.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking, device, key, facts } = await loadDeviceStep(request, "warranty-status");
  const { carrier } = context;
  const url = new URL(request.url);
  const requested = url.searchParams.get("modal") as WarrantyModal | null;
  return data({
    key,
    title: device.device.title,
    identifier: warrantyIdentifier(carrier, facts)!,
    inWarranty: booking.in_warranty,
    purchaseDate: url.searchParams.get("date") ?? formatPurchaseDate(booking.purchase_date),
    imei: booking.warranty_imei ?? device.device.imei ?? "",
    // Only one in-warranty device per booking (spec §1, §9, the engine's rule): other devices block the choice.
    otherDevices: inWarrantyBlocked(booking.device_count),
    modal: requested && MODALS.includes(requested) ? requested : null,
    backHref: devicePath(previousDeviceStep("warranty-status", carrier, facts), { device: key }),
  });
}

const warrantyForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("in-warranty"), purchase_date: z.string().max(20).catch(""), imei: z.string().max(40).catch("") }),
  z.object({ intent: z.literal("not-in-warranty") }),
  z.object({ intent: z.literal("confirm-out-of-warranty") }),
  z.object({ intent: z.literal("remove-and-basket") }),
]);

/** A typed field of a refused post, as the form's fields take it (at most `max` characters). */
function typedValue(form: FormData, name: string, max: number): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

const WARRANTY_CHOOSE_KEY = "booking-device.warranty.choose";

/** The fields a customer types into here: the purchase date and the IMEI (or serial number). */
const WARRANTY_TEXT_FIELDS = ["purchase_date", "imei"];

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking, key } = await loadDeviceStep(request, "warranty-status", { checkApplies: false });
  const { carrier, engine } = context;
  const posted = await readForm(request, { textFields: WARRANTY_TEXT_FIELDS });
  const parsed = warrantyForm.safeParse(formStrings(posted));
  // An unknown or missing intent is no answer: the page asks for one, nothing changes, and the typed date and IMEI stay.
  if (!parsed.success)
    return formError(context, { intent: [WARRANTY_CHOOSE_KEY] }, { purchaseDate: typedValue(posted, "purchase_date", 20), imei: typedValue(posted, "imei", 40) });
  const form = parsed.data;
  const values = { purchaseDate: form.intent === "in-warranty" ? form.purchase_date : "", imei: form.intent === "in-warranty" ? form.imei : "" };
  // A pasted control character: that field's error, both values as typed without it (ADR 231).
  const refused = refusedFields(posted);
  if (refused.length) return formError(context, Object.fromEntries(refused.map((field) => [field, [UNSUPPORTED_CHARACTERS_KEY]])), values);
  try {
    switch (form.intent) {
      case "in-warranty": {
        // Checked before the date, so a second device opens its modal whatever was typed.
        assertOneDeviceInWarranty(booking.device_count);
        const date = parsePurchaseDate(form.purchase_date);
        if (!date.ok) return formError(context, { purchase_date: [`booking-device.warranty.date_${date.reason}`] }, values);
        const state = await engine.basket.setWarranty(carrier, booking.reference, { in_warranty: true, purchase_date: date.iso, imei: form.imei });
        return redirect(pathOfStep(nextDeviceStep("warranty-status", carrier, deviceFacts(state, state.devices[key]!)), key));
      }
      case "not-in-warranty": {
        const state = await engine.basket.setWarranty(carrier, booking.reference, { in_warranty: false });
        return redirect(pathOfStep(nextDeviceStep("warranty-status", carrier, deviceFacts(state, state.devices[key]!)), key));
      }
      case "confirm-out-of-warranty": {
        // Spec §4: confirming out of warranty clears the warranty details and goes to the repair selection.
        await engine.basket.setWarranty(carrier, booking.reference, { in_warranty: false });
        return redirect(devicePath("select", { device: key }));
      }
      case "remove-and-basket": {
        // Spec §2 in-warranty device exists: 'go to basket' deletes the current device then opens the basket.
        await engine.basket.removeDevice(carrier, booking.reference, key);
        return redirect(BASKET_PATH);
      }
    }
  } catch (error) {
    return stepError(context, error, values);
  }
}

export const meta: MetaFunction<typeof loader> = titleMeta("booking-device.warranty.title");

export default function WarrantyStatus() {
  const { key, title, identifier, inWarranty, purchaseDate, imei, otherDevices, modal, backHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = useStepErrors(actionData?.error);
  const values = actionData?.values ?? { purchaseDate, imei };
  const here = devicePath("warranty-status", { device: key });
  const entryHref = devicePath("warranty-status", { device: key, modal: "imei-entry" });
  const idLabel = identifier === "serial" ? "serial" : "imei";

  const imeiMessages = errors.field("imei");
  const dateMessages = errors.field("purchase_date");
  // The §8 table names the modal (in-warranty device exists, out of warranty, IMEI error); field errors open the form's.
  const shown: string | null = errors.modal ?? (errors.isField ? (imeiMessages.length ? "imei-error" : dateMessages.length ? "imei-entry" : modal) : modal);
  const imeiErrorNote = errors.modal === "imei-error" ? errors.general([]) : imeiMessages;

  return (
    <StepPage title={t("booking-device.warranty.title")} intro={t("booking-device.warranty.intro", { device: title })} backHref={backHref} testId="device-warranty-status">
      {inWarranty === true ? (
        <p className="rounded-lg bg-surface p-4" data-testid="warranty-current">
          {t("booking-device.warranty.currentlyIn", { date: purchaseDate })}
        </p>
      ) : null}
      <FormAlert messages={shown === null && errors.isGeneral ? errors.general([]) : errors.field("intent")} testId="warranty-alert" />
      <div className="flex flex-wrap gap-3">
        <ButtonLink
          to={devicePath("warranty-status", { device: key, modal: otherDevices ? "in-warranty-exists" : "imei-entry" })}
          replace
          preventScrollReset
          data-testid="warranty-yes"
        >
          {t("booking-device.warranty.yes")}
        </ButtonLink>
        <Form method="post" action={here}>
          <SubmitButton name="intent" value="not-in-warranty" variant="secondary" testId="warranty-no">
            {t("booking-device.warranty.no")}
          </SubmitButton>
        </Form>
      </div>

      {shown === "imei-entry" ? (
        <Modal title={t(`booking-device.warranty.entryTitle_${idLabel}`)} replace closeHref={here} closeLabel={t("booking-device.close")} testId="imei-entry-modal">
          <Form method="post" action={entryHref} className="space-y-4" noValidate>
            <TextField
              id="purchase-date"
              name="purchase_date"
              label={t("booking-device.warranty.purchaseDate")}
              hint={t("booking-device.warranty.purchaseDateHint")}
              defaultValue={values.purchaseDate}
              inputMode="numeric"
              placeholder={t("booking-device.warranty.datePlaceholder")}
              autoComplete="off"
              maxLength={10}
              error={dateMessages}
            />
            <div>
              <TextField
                id="warranty-imei"
                name="imei"
                label={t(`booking-device.warranty.${idLabel}Label`)}
                hint={t(`booking-device.warranty.${idLabel}Hint`)}
                defaultValue={values.imei}
                inputMode={identifier === "imei" ? "numeric" : "text"}
                autoComplete="off"
                maxLength={40}
              />
              <Link to={devicePath("warranty-status", { device: key, modal: "imei-help" })} replace preventScrollReset className="mt-1 inline-block text-sm underline">
                {t(`booking-device.warranty.${idLabel}HelpLink`)}
              </Link>
            </div>
            <SubmitButton name="intent" value="in-warranty" testId="warranty-submit">
              {t("booking-device.warranty.check")}
            </SubmitButton>
          </Form>
        </Modal>
      ) : null}

      {shown === "imei-help" ? (
        <Modal title={t(`booking-device.warranty.helpTitle_${idLabel}`)} replace closeHref={entryHref} closeLabel={t("booking-device.close")} testId="imei-help-modal">
          <ol className="list-decimal space-y-2 pl-5">
            {(t(`booking-device.warranty.helpSteps_${idLabel}`, { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <ButtonLink to={entryHref} replace preventScrollReset>
            {t("booking-device.warranty.backToForm")}
          </ButtonLink>
        </Modal>
      ) : null}

      {shown === "imei-error" ? (
        <Modal title={t("booking-device.warranty.imeiErrorTitle")} replace closeHref={here} closeLabel={t("booking-device.close")} role="alertdialog" testId="imei-error-modal">
          <p className="font-semibold text-danger" data-testid="imei-error-note">
            {imeiErrorNote.join(" ")}
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={devicePath("warranty-status", { device: key, modal: "imei-entry", date: values.purchaseDate })} replace preventScrollReset>
              {t(`booking-device.warranty.tryAgain_${idLabel}`)}
            </ButtonLink>
            <Form method="post" action={here}>
              <SubmitButton name="intent" value="not-in-warranty" variant="secondary">
                {t("booking-device.warranty.continueWithout")}
              </SubmitButton>
            </Form>
          </div>
        </Modal>
      ) : null}

      {shown === "out-of-warranty" ? <OutOfWarrantyModal here={here} /> : null}

      {shown === "in-warranty-exists" ? (
        <Modal
          title={t("booking-device.inWarrantyExists.title")}
          replace
          closeHref={here}
          closeLabel={t("booking-device.close")}
          role="alertdialog"
          testId="in-warranty-exists-modal"
        >
          <p>{t("booking-device.inWarrantyExists.text")}</p>
          <div className="flex flex-wrap gap-3">
            <Form method="post" action={here}>
              <SubmitButton name="intent" value="remove-and-basket">
                {t("booking-device.goToBasket")}
              </SubmitButton>
            </Form>
            <Form method="post" action={here}>
              <SubmitButton name="intent" value="not-in-warranty" variant="secondary">
                {t("booking-device.warranty.continueWithout")}
              </SubmitButton>
            </Form>
          </div>
        </Modal>
      ) : null}
    </StepPage>
  );
}
