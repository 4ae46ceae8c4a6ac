/**
 * Customer service's forms (ADR 188–190): each action's fields read with zod, the staff member passed
 * to the engine, and the engine's refusal turned into what the page shows (§8 through the table's
 * "store.service" place): a field's text under the field, any other refusal above the form.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { DomainError, type Engine } from "~/booking.server";
import { behaviourFor, firstMessageText, type ShownText } from "~/lib/errors/error-table";
import type { StaffContext } from "~/lib/staff/require-staff.server";

export const SERVICE_INTENTS = ["resend", "refund", "refund-confirm", "change-date", "change-address", "cancel"] as const;
export type ServiceIntent = (typeof SERVICE_INTENTS)[number];

/** "12.50", "12,50" or "12" in major units → minor units; null when it is not an amount (the form says so). */
export function minorFromMajor(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,7}(?:[.,]\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const text = (max: number) => z.string().max(max);
const base = { order_ref: z.string().regex(/^\d{1,15}$/), reason: text(1000), request_key: text(100) };

const forms = {
  resend: z.object({ ...base, message_id: z.coerce.number().int().positive() }),
  // The first step of a refund (ADR 255): the amount as typed, answered with the confirmation.
  refund: z.object({ ...base, amount: text(20) }),
  // The confirmation's post: the amount it stated, in minor units.
  "refund-confirm": z.object({ ...base, amount_minor: z.string().regex(/^\d{1,9}$/) }),
  "change-date": z.object({ ...base, date: text(20), slot: text(10).optional() }),
  "change-address": z.object({ ...base, line_1: text(200), line_2: text(200).optional(), town: text(200), postcode: text(40) }),
  cancel: z.object({ ...base, keep_fee: z.literal("on").optional() }),
} as const;

/** What the page shows of a refused action: texts under fields, or one text above the form. */
export interface ActionProblem {
  intent: ServiceIntent;
  fieldCodes: Record<string, string[]>;
  fields: Record<string, string[]>;
  /** The text above the form; `detail` fills the text's {{message}} (the provider's own words). */
  alert: (ShownText & { detail?: string }) | null;
  /** The page's own field texts (i18n keys) for what it refuses before the engine: an amount it cannot read, no window chosen. */
  ownFields?: Record<string, string[]>;
}

/** What the refund's confirmation states and posts again (ADR 255). */
export interface RefundConfirmation {
  amount_minor: number;
  reason: string;
  payment_type: string | null;
  paid_via_credit: boolean;
  /** A fresh one-time key for the confirmation's form: the confirm post is the one action. */
  request_key: string;
}

export type ActionOutcome = { ok: true; intent: ServiceIntent; confirm?: RefundConfirmation } | { ok: false; problem: ActionProblem } | { ok: false; malformed: true };

/** The refusal as the page shows it; null for an error that is not the engine's (the route rethrows it: an error page). */
export function actionProblem(intent: ServiceIntent, error: unknown, locale: string): ActionProblem | null {
  if (!(error instanceof DomainError)) return null;
  const behaviour = behaviourFor(error.code, "store.service", error.messages, error.fieldCodes);
  if (behaviour.show === "field") return { intent, fields: error.fields, fieldCodes: error.fieldCodes, alert: null };
  return { intent, fields: {}, fieldCodes: {}, alert: firstMessageText(behaviour, error, locale) };
}

/** Runs the form's action through the engine for the logged-in staff member. */
export async function runServiceAction(engine: Engine, staff: StaffContext, form: FormData): Promise<ActionOutcome> {
  const intent = SERVICE_INTENTS.find((name) => name === form.get("intent"));
  if (!intent) return { ok: false, malformed: true };
  const parsed = forms[intent].safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, malformed: true };
  const who = { id: staff.account.id, name: staff.account.name };
  const carrier = staff.carrier;
  const { order_ref, reason, request_key } = parsed.data;
  const common = { order_ref: Number(order_ref), reason, request_key };
  try {
    switch (intent) {
      case "resend": {
        const data = forms.resend.parse(parsed.data);
        await engine.service.resendMessage(carrier, who, { ...common, message_id: data.message_id });
        break;
      }
      case "refund": {
        // Nothing goes to the gateway here: the amount is checked as the refund checks it and stated for confirmation.
        const data = forms.refund.parse(parsed.data);
        const amount = data.amount.trim() === "" ? null : minorFromMajor(data.amount);
        if (amount === null && data.amount.trim() !== "") {
          return { ok: false, problem: { intent, fieldCodes: {}, fields: {}, alert: null, ownFields: { amount_minor: ["store.service.errors.amountFormat"] } } };
        }
        const quote = await engine.service.refundQuote(carrier, { order_ref: common.order_ref, reason, amount_minor: amount });
        return {
          ok: true,
          intent,
          confirm: { amount_minor: quote.amount_minor, reason: quote.reason, payment_type: quote.payment_type, paid_via_credit: quote.paid_via_credit, request_key: randomUUID() },
        };
      }
      case "refund-confirm": {
        const data = forms["refund-confirm"].parse(parsed.data);
        const outcome = await engine.service.refundOrder(carrier, who, { ...common, amount_minor: Number(data.amount_minor) });
        if (outcome.message !== null)
          return { ok: false, problem: { intent: "refund", fieldCodes: {}, fields: {}, alert: { key: "store.service.refund.failed", detail: outcome.message } } };
        break;
      }
      case "change-date": {
        const data = forms["change-date"].parse(parsed.data);
        if (!data.slot) return { ok: false, problem: { intent, fieldCodes: {}, fields: {}, alert: null, ownFields: { slot: ["store.service.errors.windowMissing"] } } };
        await engine.service.changeDate(carrier, who, { ...common, date: data.date, slot: data.slot });
        break;
      }
      case "change-address": {
        const data = forms["change-address"].parse(parsed.data);
        await engine.service.changeAddress(carrier, who, { ...common, line_1: data.line_1, line_2: data.line_2 ?? null, town: data.town, postcode: data.postcode });
        break;
      }
      case "cancel": {
        const data = forms.cancel.parse(parsed.data);
        await engine.service.cancel(carrier, who, { ...common, keep_fee: data.keep_fee === "on" });
        break;
      }
    }
  } catch (error) {
    // A refusal of the confirmation shows at the refund's form.
    const problem = actionProblem(intent === "refund-confirm" ? "refund" : intent, error, staff.locale);
    if (!problem) throw error;
    return { ok: false, problem };
  }
  return { ok: true, intent };
}
