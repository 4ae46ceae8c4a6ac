/**
 * Edits that would break a carrier's site, refused on save with a message in plain words (ADR 087).
 * Pure functions, no Strapi: carrier-validation.ts calls them with what it looked up.
 */

export type Problem = { path: string[]; message: string };

// ---------- colour contrast (the same computation as tenants/check.mjs) ----------

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of a #rrggbb colour (WCAG 2.x). */
export function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Pairs used for text need 4.5:1 (WCAG AA); the accent (focus rings, icons) needs 3:1 as non-text UI. */
const PAIRS: { fg: string; bg: string; min: number }[] = [
  { fg: 'primaryContrastColor', bg: 'primaryColor', min: 4.5 },
  { fg: 'textColor', bg: 'backgroundColor', min: 4.5 },
  { fg: 'textColor', bg: 'surfaceColor', min: 4.5 },
  { fg: 'primaryColor', bg: 'backgroundColor', min: 4.5 },
  { fg: 'primaryColor', bg: 'surfaceColor', min: 4.5 },
  { fg: 'accentColor', bg: 'backgroundColor', min: 3 },
  { fg: 'accentColor', bg: 'surfaceColor', min: 3 },
];

const COLOUR_NAMES: Record<string, string> = {
  primaryColor: 'main colour',
  primaryContrastColor: 'text on main colour',
  accentColor: 'accent colour',
  backgroundColor: 'page background',
  surfaceColor: 'card background',
  textColor: 'text colour',
};

export function colourProblems(theme: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const field of Object.keys(COLOUR_NAMES)) {
    const value = theme[field];
    if (value != null && value !== '' && (typeof value !== 'string' || !HEX.test(value))) {
      problems.push({ path: ['theme', field], message: `The ${COLOUR_NAMES[field]} must be a colour like #0a5cd5 (got ${JSON.stringify(value)}).` });
    }
  }
  for (const { fg, bg, min } of PAIRS) {
    const [a, b] = [theme[fg], theme[bg]];
    if (typeof a !== 'string' || typeof b !== 'string' || !HEX.test(a) || !HEX.test(b)) continue;
    const ratio = contrastRatio(a, b);
    if (ratio >= min) continue;
    problems.push({
      path: ['theme', fg],
      message: `The ${COLOUR_NAMES[fg]} ${a} on the ${COLOUR_NAMES[bg]} ${b} is too hard to read: contrast ${ratio.toFixed(2)}:1, at least ${min}:1 is needed (WCAG AA). Choose a darker or lighter colour.`,
    });
  }
  return problems;
}

// ---------- placeholders ----------

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const placeholdersIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);

/**
 * A `{{name}}` the site does not fill in would show as is. `allowed` are the placeholders the
 * standard text of a UI text has; content texts (FAQ, landing, legal…) have none: the seed filled
 * them in with the carrier's values.
 */
export function placeholderProblems(path: string[], label: string, text: unknown, allowed: readonly string[] = [], filledBy = 'the site'): Problem[] {
  if (typeof text !== 'string') return [];
  const unknown = [...new Set(placeholdersIn(text))].filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return [];
  const listed = unknown.map((name) => `{{${name}}}`).join(', ');
  const hint = allowed.length
    ? `Only ${allowed.map((name) => `{{${name}}}`).join(', ')} can be used here.`
    : 'Write the value itself instead, e.g. the phone number rather than {{phone}}.';
  return [{ path, message: `${label} contains ${listed}, which ${filledBy} does not fill in. ${hint}` }];
}

// ---------- links inside texts ----------

const HTTP_LINK = /\bhttp:\/\/([^\s/?#)"'<>]+)[^\s)"'<>]*/gi;
const LOOPBACK = /^(localhost|[^.]+\.localhost|127\.0\.0\.1)(:\d+)?$/i;

/** A plain-http link in a text: the site is https only, and browsers warn on such links. */
export function insecureLinkProblems(path: string[], label: string, text: unknown): Problem[] {
  if (typeof text !== 'string') return [];
  const links = [...text.matchAll(HTTP_LINK)].filter((m) => !LOOPBACK.test(m[1])).map((m) => m[0]);
  if (links.length === 0) return [];
  return [{ path, message: `${label} links to ${links.join(', ')}. Links must start with https:// (not http://).` }];
}

/** Every string of an entry (recursing into components), with its path and a readable label. */
export function textsOf(data: Record<string, unknown>, labels: Record<string, string> = {}): { path: string[]; label: string; text: string }[] {
  const out: { path: string[]; label: string; text: string }[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      const field = path[0];
      const label = labels[field] ?? field;
      const index = path.find((p) => /^\d+$/.test(p));
      out.push({ path, label: index === undefined ? label : `${label} (item ${Number(index) + 1})`, text: value });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, String(i)]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!['id', '__component', 'documentId'].includes(k)) walk(v, [...path, k]);
  };
  for (const [key, value] of Object.entries(data)) if (key !== 'carrierCode' && key !== 'locale') walk(value, [key]);
  return out;
}

// ---------- domains and locales ----------

/** A lower-case host name without port: labels of a-z, 0-9 and inner hyphens, dot-separated. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The languages a carrier's site can offer (the app's locales). */
export const SITE_LOCALES = ['en', 'de'] as const;

/** A carrier's `domains`: a list of host names (the admin's tag control shows each message under its tag). */
export function domainFormatProblems(domains: unknown): Problem[] {
  if (domains == null) return [];
  if (!Array.isArray(domains)) return [{ path: ['domains'], message: 'domains must be an array of host names, e.g. ["fixly.example.com"]' }];
  return domains.flatMap((domain, index) =>
    typeof domain === 'string' && HOST_NAME.test(domain)
      ? []
      : [{ path: ['domains', String(index)], message: `domains[${index}] must be a lower-case host name without scheme, port or path (got ${JSON.stringify(domain)})` }],
  );
}

/** A carrier's `supportedLocales`: a list of the site's languages. */
export function supportedLocaleProblems(value: unknown): Problem[] {
  if (value == null) return [];
  if (Array.isArray(value) && value.every((l) => (SITE_LOCALES as readonly unknown[]).includes(l))) return [];
  return [{ path: ['supportedLocales'], message: `supportedLocales must be an array with values from ${SITE_LOCALES.join(', ')}` }];
}

/** Domains this carrier wants that another carrier already answers on. */
export function domainProblems(domains: unknown, taken: ReadonlyMap<string, string>): Problem[] {
  if (!Array.isArray(domains)) return [];
  const problems: Problem[] = [];
  domains.forEach((domain, index) => {
    if (typeof domain !== 'string') return;
    const owner = taken.get(domain.toLowerCase());
    if (owner) {
      problems.push({
        path: ['domains', String(index)],
        message: `The domain ${domain} is already used by carrier "${owner}". A domain can belong to one carrier only; remove it there first.`,
      });
    }
  });
  return problems;
}

const LANGUAGE: Record<string, string> = { en: 'English (en)', de: 'German (de)' };
const language = (code: string) => LANGUAGE[code] ?? code;

/** A text in a language the carrier's site does not offer would never be shown. */
export function localeProblems(locale: unknown, carrierCode: string, supportedLocales: unknown): Problem[] {
  if (typeof locale !== 'string' || !Array.isArray(supportedLocales) || supportedLocales.length === 0) return [];
  if (supportedLocales.includes(locale)) return [];
  return [
    {
      path: ['locale'],
      message: `The site of carrier "${carrierCode}" is not offered in ${language(locale)}; it offers ${supportedLocales.map((l) => language(String(l))).join(', ')}. Add the language to the carrier's supported languages first.`,
    },
  ];
}

/** The default language must be one the carrier offers. */
export function defaultLocaleProblems(defaultLocale: unknown, supportedLocales: unknown): Problem[] {
  if (typeof defaultLocale !== 'string' || !Array.isArray(supportedLocales) || supportedLocales.length === 0) return [];
  if (supportedLocales.includes(defaultLocale)) return [];
  return [
    {
      path: ['defaultLocale'],
      message: `The default language ${language(defaultLocale)} is not among the supported languages (${supportedLocales.map((l) => language(String(l))).join(', ')}).`,
    },
  ];
}

// ---------- the brand of a referrer (ADR 135) ----------

/** A referrer code (ADR 135): the same short token the site reads from a landing URL's `?referrer=`. */
const REFERRER_CODE = /^[A-Za-z0-9._~-]{1,64}$/;

/** `referrerMakes`: `{ "<referrer code>": <make catalogue id> }`, e.g. `{ "samsung": 1 }` (ADR 135). */
export function referrerMakesProblems(value: unknown): Problem[] {
  const example = 'e.g. { "samsung": 1 }';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path: ['referrerMakes'], message: `referrerMakes must be an object of referrer code to brand catalogue id, ${example}` }];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([code, makeId]) => {
    const problems: Problem[] = [];
    if (!REFERRER_CODE.test(code)) {
      problems.push({
        path: ['referrerMakes', code],
        message: `referrerMakes: the referrer code ${JSON.stringify(code)} must be 1 to 64 letters, digits, dots, hyphens, underscores or tildes`,
      });
    }
    if (typeof makeId !== 'number' || !Number.isInteger(makeId) || makeId < 1) {
      problems.push({ path: ['referrerMakes', code], message: `referrerMakes: the brand of ${JSON.stringify(code)} must be a catalogue id (a whole number from 1), ${example}` });
    }
    return problems;
  });
}
