/**
 * SMS through Twilio's Messages API (NOTIFICATIONS_SMS_PROVIDER=twilio, ADR 090):
 * `POST https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To,
 * From and Body, HTTP Basic auth with the account SID and auth token. The answer's `sid` (SM…) is
 * the message id; delivery itself is reported later by Twilio (status callbacks, not used yet).
 *
 * Failures: 429 (20429) and 5xx, a timeout or a lost connection are transient; every other 4xx is
 * permanent: the request itself is wrong (21211 invalid number, 21610 the customer replied STOP,
 * 21408 country not enabled, 20003 credentials), and sending it again would fail again.
 */
import { z } from "zod";
import { NotificationSendError, type SmsMessage, type SmsSender } from "../../ports/notifications";

export const TWILIO_PROVIDER = "twilio";
export const TWILIO_API = "https://api.twilio.com";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Another base URL (a regional edge, a test double). */
  baseUrl?: string;
}

const messageAnswer = z.object({ sid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i), status: z.string() });
const errorAnswer = z.object({ code: z.number().int().nullish(), message: z.string().nullish() });

export function createTwilioSmsSender(options: TwilioOptions): SmsSender {
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.baseUrl ?? TWILIO_API}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const fail = (kind: "permanent" | "transient", code: string | null, message: string) => new NotificationSendError(kind, TWILIO_PROVIDER, code, `Twilio: ${message}`);

  return {
    name: TWILIO_PROVIDER,
    capabilities: { outbox: false },
    async sendSms(message: SmsMessage) {
      if (!message.senderId) throw fail("permanent", "no_sender", "the message has no sender id");
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ To: message.to, From: message.senderId, Body: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw fail("transient", null, `unreachable (${error instanceof Error ? error.message : String(error)})`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const sent = messageAnswer.safeParse(body);
        // Accepted but unreadable: practically never; a retry may send twice, which beats never.
        if (!sent.success) throw fail("transient", String(response.status), "answered without a message sid");
        return { provider: TWILIO_PROVIDER, messageId: sent.data.sid };
      }
      const error = errorAnswer.safeParse(body);
      const code = error.success && error.data.code ? String(error.data.code) : String(response.status);
      const text = (error.success && error.data.message) || `HTTP ${response.status}`;
      const transient = response.status === 429 || response.status >= 500 || code === "20429";
      throw fail(transient ? "transient" : "permanent", code, text);
    },
  };
}
