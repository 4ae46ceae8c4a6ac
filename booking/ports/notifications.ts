/**
 * Customer messages (issue 10, ADR 090): one e-mail or one SMS handed to a provider, answering the
 * provider's message id. SMTP and Twilio in production, the file outbox offline. E-mail and SMS are
 * chosen separately (NOTIFICATIONS_EMAIL_PROVIDER, NOTIFICATIONS_SMS_PROVIDER), so they are two
 * senders. What is said, and when, is the engine's business; a sender only delivers.
 *
 * A failed send throws a NotificationSendError saying whether trying again later can succeed
 * (`transient`: connection lost, rate limit, provider error) or never will (`permanent`: a bad
 * address, a refused recipient, a credential the operator must fix): the scheduler retries the first
 * with backoff and puts the second aside for an operator.
 */

export interface Mailbox {
  /** Display name, e.g. the carrier's name; shown by mail clients beside the address. */
  name?: string;
  address: string;
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string | Uint8Array;
  /** Referenced from the HTML as `cid:<contentId>` (an inline logo). */
  contentId?: string;
}

/**
 * An RFC 5545 calendar object sent as the invite mail clients offer to add to the calendar: a
 * text/calendar alternative with its METHOD, and the same file as an `.ics` attachment.
 */
export interface CalendarInvite {
  method: "REQUEST" | "CANCEL";
  /** The whole VCALENDAR text. */
  content: string;
  /** Default `invite.ics`. */
  filename?: string;
}

export interface EmailMessage {
  /** Whose customer this is: picks the carrier's sender (ADR 090) and files the outbox copy. */
  carrierCode: string;
  to: Mailbox;
  /** Unset: the carrier's configured sender. */
  from?: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  html: string;
  /** The plain-text part; every message has one (mail clients without HTML, spam filters). */
  text: string;
  attachments?: EmailAttachment[];
  calendar?: CalendarInvite;
  /** The Date header; unset: when it is sent. The engine passes its clock's time (ADR 034). */
  date?: Date;
  /**
   * The left part of a stable Message-ID (ADR 156): the same scheduled message sent again (a retry
   * after the server accepted it but the sender died before recording that) carries the same id,
   * so mail systems show it once. Unset: the transport makes a new one.
   */
  messageKey?: string;
}

export interface SmsMessage {
  carrierCode: string;
  /** E.164, e.g. +447700900123. */
  to: string;
  /** A sender number in E.164 or an alphanumeric sender id (up to 11 characters); unset: the carrier's. */
  senderId?: string;
  text: string;
}

export interface SendReceipt {
  /** The adapter that took the message (smtp, twilio, outbox). */
  provider: string;
  /** The provider's id for the message: the Message-ID header, Twilio's SM… sid, the outbox file name. */
  messageId: string;
}

export type SendFailureKind = "permanent" | "transient";

export class NotificationSendError extends Error {
  constructor(
    readonly kind: SendFailureKind,
    readonly provider: string,
    /** The provider's own code (SMTP reply code, Twilio error code, nodemailer's code), for the log and the dead-letter list. */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "NotificationSendError";
  }

  get permanent(): boolean {
    return this.kind === "permanent";
  }
}

/** What the web app may ask of a sender instead of its name (ADR 040). */
export interface SenderCapabilities {
  /** Messages land in the file outbox (OUTBOX_DIR) instead of reaching the customer. */
  readonly outbox: boolean;
}

export interface EmailSender {
  readonly name: string;
  readonly capabilities: SenderCapabilities;
  /** Throws NotificationSendError. */
  sendEmail(message: EmailMessage): Promise<SendReceipt>;
}

export interface SmsSender {
  readonly name: string;
  readonly capabilities: SenderCapabilities;
  /** Throws NotificationSendError. */
  sendSms(message: SmsMessage): Promise<SendReceipt>;
}

export interface Notifications {
  email: EmailSender;
  sms: SmsSender;
}

/** E.164: a plus, a country code that does not start with 0, 15 digits at most. */
export const E164 = /^\+[1-9]\d{6,14}$/;
