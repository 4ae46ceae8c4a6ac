import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { basketView } from "~/journeys/checkout/basket-view";
import { inlineErrorText, safeReturnPath } from "~/journeys/checkout/action-errors";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingErrorResponse, loadBookingContext } from "~/lib/booking-flow/context.server";
import { handleError } from "~/lib/errors/errors.server";
import { BasketItemCard } from "~/journeys/checkout/components/basket-item";
import { BasketActions } from "~/components/booking-frame/basket-actions";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { useActionAnswer, useBookingLayout } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/lib/booking-flow/use-money";
import { readForm } from "~/lib/http/form.server";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";
import { Button, ButtonLink } from "~/components/ui/button";
import { flashToast } from "~/lib/toast.server";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.basket.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  // A completed booking's basket is gone: the next device starts a new booking.
  const booking = context.booking?.checkout_status === "SUCCESS" ? null : context.booking;
  const view = basketView(booking);
  const removeKey = new URL(request.url).searchParams.get("remove");
  const removing = view.items.find((item) => item.reference === removeKey) ?? null;
  return data({
    view,
    removing: removing ? { reference: removing.reference, title: removing.title } : null,
    maxDevices: context.carrier.maxDevicesPerBasket,
  });
}

const basketIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("clear-booking") }),
  z.object({ intent: z.literal("clear-store") }),
  z.object({ intent: z.literal("delete-device"), device: z.string().trim().min(1).max(40) }),
  z.object({ intent: z.literal("apply-promo"), code: z.string().trim().max(60) }),
  z.object({ intent: z.literal("remove-promo") }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const parsed = basketIntent.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: null, promoMissing: false }, { status: 400 });
  const form = parsed.data;
  const { engine, carrier, booking } = context;

  if (form.intent === "clear-booking") {
    // Starting over: the draft gives its held day (and any reserved promo code) back at once, and the
    // session forgets it; a new booking is built at the first step. A completed booking keeps its order.
    if (booking && booking.checkout_status === "PENDING") {
      try {
        await engine.basket.abandonBooking(carrier, booking.reference);
      } catch (error) {
        // Gone or completed meanwhile: there is nothing left to give back; starting over still works.
        handleError(error, "booking.start-over");
      }
    }
    context.session.unset("bookingRef");
    return redirect(context.startPath);
  }
  if (!booking) return redirect(context.startPath);

  try {
    switch (form.intent) {
      case "clear-store": {
        await engine.basket.clearStore(carrier, booking.reference);
        flashToast({ type: "success", key: "booking-checkout.basket.storeCleared" });
        const back = carrier.storeRequired ? "/booking/store-search" : safeReturnPath(request, "/booking/basket");
        return redirect(back);
      }
      case "delete-device": {
        const title = booking.devices[form.device]?.device.title ?? "";
        await engine.basket.removeDevice(carrier, booking.reference, form.device);
        flashToast({ type: "success", key: "booking-checkout.basket.deviceRemoved", params: { device: title } });
        return redirect("/booking/basket");
      }
      case "apply-promo": {
        if (!form.code) return data({ error: null, promoMissing: true }, { status: 400 });
        const updated = await engine.basket.applyDiscountCode(carrier, booking.reference, { discount_code: form.code });
        flashToast({ type: "success", key: "booking-checkout.basket.promoApplied", params: { code: updated.discount_code ?? form.code } });
        return redirect("/booking/basket");
      }
      case "remove-promo": {
        await engine.basket.removeDiscountCode(carrier, booking.reference);
        flashToast({ type: "success", key: "booking-checkout.basket.promoRemoved" });
        return redirect("/booking/basket");
      }
    }
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
}

export default function BasketPage() {
  const { view, removing, maxDevices } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer(useActionData<typeof action>());
  const { applianceVariant, addDevicePath } = useBookingLayout();
  const format = useMoney();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/booking/basket";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const promoError = actionData && "promoMissing" in actionData && actionData.promoMissing ? t("booking-checkout.basket.promoMissing") : error ? inlineErrorText(error, t) : null;
  const atMax = view.deviceCount >= maxDevices;

  return (
    <section aria-labelledby="basket-title" className="mx-auto max-w-3xl">
      <h1 id="basket-title" className="text-3xl font-bold">
        {applianceVariant ? t("booking-checkout.basket.titleAppliance") : t("booking-checkout.basket.title")}
      </h1>
      {view.items.length === 0 ? (
        <div className="mt-6 space-y-4" data-testid="basket-empty">
          <p className="text-lg font-semibold">{t("booking-checkout.basket.emptyTitle")}</p>
          <p>{t("booking.basket.empty")}</p>
          <ButtonLink to={addDevicePath}>{applianceVariant ? t("booking.basket.addAppliance") : t("booking.basket.addDevice")}</ButtonLink>
        </div>
      ) : (
        <>
          <p className="mt-2">{t("booking-checkout.basket.intro")}</p>
          {view.storeCode ? <p className="mt-2 font-semibold">{t("booking-checkout.basket.storeCode", { code: view.storeCode })}</p> : null}
          {view.saleTitle ? <p className="mt-2 font-semibold">{t("booking-checkout.basket.saleTitle", { title: view.saleTitle })}</p> : null}
          <ul className="mt-6 space-y-4">
            {view.items.map((item) => (
              <BasketItemCard key={item.reference} item={item} inWarranty={view.inWarranty} format={format} removeHref={`?remove=${encodeURIComponent(item.reference)}`} />
            ))}
          </ul>
          <div className="mt-4">
            {view.inWarranty ? (
              <p>{t("booking-checkout.basket.warrantySingle")}</p>
            ) : atMax ? (
              <p>{t("booking-checkout.basket.maxReached", { count: maxDevices })}</p>
            ) : (
              <Link to={addDevicePath} className="font-semibold underline">
                {applianceVariant ? t("booking-checkout.basket.addAnotherAppliance") : t("booking-checkout.basket.addAnother")}
              </Link>
            )}
          </div>

          <div className="mt-6 rounded-xl border border-line/10 p-4">
            {view.discountCode ? (
              <Form method="post" className="flex flex-wrap items-center justify-between gap-3" data-testid="promo-applied">
                <p>{t("booking-checkout.basket.promoApplied", { code: view.discountCode })}</p>
                <Button
                  type="submit"
                  name="intent"
                  value="remove-promo"
                  disabled={busy}
                  variant="secondary"
                  size="sm"
                  aria-label={t("booking-checkout.basket.promoRemoveLabel", { code: view.discountCode })}
                >
                  {t("booking-checkout.basket.promoRemove")}
                </Button>
              </Form>
            ) : (
              <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
                <TextField
                  name="code"
                  id="code"
                  errorTestId="error-code"
                  label={t("booking-checkout.basket.promoLabel")}
                  error={promoError}
                  autoComplete="off"
                  className="min-w-0 flex-1"
                />
                <Button type="submit" name="intent" value="apply-promo" disabled={busy} size="sm">
                  {t("booking-checkout.basket.promoApply")}
                </Button>
              </Form>
            )}
          </div>

          {view.showTotals ? (
            <dl className="mt-6 space-y-1" data-testid="basket-totals">
              {view.showSubtotalAndPromo ? (
                <>
                  <div className="flex justify-between">
                    <dt>{t("booking.basket.subtotal")}</dt>
                    <dd data-testid="basket-subtotal">{format(view.fullPrice)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t("booking.basket.promo", { code: view.discountCode })}</dt>
                    <dd data-testid="basket-discount">−{format(view.discountTotal)}</dd>
                  </div>
                </>
              ) : null}
              <div className="flex justify-between text-xl font-bold">
                <dt>{t("booking.basket.total")}</dt>
                <dd data-testid="basket-total">{format(view.cartTotal)}</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-6 text-lg font-bold">{t("booking.basket.inWarranty")}</p>
          )}

          <ButtonLink to="/booking/repair-date" size="lg" fullWidth className="mt-6">
            {t("booking-checkout.basket.continue")}
          </ButtonLink>
        </>
      )}

      <BasketActions storeCode={view.storeCode} roomy />

      {removing ? (
        <Modal size="md" title={t("booking-checkout.basket.deleteTitle", { device: removing.title })} testId="remove-dialog">
          <p>{t("booking-checkout.basket.deleteText")}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <ButtonLink to="/booking/basket" preventScrollReset variant="quiet" size="sm">
              {t("booking-checkout.basket.deleteCancel")}
            </ButtonLink>
            <Form method="post" action="/booking/basket">
              <input type="hidden" name="device" value={removing.reference} />
              <Button type="submit" name="intent" value="delete-device" disabled={busy} variant="danger" size="sm">
                {t("booking-checkout.basket.deleteConfirm")}
              </Button>
            </Form>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
