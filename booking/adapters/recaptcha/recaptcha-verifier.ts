/**
 * Google reCAPTCHA v3 (CAPTCHA_PROVIDER=recaptcha). The browser runs `grecaptcha.execute(siteKey,
 * { action })` and sends the token with the form; the server asks siteverify whether the token is
 * genuine, was made for this action and scores at least `minScore` (1.0 very likely a human, 0.0 a bot).
 * https://developers.google.com/recaptcha/docs/verify and /docs/v3
 *
 * Fails closed: an unreachable or misconfigured siteverify refuses the message ("unavailable"), and
 * the page offers the e-mail and phone alternatives.
 */
import { z } from "zod";
import type { CaptchaCheck, CaptchaResult, CaptchaVerifier } from "../../ports/captcha";

export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

export interface RecaptchaOptions {
  secret: string;
  siteKey: string;
  /** Lowest score accepted (Google suggests 0.5 to start with). */
  minScore?: number;
  timeoutMs?: number;
  endpoint?: string;
  fetch?: typeof fetch;
  /** Where misconfiguration is reported (a wrong secret is an operator's problem, not the visitor's). */
  log?: (message: string) => void;
}

/** The siteverify answer; fields Google may add later are ignored. */
export const siteverifyResponse = z.object({
  success: z.boolean(),
  score: z.number().min(0).max(1).optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});
export type SiteverifyResponse = z.infer<typeof siteverifyResponse>;

/** Error codes that mean our configuration is wrong, not the visitor's token. */
const CONFIGURATION_ERRORS = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);

export function createRecaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const minScore = options.minScore ?? 0.5;
  const endpoint = options.endpoint ?? SITEVERIFY_URL;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const log = options.log ?? ((message: string) => console.warn(`[recaptcha] ${message}`));

  async function siteverify(check: CaptchaCheck): Promise<SiteverifyResponse | null> {
    const body = new URLSearchParams({ secret: options.secret, response: check.token ?? "" });
    if (check.remoteIp) body.set("remoteip", check.remoteIp);
    try {
      const response = await doFetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        log(`siteverify answered ${response.status}`);
        return null;
      }
      const parsed = siteverifyResponse.safeParse(await response.json());
      if (!parsed.success) {
        log("siteverify answered something unexpected");
        return null;
      }
      return parsed.data;
    } catch (error) {
      log(`siteverify unreachable: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  return {
    provider: "recaptcha",
    siteKey: options.siteKey,
    async verify(check: CaptchaCheck): Promise<CaptchaResult> {
      if (!check.token || !check.token.trim()) return { ok: false, reason: "missing-token", score: null };
      const answer = await siteverify(check);
      if (!answer) return { ok: false, reason: "unavailable", score: null };
      const score = answer.score ?? null;
      if (!answer.success) {
        const codes = answer["error-codes"] ?? [];
        if (codes.some((code) => CONFIGURATION_ERRORS.has(code))) {
          log(`siteverify refused our request: ${codes.join(", ")}`);
          return { ok: false, reason: "unavailable", score };
        }
        return { ok: false, reason: "invalid-token", score };
      }
      if (answer.action !== check.action) return { ok: false, reason: "action-mismatch", score };
      if (score === null || score < minScore) return { ok: false, reason: "low-score", score };
      return { ok: true, score };
    },
  };
}
