/**
 * Who a carrier's messages come from (ADR 090), from configuration only: no carrier code in code.
 * The flat NOTIFICATIONS_EMAIL_FROM_NAME / _FROM_ADDRESS / _REPLY_TO and NOTIFICATIONS_SMS_SENDER_ID
 * are the default; NOTIFICATIONS_SENDERS, a JSON object keyed by carrier code ("*" = every other
 * carrier), overrides them field by field, as BRAINTREE_ACCOUNTS does for payments.
 *
 * `withSenders` puts this in front of the configured adapters: it checks each message with zod and
 * fills the sender the message leaves unset, so an adapter always gets a complete, valid message.
 */
import { z } from "zod";
import { E164, NotificationSendError, type EmailMessage, type Mailbox, type Notifications, type SmsMessage } from "../ports/notifications";

/** Twilio: an alphanumeric sender id is 1–11 letters, digits and spaces with at least one letter; else a number. */
const smsSenderId = z.union([
  z.string().regex(E164, "a phone number in E.164 (+447700900123)"),
  z.string().regex(/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/, "1 to 11 letters, digits or spaces with at least one letter"),
]);

export const senderSchema = z.strictObject({
  emailFromName: z.string().trim().min(1).max(120).optional(),
  emailFromAddress: z.email().optional(),
  replyTo: z.email().optional(),
  smsSenderId: smsSenderId.optional(),
});

export type Sender = z.output<typeof senderSchema>;

/** Who outbox messages come from when nobody configured a sender (development only: never delivered). */
export const OUTBOX_SENDER = { emailFromName: "Repair bookings (outbox)", emailFromAddress: "no-reply@outbox.localhost", smsSenderId: "Outbox" } as const satisfies Sender;

export interface Senders {
  /** Carrier code → sender; "*" is the default entry, under which the flat variables lie. */
  readonly entries: Readonly<Record<string, Sender>>;
}

export class SendersConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SendersConfigError";
  }
}

/** `own`'s fields over `base`'s, where `own` sets them. */
function overlay(base: Sender, own: Sender): Sender {
  return { ...base, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)) };
}

/** The carrier's sender: its entry over the "*" entry, field by field. */
export function senderFor(senders: Senders, carrierCode: string): Sender {
  return overlay(senders.entries["*"] ?? {}, senders.entries[carrierCode] ?? {});
}

const issuesOf = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join(".") || "entry"} ${issue.message}`).join("; ");

/**
 * Reads NOTIFICATIONS_SENDERS (JSON: { "<carrier code>" | "*": { emailFromName, emailFromAddress,
 * replyTo, smsSenderId } }) over the flat defaults, and those over `fallback` (the outbox's
 * development sender, so a fresh checkout writes messages without configuring anyone).
 * Throws a SendersConfigError naming the bad entry.
 */
export function sendersFromEnv(env: Record<string, string | undefined>, fallback: Sender = {}): Senders {
  const parse = (name: string, raw: unknown): Sender => {
    const parsed = senderSchema.safeParse(raw);
    if (!parsed.success) throw new SendersConfigError(`Sender ${name}: ${issuesOf(parsed.error)}`);
    return parsed.data;
  };
  const entries: Record<string, Sender> = {
    "*": overlay(
      fallback,
      parse("from NOTIFICATIONS_* variables", {
        emailFromName: env.NOTIFICATIONS_EMAIL_FROM_NAME || undefined,
        emailFromAddress: env.NOTIFICATIONS_EMAIL_FROM_ADDRESS || undefined,
        replyTo: env.NOTIFICATIONS_EMAIL_REPLY_TO || undefined,
        smsSenderId: env.NOTIFICATIONS_SMS_SENDER_ID || undefined,
      }),
    ),
  };
  if (env.NOTIFICATIONS_SENDERS?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(env.NOTIFICATIONS_SENDERS);
    } catch {
      throw new SendersConfigError("NOTIFICATIONS_SENDERS is not valid JSON");
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new SendersConfigError("NOTIFICATIONS_SENDERS must be a JSON object keyed by carrier code");
    for (const [key, value] of Object.entries(json)) {
      if (key !== "*" && !/^[a-z0-9][a-z0-9-]*$/.test(key)) throw new SendersConfigError(`NOTIFICATIONS_SENDERS: "${key}" is not a carrier code`);
      const entry = parse(`"${key}" in NOTIFICATIONS_SENDERS`, value);
      entries[key] = key === "*" ? overlay(entries["*"]!, entry) : entry;
    }
  }
  return { entries };
}

const mailboxSchema = z.object({ name: z.string().trim().max(200).optional(), address: z.email() });
const carrierCode = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

const emailMessageSchema = z.object({
  carrierCode,
  to: mailboxSchema,
  from: mailboxSchema.optional(),
  replyTo: mailboxSchema.optional(),
  subject: z.string().trim().min(1).max(998),
  html: z.string().min(1),
  text: z.string().min(1),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(3).max(200),
        content: z.union([z.string(), z.instanceof(Uint8Array)]),
        contentId: z.string().optional(),
      }),
    )
    .optional(),
  calendar: z.object({ method: z.enum(["REQUEST", "CANCEL"]), content: z.string().startsWith("BEGIN:VCALENDAR"), filename: z.string().min(1).optional() }).optional(),
  date: z.date().optional(),
  // The scheduled row's dedupe key, the Message-ID's left part (ADR 156): a field left out here was
  // dropped by the parse, and every send, a lease's takeover included, got a new random id (ADR 258).
  messageKey: z.string().min(1).max(400).optional(),
});

/** Every field of the port's message passes the check: one the schema does not name fails typecheck here instead of vanishing in production. */
type DroppedEmailFields = Exclude<keyof EmailMessage, keyof z.infer<typeof emailMessageSchema>>;
const everyEmailField: [DroppedEmailFields] extends [never] ? true : DroppedEmailFields = true;
void everyEmailField;

const smsMessageSchema = z.object({
  carrierCode,
  to: z.string().regex(E164, "the recipient must be an E.164 number"),
  senderId: smsSenderId.optional(),
  // Twilio's limit for one message body (it splits it into segments).
  text: z.string().trim().min(1).max(1600),
});

function checked<T>(schema: z.ZodType<T>, message: unknown, provider: string): T {
  const parsed = schema.safeParse(message);
  if (!parsed.success) throw new NotificationSendError("permanent", provider, "invalid_message", `Message refused before sending: ${issuesOf(parsed.error)}`);
  return parsed.data;
}

/** The configured senders in front of the adapters: every message checked and given its carrier's sender. */
export function withSenders(adapters: Notifications, senders: Senders): Notifications {
  const { email, sms } = adapters;
  return {
    email: {
      name: email.name,
      capabilities: email.capabilities,
      async sendEmail(input: EmailMessage) {
        const message = checked(emailMessageSchema, input, email.name);
        const sender = senderFor(senders, message.carrierCode);
        const from: Mailbox | undefined = message.from ?? (sender.emailFromAddress ? { name: sender.emailFromName, address: sender.emailFromAddress } : undefined);
        if (!from) throw new NotificationSendError("permanent", email.name, "no_sender", `No sender address is configured for carrier ${message.carrierCode}`);
        const replyTo = message.replyTo ?? (sender.replyTo ? { address: sender.replyTo } : undefined);
        return email.sendEmail({ ...message, from, ...(replyTo ? { replyTo } : {}) });
      },
    },
    sms: {
      name: sms.name,
      capabilities: sms.capabilities,
      async sendSms(input: SmsMessage) {
        const message = checked(smsMessageSchema, input, sms.name);
        const senderId = message.senderId ?? senderFor(senders, message.carrierCode).smsSenderId;
        if (!senderId) throw new NotificationSendError("permanent", sms.name, "no_sender", `No SMS sender id is configured for carrier ${message.carrierCode}`);
        return sms.sendSms({ ...message, senderId });
      },
    },
  };
}
