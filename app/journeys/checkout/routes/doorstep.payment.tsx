/**
 * `/doorstep/payment` (spec §2 "Top-level routes"): partners and old e-mails link to it. It is the
 * payment step of the visitor's booking, so it sends the visitor to `/booking/payment`, keeping the
 * query (e.g. `?billing=edit`); the payment step then does what it does for any visitor (no booking
 * yet, or not ready to pay: back to the step that is missing). A temporary redirect, so a browser
 * does not remember it (ADR 130).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

/** The query as sent, bounded; anything the payment step does not read it ignores. */
const querySchema = z.string().max(2_000);

export function doorstepPaymentTarget(requestUrl: string): string {
  const parsed = querySchema.safeParse(new URL(requestUrl).search);
  return `/booking/payment${parsed.success ? parsed.data : ""}`;
}

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(doorstepPaymentTarget(request.url), 302);
}
