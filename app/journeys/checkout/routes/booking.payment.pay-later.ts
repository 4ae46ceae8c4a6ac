/**
 * The payment page's pay-later steps in the browser (spec §4 "Pay-later payment"), answered as JSON:
 *
 * - `intent=prepare`: saves the customer's details (forced persist) and brings the provider's
 *   session up to date (update-klarna); answers the billing address Klarna's authorise takes.
 * - `intent=authorize` (the offline sandbox only; Klarna authorises in its widget): the provider's
 *   answer { approved, authorization_token, show_form }.
 *
 * The charge itself is the payment form's post with the authorisation token. A §8 redirect (BK01,
 * BK07, BK27 …) answers { redirect } with its toast in the toast cookie, for the page to follow.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import { validationBody } from "~/lib/errors/errors.server";
import { loadCheckoutStep } from "~/journeys/checkout/checkout-step.server";
import { PAY_LATER_METHODS } from "~/journeys/checkout/payment";
import { authorizePayLaterOnServer, klarnaBillingAddress, preparePayLater } from "~/journeys/checkout/payment.server";
import { readForm } from "~/lib/http/form.server";

const requestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("prepare") }),
  z.object({ intent: z.literal("authorize"), payment_type: z.enum(PAY_LATER_METHODS) }),
]);

/** A redirect the page should follow (the response scope adds the session's and the toast's cookies). */
function redirectAnswer(response: Response): Response {
  return Response.json({ redirect: response.headers.get("Location") ?? "/booking/checkout" });
}

export async function action({ request }: ActionFunctionArgs) {
  let step;
  try {
    step = await loadCheckoutStep(request);
  } catch (thrown) {
    if (thrown instanceof Response) return redirectAnswer(thrown);
    throw thrown;
  }
  const { context, booking } = step;
  const parsed = requestSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return Response.json({ error: validationBody({ intent: ["Unknown pay-later step."] }) }, { status: 400 });
  try {
    if (parsed.data.intent === "prepare") {
      const offer = await preparePayLater(context, booking);
      return Response.json({
        ok: true,
        client_token: offer.pay_later_client_token,
        available: offer.pay_later_available,
        billing_address: klarnaBillingAddress(booking, context.carrier.countryCode),
      });
    }
    const authorization = await authorizePayLaterOnServer(context, booking, parsed.data.payment_type);
    return Response.json({ ok: true, authorization });
  } catch (error) {
    const answer = await bookingErrorResponse(context, error);
    if (answer instanceof Response) return redirectAnswer(answer);
    return Response.json({ error: answer.data.error }, { ...answer.init, status: 400 });
  }
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
