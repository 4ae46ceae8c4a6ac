/** What every change of the manage page shares (ADR 162): one module per change, each answering its own post. */
import { readForm } from "~/lib/http/form.server";
import { ADDRESS_TEXT_FIELDS } from "~/journeys/manage/address-form";
import type { LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageContext } from "~/lib/order-access/manage.server";

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

/**
 * The form, the proof-of-purchase upload included, read with the upload route's body limit (ADR 054);
 * an image over the limit is answered under its field (spec §4 "Proof of purchase"; ADR 016). A control
 * character in a typed address line is the change-address form's field error, not a 400 (ADR 231).
 */
export async function readManageForm(request: Request): Promise<FormData | "too-large"> {
  try {
    return await readForm(request, { textFields: ADDRESS_TEXT_FIELDS });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return "too-large";
    throw thrown;
  }
}
