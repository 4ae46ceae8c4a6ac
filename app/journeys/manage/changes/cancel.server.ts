/** The customer cancels the booking, typing the cancel phrase of their language. */
import { redirect, data } from "@remix-run/node";
import { cancelPhraseMatches } from "~/journeys/manage/cancel-phrase";
import { manageBookingPath } from "~/lib/order-access/lookup-form";
import { guarded, localFailure, manageErrorResponse, manageHeaders, rememberOrder, type ManageActionResult } from "~/lib/order-access/manage.server";
import { refusedFieldFailure, text, type ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";
import { QUOTE_CHANGED_KEY } from "~/journeys/manage/order-view";

export async function cancelBooking({ ctx, lookup, form }: ChangePost) {
  // A pasted control character: the phrase's error, with the phrase as typed without it (ADR 231).
  const refused = refusedFieldFailure(form, "cancel", "phrase");
  if (refused || !cancelPhraseMatches(form.get("phrase"), ctx.locale)) {
    return data(
      {
        ok: false,
        intent: "cancel",
        failure: refused ?? localFailure("cancel", "manage.cancel.errors.phrase"),
        values: { phrase: text(form, "phrase") },
      } satisfies ManageActionResult,
      { status: 400, headers: manageHeaders() },
    );
  }
  try {
    // The fee and refund the customer read must still be the ones that apply (the 24 hours may have begun meanwhile): else the page shows the new ones first.
    const quoted = { fee: text(form, "quoted_fee"), refund: text(form, "quoted_refund") };
    if (quoted.fee || quoted.refund) {
      const { cancellation_quote: quote } = await guarded(ctx, lookup, () => ctx.engine.orders.lookupOrder(ctx.carrier, lookup));
      if (quote && (String(quote.kept) !== quoted.fee || String(quote.refund) !== quoted.refund)) {
        return data({ ok: false, intent: "cancel", failure: localFailure("cancel", QUOTE_CHANGED_KEY), values: { phrase: text(form, "phrase") } } satisfies ManageActionResult, {
          status: 409,
          headers: manageHeaders(),
        });
      }
    }
    await guarded(ctx, lookup, () => ctx.engine.orders.cancelOrder(ctx.carrier, lookup));
  } catch (error) {
    return manageErrorResponse(ctx, error, "cancel", lookup);
  }
  rememberOrder(ctx, lookup, "cancel");
  flashToast({ type: "success", key: "manage.toasts.cancelled" });
  return redirect(manageBookingPath(lookup), { headers: manageHeaders() });
}
