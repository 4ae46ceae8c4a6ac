import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { stepMeta } from "~/journeys/checkout/meta";
import { SubmitButton } from "~/components/ui/submit-button";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { readForm } from "~/lib/http/form.server";
import { clockTime, dayOfInstant, longDate } from "~/lib/dates";
import { intlLocaleOf } from "~/lib/money";
import { WAITING_OFFER_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: WAITING_OFFER_NAMESPACES };

export const meta = stepMeta("waiting-offer.title");

type Shown = "valid" | "used" | "expired" | "unknown" | "declined";
const STATUS_CODE: Record<Shown, number> = { valid: 200, declined: 200, used: 410, expired: 410, unknown: 404 };

/**
 * The waiting-list offer's link (ADR 094): opening it shows the held day and uses nothing (a mail
 * scanner may open links); "Book this date" takes the offer, makes its booking the visitor's and
 * goes on to the details step with the day held; "No thanks" passes the day to the next customer.
 * A used, expired or unknown link gets its own page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const offer = await context.engine.waitingList.viewWaitingListOffer(context.carrier, token);
  const timeZone = context.carrier.timezone;
  return data(
    {
      status: offer.status as Shown,
      token: offer.status === "valid" ? token : "",
      date: offer.date ? longDate(offer.date, context.locale) : null,
      holdUntil: offer.hold_until
        ? `${dayOfInstant(offer.hold_until, timeZone, context.locale)}, ${clockTime(offer.hold_until, timeZone, intlLocaleOf(context.carrier.countryCode, context.locale))}`
        : null,
      startPath: context.startPath,
    },
    { status: STATUS_CODE[offer.status] },
  );
}

const offerForm = z.object({ intent: z.enum(["accept", "decline"]), token: z.string().max(200) });

export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const parsed = offerForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ status: "unknown" as Shown }, { status: 400 });
  const { intent, token } = parsed.data;
  if (intent === "decline") {
    const declined = await context.engine.waitingList.declineWaitingListOffer(context.carrier, token);
    const status: Shown = declined.status === "valid" ? "declined" : declined.status;
    return data({ status }, { status: STATUS_CODE[status] });
  }
  const accepted = await context.engine.waitingList.acceptWaitingListOffer(context.carrier, token);
  if (accepted.status !== "valid" || !accepted.booking_reference) {
    return data({ status: accepted.status as Shown }, { status: STATUS_CODE[accepted.status] });
  }
  context.session.set("bookingRef", accepted.booking_reference);
  return redirect("/booking/details");
}

export default function WaitingListOffer() {
  const loaded = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  const { t } = useTranslation();
  const status = submitted?.status ?? loaded.status;
  const key = (name: string) => t(`waiting-offer.${status}.${name}`, { date: loaded.date, time: loaded.holdUntil });
  return (
    <section aria-labelledby="offer-title" className="mx-auto max-w-xl" data-testid="waiting-list-offer" data-status={status}>
      <h1 id="offer-title" className="text-3xl font-bold">
        {key("title")}
      </h1>
      <p className="mt-2">{key("text")}</p>
      {status === "valid" ? (
        <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
          <input type="hidden" name="token" value={loaded.token} />
          <SubmitButton name="intent" value="accept" size="lg" pendingLabel={t("booking-checkout.common.pending")} testId="offer-accept">
            {t("waiting-offer.accept")}
          </SubmitButton>
          <SubmitButton name="intent" value="decline" variant="quiet" size="lg" pendingLabel={t("booking-checkout.common.pending")} testId="offer-decline">
            {t("waiting-offer.decline")}
          </SubmitButton>
        </Form>
      ) : (
        <Link to={loaded.startPath} className="mt-6 inline-block font-semibold underline">
          {t("waiting-offer.startBooking")}
        </Link>
      )}
    </section>
  );
}
