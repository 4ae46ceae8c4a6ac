/**
 * Customer contact (spec §3 contact payload and call-back payload; §4 "Message and waiting-list
 * forms"; §5 message form; §7 POST /contact/post and POST /{ref}/request-call-back). Messages and
 * call-back requests are stored for operations to answer (ADR 033): a message within 48 hours.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { plainText } from "../domain/inputs";
import type { BookingDatabase } from "../db/open";
import * as s from "../db/schema";
import { enqueueMessage } from "../records/message-jobs";
import type { CarrierContext } from "../domain/carrier";
import { normalisePhone, PHONE_MESSAGE } from "../domain/customer";
import { normalisePostcode } from "../domain/postcode";
import { DomainError, FIELD_MESSAGES, type ErrorCode } from "../domain/errors";
import { parseInput } from "../domain/validate";
import type { Clock } from "../ports/clock";
import type { CaptchaFailure, CaptchaVerifier } from "../ports/captcha";

/** Spec §1, §9: a message sent through the contact form is answered within 48 hours. */
export const REPLY_WITHIN_HOURS = 48;
/** The reCAPTCHA action the message form runs (spec §5). */
export const SEND_MESSAGE_ACTION = "send_message";

export const CAPTCHA_FAILED_MESSAGE = FIELD_MESSAGES.CAPTCHA_REFUSED;
export const CAPTCHA_UNAVAILABLE_MESSAGE = FIELD_MESSAGES.CAPTCHA_UNAVAILABLE;

const CAPTCHA_FAILED: ErrorCode = "CAPTCHA_FAILED";

export class CaptchaFailedError extends DomainError {
  readonly reason: CaptchaFailure;
  constructor(reason: CaptchaFailure) {
    const problem = reason === "unavailable" ? "CAPTCHA_UNAVAILABLE" : "CAPTCHA_REFUSED";
    // The field code tells a client which of the two to say (ADR 044); the form has no captcha field to show it under.
    super(CAPTCHA_FAILED, FIELD_MESSAGES[problem], { status: reason === "unavailable" ? 503 : 400, fields: { captcha: [problem] } });
    this.reason = reason;
  }
}

export interface ContactDependencies {
  db: BookingDatabase;
  clock: Clock;
  captcha: CaptchaVerifier;
}

const required = (message: string, max: number, multiLine = false) => plainText({ error: message, multiLine }).trim().min(1, message).max(max, message);

/** A telephone number for the carrier's country, given back in E.164 (contact, call-back and waiting-list forms). */
export function phoneField(carrier: CarrierContext) {
  return z
    .string({ error: "Please enter your telephone number." })
    .trim()
    .min(1, "Please enter your telephone number.")
    .transform((value, ctx) => {
      const e164 = normalisePhone(carrier.countryCode, value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return e164;
    });
}

export const emailField = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your e-mail address.")
  .pipe(z.email(FIELD_MESSAGES.EMAIL_INVALID).max(254, FIELD_MESSAGES.EMAIL_INVALID));

function messageInput(carrier: CarrierContext) {
  return z.object({
    name: required("Please enter your full name.", 120),
    email: emailField,
    phone: phoneField(carrier),
    /** The CMS contact reason (spec §3 "Contact reason. id, title"); the web checks it is one of the carrier's. */
    reason: z.object({ id: z.coerce.number().int().positive(), title: required("Please choose a reason.", 200) }, { error: "Please choose a reason." }),
    message: required("Please enter your message.", 5000, true),
    /** g_recaptcha_response. */
    captcha_token: z.string().max(4000).nullish(),
    locale: z.enum(["en", "de"]).default("en"),
    client_address: z.string().max(100).nullish(),
  });
}
export type ContactMessageInput = z.input<ReturnType<typeof messageInput>>;

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  phone: string;
  reason: { id: number; title: string };
  message: string;
  locale: string;
  status: s.ContactStatus;
  reply_due_at: string;
  answered_at: string | null;
  created_at: string;
}

function messageView(row: typeof s.contactMessages.$inferSelect): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    reason: { id: row.reasonId, title: row.reasonTitle },
    message: row.message,
    locale: row.locale,
    status: row.status,
    reply_due_at: row.replyDueAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ContactMessageOptions {
  /**
   * The message comes through a caller the platform already trusts, not an anonymous page: a partner
   * API key kept on the partner's server (ADR 176). No captcha is asked; the row names the caller
   * where it would name the captcha provider.
   */
  trustedCaller?: "api-key";
}

/**
 * Spec §7 POST /contact/post: checks the form, then the captcha (action send_message), then stores
 * the message. The captcha runs after the fields so a visitor fixing a typo is not asked twice.
 */
export async function sendContactMessage(
  deps: ContactDependencies,
  carrier: CarrierContext,
  input: ContactMessageInput,
  options: ContactMessageOptions = {},
): Promise<ContactMessageView> {
  const data = parseInput(messageInput(carrier), input);
  const verdict = options.trustedCaller
    ? { ok: true as const, score: null }
    : await deps.captcha.verify({ token: data.captcha_token, action: SEND_MESSAGE_ACTION, remoteIp: data.client_address });
  if (!verdict.ok) throw new CaptchaFailedError(verdict.reason);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(s.contactMessages)
      .values({
        carrierCode: carrier.code,
        name: data.name,
        email: data.email,
        phone: data.phone,
        reasonId: data.reason.id,
        reasonTitle: data.reason.title,
        message: data.message,
        locale: data.locale,
        captchaProvider: options.trustedCaller ?? deps.captcha.provider,
        captchaScore: verdict.score,
        replyDueAt: new Date(now.getTime() + REPLY_WITHIN_HOURS * 3_600_000),
        createdAt: now,
      })
      .returning();
    // The auto-reply promising an answer within 48 hours (spec §1), in the message's transaction (ADR 093).
    await enqueueMessage(tx, {
      carrierCode: carrier.code,
      kind: "contact-received",
      locale: data.locale,
      eventKey: `contact:${inserted!.id}`,
      channels: ["email"],
      runAt: now,
      payload: { to: { name: data.name, email: data.email } },
    });
    return inserted!;
  });
  return messageView(row);
}

function callBackInput(carrier: CarrierContext) {
  return z.object({
    model_version_id: z.coerce.number().int().positive().nullish(),
    postcode: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((value, ctx) => {
        if (!value) return null;
        const result = normalisePostcode(carrier.countryCode, value);
        if (!result.ok) {
          ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.POSTCODE_INVALID });
          return z.NEVER;
        }
        return result.display;
      }),
    name: required("Please enter your name.", 120),
    email: emailField,
    phone: phoneField(carrier),
    /** The payload's carrier field; the carrier argument decides, this is only checked. */
    carrier: z.string().optional(),
    /** The language the reply is written in. */
    locale: z.enum(["en", "de"]).default("en"),
  });
}
export type CallBackInput = z.input<ReturnType<typeof callBackInput>>;

export interface CallBackView {
  id: number;
  booking_reference: string | null;
  model_version_id: number | null;
  postcode: string | null;
  name: string;
  email: string;
  phone: string;
  source: "contact" | "waiting_list";
  status: s.ContactStatus;
  created_at: string;
}

function callBackView(row: typeof s.callBackRequests.$inferSelect): CallBackView {
  return {
    id: row.id,
    booking_reference: row.bookingReference,
    model_version_id: row.modelVersionId,
    postcode: row.postcode,
    name: row.name,
    email: row.email,
    phone: row.phone,
    source: row.source,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Spec §7 POST /{ref}/request-call-back: stores the request. `bookingReference` is the booking it
 * came from (the waiting list of the 'no dates available' modal); null from the contact page.
 */
export async function requestCallBack(
  deps: Pick<ContactDependencies, "db" | "clock">,
  carrier: CarrierContext,
  bookingReference: string | null,
  input: CallBackInput,
): Promise<CallBackView> {
  const data = parseInput(callBackInput(carrier), input);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(s.callBackRequests)
      .values({
        carrierCode: carrier.code,
        bookingReference: bookingReference || null,
        modelVersionId: data.model_version_id ?? null,
        postcode: data.postcode,
        name: data.name,
        email: data.email,
        phone: data.phone,
        source: bookingReference ? "waiting_list" : "contact",
        createdAt: now,
      })
      .returning();
    await enqueueMessage(tx, {
      carrierCode: carrier.code,
      kind: "call-back-requested",
      locale: data.locale,
      eventKey: `call-back:${inserted!.id}`,
      runAt: now,
      payload: { to: { name: data.name, email: data.email, phone: data.phone } },
    });
    return inserted!;
  });
  return callBackView(row);
}

const listInput = z.object({ status: z.enum(["NEW", "ANSWERED"]).optional(), limit: z.number().int().min(1).max(500).default(100) });

/** For operations: the carrier's messages, newest first (ADR 033 has the SQL for the same). */
export async function listContactMessages(deps: Pick<ContactDependencies, "db">, carrier: CarrierContext, input: z.input<typeof listInput> = {}): Promise<ContactMessageView[]> {
  const { status, limit } = parseInput(listInput, input);
  const rows = await deps.db
    .select()
    .from(s.contactMessages)
    .where(and(eq(s.contactMessages.carrierCode, carrier.code), status ? eq(s.contactMessages.status, status) : undefined))
    .orderBy(desc(s.contactMessages.createdAt), desc(s.contactMessages.id))
    .limit(limit);
  return rows.map(messageView);
}

export async function listCallBackRequests(deps: Pick<ContactDependencies, "db">, carrier: CarrierContext, input: z.input<typeof listInput> = {}): Promise<CallBackView[]> {
  const { status, limit } = parseInput(listInput, input);
  const rows = await deps.db
    .select()
    .from(s.callBackRequests)
    .where(and(eq(s.callBackRequests.carrierCode, carrier.code), status ? eq(s.callBackRequests.status, status) : undefined))
    .orderBy(desc(s.callBackRequests.createdAt), desc(s.callBackRequests.id))
    .limit(limit);
  return rows.map(callBackView);
}

/** Operations mark a message answered. */
export async function markContactMessageAnswered(deps: Pick<ContactDependencies, "db" | "clock">, carrier: CarrierContext, id: number): Promise<ContactMessageView | null> {
  const [row] = await deps.db
    .update(s.contactMessages)
    .set({ status: "ANSWERED", answeredAt: deps.clock.now() })
    .where(and(eq(s.contactMessages.carrierCode, carrier.code), eq(s.contactMessages.id, id)))
    .returning();
  return row ? messageView(row) : null;
}
