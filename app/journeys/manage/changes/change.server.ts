/** What every change of the manage page shares (ADR 162): one module per change, each answering its own post. */
import { readForm, refusedFields, UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/form.server";
import { ADDRESS_TEXT_FIELDS } from "~/journeys/manage/address-form";
import type { LookupForm } from "~/lib/order-access/lookup-form";
import { localFailure, type ManageContext, type ManageFailure, type ManagePlace } from "~/lib/order-access/manage.server";

/** The booking a change is posted for: the request's context, the looked-up order and the form. */
export interface ChangePost {
  ctx: ManageContext;
  lookup: LookupForm;
  form: FormData;
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The fields a customer types into on the manage page: the address lines, the cancel phrase, the date change's reason, the IMEI. */
const MANAGE_TEXT_FIELDS = [...ADDRESS_TEXT_FIELDS, "phrase", "reason", "imei"] as const;

/**
 * A change's typed field that held a control character (ADR 231): the failure to show under it, or
 * null. The change then answers its form with the cleaned value and never calls the engine.
 */
export function refusedFieldFailure(form: FormData, place: ManagePlace, field: string, show: ManageFailure["show"] = "modal"): ManageFailure | null {
  return refusedFields(form).includes(field) ? localFailure(place, UNSUPPORTED_CHARACTERS_KEY, show) : null;
}

/**
 * The form, the proof-of-purchase upload included, read with the upload route's body limit (ADR 054);
 * an image over the limit is answered under its field (spec §4 "Proof of purchase"; ADR 016). A control
 * character in a typed field (address lines, cancel phrase, reason, IMEI) is that field's error, not a 400 (ADR 231).
 */
export async function readManageForm(request: Request): Promise<FormData | "too-large"> {
  try {
    return await readForm(request, { textFields: MANAGE_TEXT_FIELDS });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return "too-large";
    throw thrown;
  }
}
