/** The customer uploads a device's proof of purchase. */
import { data } from "@remix-run/node";
import {
  guarded,
  localFailure,
  manageErrorResponse,
  manageFailure,
  manageHeaders,
  rememberOrder,
  type ManageActionResult,
  type ManageContext,
} from "~/lib/order-access/manage.server";
import { text, type ChangePost } from "./change.server";
import { flashToast } from "~/lib/toast.server";

export async function uploadProof({ ctx, lookup, form }: ChangePost) {
  const deviceId = Number(text(form, "device_id"));
  const file = form.get("image");
  // No file chosen (a browser then sends a nameless empty part); a chosen empty file is the engine's to refuse.
  if (!(file instanceof File) || file.name === "") {
    return data({ ok: false, intent: "proof", deviceId, failure: localFailure("proof", "manage.proof.errors.missing", "field") } satisfies ManageActionResult, {
      status: 400,
      headers: manageHeaders(),
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    await guarded(ctx, lookup, () => ctx.engine.orders.uploadProofOfPurchase(ctx.carrier, { device_id: deviceId, email: lookup.email, bytes }));
  } catch (error) {
    // Spec §4: an upload gives a thank-you toast or a problem toast; the reason shows under the field.
    if (manageFailure(ctx, error, "proof").show === "field") flashToast({ type: "error", key: "manage.toasts.proofProblem" });
    return manageErrorResponse(ctx, error, "proof", lookup, { deviceId });
  }
  rememberOrder(ctx, lookup, "proof");
  flashToast({ type: "success", key: "manage.toasts.proofThanks" });
  return data({ ok: true, intent: "proof", deviceId } satisfies ManageActionResult, { headers: manageHeaders() });
}

/** The answer for an image over the upload limit: the too-large message (with the limit) under the device's field. */
export function proofTooLargeResult(url: URL): ManageActionResult {
  const deviceId = Number(url.searchParams.get("device_id")) || undefined;
  return { ok: false, intent: "proof", deviceId, failure: localFailure("proof", "manage.proof.errors.tooLarge", "field") };
}

/** An image over the upload limit (the form could not be read): answered under the device's field, with a problem toast. */
export async function proofTooLarge(ctx: ManageContext, url: URL) {
  flashToast({ type: "error", key: "manage.toasts.proofProblem" });
  return data(proofTooLargeResult(url), { status: 413, headers: manageHeaders() });
}
