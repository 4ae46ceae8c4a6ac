import { createHash } from "node:crypto";
import type { BrowserWidgets } from "~/booking.server";
/**
 * The Content-Security-Policy (ADR 050): scripts and the theme style run by per-request nonce, and
 * each page allows exactly the third parties it loads. Kept pure so the policy per page is tested
 * without a browser.
 */
export type ThirdParty = "braintree" | "paypal" | "klarna" | "recaptcha" | "tiles" | "liveChat" | "mailImages";

type Directive = "script-src" | "style-src" | "img-src" | "connect-src" | "frame-src" | "font-src";
type Sources = Partial<Record<Directive, string[]>>;

/** What each provider's browser SDK loads, from the providers' CSP guides. */
const THIRD_PARTY_SOURCES: Record<Exclude<ThirdParty, "tiles" | "liveChat">, Sources> = {
  // The development outbox page (ADR 090) shows e-mails as sent: their pictures may come from any
  // web address (the carrier's logo on the CMS). Its sandboxed srcdoc frames inherit this policy,
  // so e-mail HTML still runs no script and loads nothing else.
  mailImages: { "img-src": ["https:", "http:"] },
  // Drop-in, its stylesheet and card frames; 3-D Secure runs through Cardinal Commerce.
  braintree: {
    "script-src": ["https://js.braintreegateway.com", "https://assets.braintreegateway.com", "https://songbird.cardinalcommerce.com", "https://songbirdstag.cardinalcommerce.com"],
    "style-src": ["https://assets.braintreegateway.com"],
    "img-src": ["https://assets.braintreegateway.com"],
    "connect-src": [
      "https://api.braintreegateway.com",
      "https://api.sandbox.braintreegateway.com",
      "https://client-analytics.braintreegateway.com",
      "https://client-analytics.sandbox.braintreegateway.com",
      "https://*.braintree-api.com",
      "https://*.cardinalcommerce.com",
    ],
    "frame-src": ["https://assets.braintreegateway.com", "https://*.cardinalcommerce.com"],
  },
  paypal: {
    "script-src": ["https://*.paypal.com", "https://www.paypalobjects.com"],
    "img-src": ["https://*.paypal.com", "https://www.paypalobjects.com"],
    "connect-src": ["https://*.paypal.com"],
    "frame-src": ["https://*.paypal.com"],
  },
  klarna: {
    "script-src": ["https://x.klarnacdn.net", "https://*.klarnacdn.net"],
    "img-src": ["https://*.klarnacdn.net"],
    "connect-src": ["https://*.klarna.com", "https://*.klarnacdn.net", "https://*.klarnaservices.com"],
    "frame-src": ["https://*.klarna.com", "https://*.klarnacdn.net"],
  },
  recaptcha: {
    "script-src": ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
    "connect-src": ["https://www.google.com/recaptcha/"],
    "frame-src": ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
  },
};

export interface CspSettings {
  /** What the engine's configured adapters load in the browser (booking/config.ts `browserWidgets`). */
  widgets: BrowserWidgets;
  /** TILE_URL_TEMPLATE; only its origin is allowed. */
  tileUrlTemplate?: string | null;
}

const PAYMENT_PAGE = /^\/booking\/payment(\/|$)/;
const CONTACT_PAGE = /^\/contact(\/|$)/;
const TRACKING_PAGE = /^\/my\/technician\//;
const OUTBOX_PAGE = /^\/dev\/outbox(\/|$)/;

/** The third parties a page loads: the payment step, the contact form, technician tracking, the outbox page's e-mails. */
export function thirdPartiesFor(pathname: string, settings: CspSettings): ThirdParty[] {
  const parties: ThirdParty[] = [];
  if (PAYMENT_PAGE.test(pathname)) {
    if (settings.widgets.cardDropIn) parties.push(settings.widgets.cardDropIn, "paypal");
    if (settings.widgets.payLaterWidget) parties.push(settings.widgets.payLaterWidget);
  }
  if (CONTACT_PAGE.test(pathname) && settings.widgets.captchaWidget) parties.push(settings.widgets.captchaWidget);
  if (TRACKING_PAGE.test(pathname) && originOf(settings.tileUrlTemplate)) parties.push("tiles");
  if (OUTBOX_PAGE.test(pathname)) parties.push("mailImages");
  return parties;
}

/** The http(s) origin of a URL or URL template, or null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.replace(/\{[a-z]\}/gi, "0"));
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface CspInput {
  nonce: string;
  /**
   * A page served from the render cache (ADR 073) carries no nonce in its HTML: its inline scripts
   * and style are allowed by their SHA-256 hashes ('sha256-…', from `inlineHashes`).
   */
  hashes?: { scripts: readonly string[]; styles: readonly string[] };
  parties?: readonly ThirdParty[];
  tileOrigin?: string | null;
  liveChatOrigin?: string | null;
  reportUri?: string;
  /** Vite's dev server injects styles and talks HMR over a websocket. */
  development?: boolean;
}

export const CSP_REPORT_PATH = "/api/csp-report";

export function buildCsp(input: CspInput): string {
  const parties = new Set(input.parties ?? []);
  const directives: Record<Directive, string[]> = {
    "script-src": input.development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${input.nonce}'`, ...(input.hashes?.scripts ?? [])],
    "style-src": input.development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${input.nonce}'`, ...(input.hashes?.styles ?? [])],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": input.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "frame-src": ["'self'"],
  };
  const add = (sources: Sources) => {
    for (const [directive, values] of Object.entries(sources) as [Directive, string[]][]) {
      for (const value of values) if (!directives[directive].includes(value)) directives[directive].push(value);
    }
  };
  for (const party of parties) {
    if (party === "tiles") {
      if (input.tileOrigin) add({ "img-src": [input.tileOrigin] });
    } else if (party === "liveChat") {
      if (input.liveChatOrigin)
        add({
          "script-src": [input.liveChatOrigin],
          "connect-src": [input.liveChatOrigin],
          "frame-src": [input.liveChatOrigin],
          "img-src": [input.liveChatOrigin],
          "style-src": [input.liveChatOrigin],
        });
    } else {
      add(THIRD_PARTY_SOURCES[party]);
    }
  }
  const reportUri = input.reportUri ?? CSP_REPORT_PATH;
  return [
    "default-src 'self'",
    ...Object.entries(directives).map(([directive, values]) => `${directive} ${values.join(" ")}`),
    // React renders style attributes (carousel widths, colour swatches); they cannot run script.
    "style-src-attr 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    // report-uri only: with report-to, Chromium ignores report-uri and batches reports through the
    // Reporting API, which delivered none in our tests (ADR 050).
    `report-uri ${reportUri}`,
  ].join("; ");
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * The CSP sources ('sha256-…') of every inline script and style element of a finished HTML page,
 * each once, in order. The browser hashes the element's text as UTF-8, which is what is hashed here.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hashAll = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => `'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`))];
  return { scripts: hashAll(INLINE_SCRIPT), styles: hashAll(INLINE_STYLE) };
}
