/**
 * The URL policy of docs/decisions/058-url-policy.md, enforced on save. The web app checks again
 * before use with the same rules (app/lib/safe-url.ts; its unit test proves both agree). Kept free
 * of Strapi imports so that test can load it.
 */

export interface UrlRules {
  /** Site-relative paths starting with a single `/`. */
  relative?: boolean;
  /** Base64 image data URIs (image fields only: an <img> never runs script). */
  dataImage?: boolean;
  mailto?: boolean;
  tel?: boolean;
  /** Production refuses plain http to anything but loopback hosts. Default: NODE_ENV === 'production'. */
  production?: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export const URL_RULES = {
  web: {},
  image: { relative: true, dataImage: true },
} as const satisfies Record<string, UrlRules>;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// \s covers Unicode spaces; C0, DEL and C1 controls; the backslash browsers read as a slash.
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\\]/;
const DATA_IMAGE = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;
const MAILTO = /^mailto:[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const TEL = /^tel:\+?[0-9][0-9-]{2,30}$/;
const MAX_LENGTH = 200_000;

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

export function checkUrl(input: unknown, rules: UrlRules = URL_RULES.web): UrlCheck {
  if (typeof input !== 'string') return refuse('is not text');
  const url = input.replace(/^ +| +$/g, '');
  if (!url) return refuse('is empty');
  if (url.length > MAX_LENGTH) return refuse('is too long');
  if (FORBIDDEN.test(url)) return refuse('contains a space, a control character or a backslash');

  if (url.startsWith('/')) {
    if (url.startsWith('//')) return refuse('starts with // (an address on another site without https://)');
    return rules.relative ? { ok: true, url } : refuse('must be a full address starting with https://');
  }

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return refuse(rules.relative ? 'must start with https:// or /' : 'must start with https://');

  if (scheme === 'https' || scheme === 'http') {
    if (!/^https?:\/\/[^/?#]/i.test(url)) return refuse('has no host after https://');
    let hostname: string;
    try {
      hostname = new URL(url).hostname;
    } catch {
      return refuse('is not a valid web address');
    }
    if (scheme === 'http' && (rules.production ?? process.env.NODE_ENV === 'production') && !isLoopbackHost(hostname)) {
      return refuse('uses http:// (only https:// is allowed in production)');
    }
    return { ok: true, url };
  }
  if (scheme === 'data' && rules.dataImage) {
    return DATA_IMAGE.test(url) ? { ok: true, url } : refuse('is a data: address that is not a base64 PNG, JPEG, WebP or SVG image');
  }
  if (scheme === 'mailto' && rules.mailto) return MAILTO.test(url) ? { ok: true, url } : refuse('is not a valid mailto: e-mail address');
  if (scheme === 'tel' && rules.tel) return TEL.test(url) ? { ok: true, url } : refuse('is not a valid tel: phone number');
  return refuse(`uses ${scheme}: which is not allowed here`);
}
