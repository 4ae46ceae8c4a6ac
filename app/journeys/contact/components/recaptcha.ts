import { useEffect } from "react";

declare global {
  interface Window {
    grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
  }
}

/** Loads reCAPTCHA v3's script for `siteKey` once (spec §7: "A captcha script loads with the message form"). */
export function useRecaptchaScript(siteKey: string | null) {
  useEffect(() => {
    if (!siteKey || document.querySelector("script[data-recaptcha]")) return;
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.dataset.recaptcha = "true";
    document.head.appendChild(script);
  }, [siteKey]);
}

/** A token for `action`, or null when the script is not there (the server then refuses politely). */
export function recaptchaToken(siteKey: string, action: string): Promise<string | null> {
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return Promise.resolve(null);
  return new Promise((resolve) => grecaptcha.ready(() => grecaptcha.execute(siteKey, { action }).then(resolve, () => resolve(null))));
}
