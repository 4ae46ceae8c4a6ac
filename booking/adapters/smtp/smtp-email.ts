/**
 * E-mail over SMTP with nodemailer (NOTIFICATIONS_EMAIL_PROVIDER=smtp, ADR 090): SMTP_URL
 * (smtp://user:pass@host:587, smtps://… for TLS from the start) or SMTP_HOST, SMTP_PORT,
 * SMTP_USER, SMTP_PASS, SMTP_SECURE. A connection per message: a booking sends a handful, and no
 * idle pool holds the process open.
 *
 * Failures follow RFC 5321 as nodemailer reports them: a 5xx reply (a refused recipient, a failed
 * login) is permanent, a 4xx reply, a lost connection or a timeout transient; an error without a
 * reply is transient unless it is our configuration's.
 */
import nodemailer, { type NodemailerError, type SMTPTransportOptions } from "nodemailer";
import { mailOptions } from "../../notifications/mail-options";
import { NotificationSendError, type EmailMessage, type EmailSender } from "../../ports/notifications";

export const SMTP_PROVIDER = "smtp";

export interface SmtpSettings {
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  pass?: string;
  /** Connection, greeting and socket timeouts. */
  timeoutMs?: number;
}

/** Errors no retry can mend: the operator must change the configuration. */
const CONFIGURATION_ERRORS = new Set(["EAUTH", "ENOAUTH", "ECONFIG", "EENVELOPE", "EMESSAGE", "EFILEACCESS", "EURLACCESS"]);

export function smtpFailure(error: unknown): NotificationSendError {
  const failure = error as NodemailerError;
  const code = failure.responseCode ? String(failure.responseCode) : (failure.code ?? null);
  const permanent = failure.permanent ?? (failure.responseCode === undefined && CONFIGURATION_ERRORS.has(failure.code ?? ""));
  return new NotificationSendError(permanent ? "permanent" : "transient", SMTP_PROVIDER, code, `SMTP: ${failure.response ?? failure.message}`);
}

function transportOptions(settings: SmtpSettings): SMTPTransportOptions {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs * 3 };
  // nodemailer reads the URL itself (host, port, smtps: for TLS, credentials, query options).
  if (settings.url) return { url: settings.url, ...timeouts };
  return {
    host: settings.host,
    port: settings.port ?? (settings.secure ? 465 : 587),
    secure: settings.secure ?? false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? "" } } : {}),
    ...timeouts,
  };
}

export function createSmtpEmailSender(settings: SmtpSettings): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport(transportOptions(settings));
  return {
    name: SMTP_PROVIDER,
    capabilities: { outbox: false },
    async sendEmail(message: EmailMessage) {
      if (!message.from) throw new NotificationSendError("permanent", SMTP_PROVIDER, "no_sender", "The message has no sender");
      try {
        const info = await transport.sendMail(mailOptions({ ...message, from: message.from }));
        // A server that refuses the one recipient answers with an error; a partial refusal cannot happen with one.
        return { provider: SMTP_PROVIDER, messageId: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close: () => transport.close(),
  };
}
