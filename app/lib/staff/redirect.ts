/** Where a log-in may send the person afterwards: a path of this site only, never another origin. */
export const STAFF_HOME = "/store";

export function sameSitePath(input: unknown): string {
  if (typeof input !== "string" || input.length > 2000 || !input.startsWith("/")) return STAFF_HOME;
  // "//host" and "/\host" are other origins to a browser; control characters and spaces are never a path we link.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this check
  if (/^\/[/\\]/.test(input) || /[\s\\\u0000-\u001f\u007f]/.test(input)) return STAFF_HOME;
  const base = "http://same-site.invalid";
  const url = new URL(input, base);
  if (url.origin !== base) return STAFF_HOME;
  // Log-in and log-out pages are never a destination.
  if (url.pathname === "/store/login" || url.pathname === "/store/logout") return STAFF_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The log-in page that comes back here afterwards. */
export function loginPath(returnTo: string): string {
  const target = sameSitePath(returnTo);
  return target === STAFF_HOME ? "/store/login" : `/store/login?redirectTo=${encodeURIComponent(target)}`;
}
