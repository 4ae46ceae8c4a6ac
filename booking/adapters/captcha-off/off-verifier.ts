import type { CaptchaVerifier } from "../../ports/captcha";

/** The embedded default (CAPTCHA_PROVIDER=off): nothing runs in the browser and every check passes. */
export function createOffCaptchaVerifier(): CaptchaVerifier {
  return {
    provider: "off",
    siteKey: null,
    verify: async () => ({ ok: true, score: null }),
  };
}
