/** The URL policy of ADR 058; see url.js. */
export interface UrlRules {
  /** Site-relative paths starting with a single `/`. */
  relative?: boolean;
  /** Base64 image data URIs (image fields only: an <img> never runs script). */
  dataImage?: boolean;
  mailto?: boolean;
  tel?: boolean;
  /** Production refuses plain http to anything but loopback hosts. Default: NODE_ENV === "production" (never in a browser). */
  production?: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Where each kind of field may point. */
export declare const URL_RULES: {
  /** Links, redirects and scripts to another site: support picker, live chat, landing redirect, website. */
  readonly web: Record<never, never>;
  /** Images: logos and carousel pictures. */
  readonly image: { readonly relative: true; readonly dataImage: true };
};

export declare function isLoopbackHost(hostname: string): boolean;
/** Checks one URL against the rules; the accepted URL is the input without surrounding spaces. */
export declare function checkUrl(input: unknown, rules?: UrlRules): UrlCheck;
/** The URL when it passes the rules, otherwise null. */
export declare function safeUrl(input: unknown, rules?: UrlRules): string | null;
/** A redirect to a CMS-provided address: a web address only, never a script or data. */
export declare function safeRedirectTarget(input: unknown): string | null;
/** `mailto:` for an e-mail address, or null when it is not one. */
export declare function mailtoHref(email: string | null | undefined): string | null;
/** `tel:` of a phone number's digits and leading +, or null when too few remain. */
export declare function telHref(phone: string | null | undefined): string | null;
