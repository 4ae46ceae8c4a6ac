/**
 * ADR 051: every cookie the app sets carries `Secure` when the request came over HTTPS (directly, or
 * through a trusted proxy's X-Forwarded-Proto), or always when COOKIE_SECURE is on.
 */
export function withSecureFlag(setCookies: readonly string[], secure: boolean): string[] {
  if (!secure) return [...setCookies];
  return setCookies.map((cookie) => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`));
}
