/**
 * Captcha check for forms anyone can send (spec §5 message form: "A captcha runs with action
 * send_message"). Adapters: `recaptcha` (Google reCAPTCHA v3 siteverify) and `off` (the embedded
 * default: every request passes, for development, tests and demos).
 */
export type CaptchaProvider = "off" | "recaptcha";

export interface CaptchaCheck {
  /** The token the browser got from the provider (g_recaptcha_response); null or empty when none. */
  token: string | null | undefined;
  /** The action the page ran the check for (`send_message`); a token for another action is refused. */
  action: string;
  /** The client's address, when known: passed on to the provider as a signal. */
  remoteIp?: string | null;
}

export type CaptchaFailure = "missing-token" | "invalid-token" | "action-mismatch" | "low-score" | "unavailable";

export type CaptchaResult = { ok: true; score: number | null } | { ok: false; reason: CaptchaFailure; score: number | null };

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  /** What the browser needs to run the check (the public site key); null when nothing runs in the browser. */
  readonly siteKey: string | null;
  verify(check: CaptchaCheck): Promise<CaptchaResult>;
}
