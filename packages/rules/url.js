/**
 * The URL policy (ADR 058): which URLs from the CMS or a customer the site may put into an href,
 * a src, a script tag or a redirect. Pure and isomorphic: the CMS enforces it on save, the app's
 * content schemas on the server and its components again in the browser. Allow-list only: a scheme
 * is accepted because it is named here, never because it is not on a deny-list.
 *
 * - Web addresses: `https://host…`; plain `http://` only outside production, or for loopback hosts
 *   (`localhost`, `*.localhost`, `127.0.0.1`, `[::1]`), which only ever reach the visitor's own machine.
 * - Site-relative paths (`/images/x.svg`) where the field allows them; never `//host` or `\\host`.
 * - `data:image/(png|jpeg|webp|svg+xml);base64,…` for images only: an <img> never runs script.
 * - `mailto:` and `tel:` only where the field is an e-mail or phone link.
 * Anything with a space, a control character or a backslash inside is refused outright, because
 * browsers silently drop or rewrite those (`java\tscript:` is `javascript:` to a browser).
 */

/** Where each kind of field may point. */
export const URL_RULES = {
  /** Links, redirects and scripts to another site: support picker, live chat, landing redirect, website. */
  web: {},
  /** Images: logos and carousel pictures. */
  image: { relative: true, dataImage: true },
};

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// \s covers Unicode spaces; C0, DEL and C1 controls; the backslash browsers read as a slash.
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\\]/;
const DATA_IMAGE = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAILTO = /^mailto:[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const TEL = /^tel:\+?[0-9][0-9-]{2,30}$/;
const MAX_LENGTH = 200_000;

function defaultProduction() {
  // Never production in a browser, where the server has already checked.
  return globalThis.process?.env?.NODE_ENV === "production";
}

export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
}

const refuse = (reason) => ({ ok: false, reason });

/** Checks one URL against the rules; the accepted URL is the input without surrounding spaces. */
export function checkUrl(input, rules = URL_RULES.web) {
  if (typeof input !== "string") return refuse("is not text");
  const url = input.replace(/^ +| +$/g, "");
  if (!url) return refuse("is empty");
  if (url.length > MAX_LENGTH) return refuse("is too long");
  if (FORBIDDEN.test(url)) return refuse("contains a space, a control character or a backslash");

  if (url.startsWith("/")) {
    if (url.startsWith("//")) return refuse("starts with // (an address on another site without https://)");
    return rules.relative ? { ok: true, url } : refuse("must be a full address starting with https://");
  }

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return refuse(rules.relative ? "must start with https:// or /" : "must start with https://");

  if (scheme === "https" || scheme === "http") {
    if (!/^https?:\/\/[^/?#]/i.test(url)) return refuse("has no host after https://");
    let hostname;
    try {
      hostname = new URL(url).hostname;
    } catch {
      return refuse("is not a valid web address");
    }
    if (scheme === "http" && (rules.production ?? defaultProduction()) && !isLoopbackHost(hostname)) {
      return refuse("uses http:// (only https:// is allowed in production)");
    }
    return { ok: true, url };
  }
  if (scheme === "data" && rules.dataImage) {
    return DATA_IMAGE.test(url) ? { ok: true, url } : refuse("is a data: address that is not a base64 PNG, JPEG, WebP or SVG image");
  }
  if (scheme === "mailto" && rules.mailto) return MAILTO.test(url) ? { ok: true, url } : refuse("is not a valid mailto: e-mail address");
  if (scheme === "tel" && rules.tel) return TEL.test(url) ? { ok: true, url } : refuse("is not a valid tel: phone number");
  return refuse(`uses ${scheme}: which is not allowed here`);
}

/** The URL when it passes the rules, otherwise null. */
export function safeUrl(input, rules = URL_RULES.web) {
  const result = checkUrl(input, rules);
  return result.ok ? result.url : null;
}

/** A redirect to a CMS-provided address: a web address only, never a script or data. */
export function safeRedirectTarget(input) {
  return safeUrl(input, URL_RULES.web);
}

/** `mailto:` for an e-mail address, or null when it is not one. */
export function mailtoHref(email) {
  return email ? safeUrl(`mailto:${email.trim()}`, { mailto: true }) : null;
}

/** `tel:` of a phone number's digits and leading +, or null when too few remain. */
export function telHref(phone) {
  return phone ? safeUrl(`tel:${phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")}`, { tel: true }) : null;
}
