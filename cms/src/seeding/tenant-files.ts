import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading the seed files of tenants/ (docs/content-model.md, "Seed files"). Pure file and string
 * work, no Strapi: merge shared and carrier content, fill placeholders, inline logos.
 */

export type CarrierFile = Record<string, unknown> & { code: string; supportedLocales?: string[]; theme?: Record<string, unknown> };

export type TitleText = { title?: string; text?: string };
export type LocaleContent = {
  landing?: Record<string, unknown>;
  faqCategories?: { slug: string; title?: string; order?: number }[];
  faqs?: { category: string; question: string; answer?: string; order?: number }[];
  helpGuides?: { slug: string; title?: string; intro?: string; kind?: string; steps?: TitleText[] }[];
  legal?: { slug: string; title?: string; body?: string }[];
  contactReasons?: { reasonId: number; title?: string; order?: number }[];
  uiTexts?: Record<string, string> | { key: string; value: string }[];
  /** Customer messages (ADR 092): their `{{…}}` are filled when a message is sent, never by the seeder. */
  messageTemplates?: { kind: string; subject?: string; emailBody?: string; smsText?: string }[];
};

const readJson = <T>(file: string): T => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
};

/** Carrier folders: every sub-folder holding a carrier.json, except `_`-prefixed ones (`_shared`). */
export function carrierFolders(tenantsDir: string): string[] {
  if (!fs.existsSync(tenantsDir)) return [];
  return fs
    .readdirSync(tenantsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
    .map((d) => path.join(tenantsDir, d.name))
    .filter((dir) => fs.existsSync(path.join(dir, 'carrier.json')))
    .sort();
}

export const readCarrierFile = (folder: string): CarrierFile => {
  const carrier = readJson<CarrierFile>(path.join(folder, 'carrier.json'));
  if (!carrier || typeof carrier.code !== 'string') throw new Error(`${folder}/carrier.json has no "code"`);
  return carrier;
};

/** `_shared/content.<locale>.json` with the carrier's own file on top: its top-level keys replace shared ones. */
export function readLocaleContent(tenantsDir: string, folder: string, locale: string): LocaleContent | null {
  const sharedFile = path.join(tenantsDir, '_shared', `content.${locale}.json`);
  const ownFile = path.join(folder, `content.${locale}.json`);
  const shared = fs.existsSync(sharedFile) ? readJson<LocaleContent>(sharedFile) : null;
  const own = fs.existsSync(ownFile) ? readJson<LocaleContent>(ownFile) : null;
  if (!shared && !own) return null;
  return { ...(shared ?? {}), ...(own ?? {}) };
}

/**
 * Money for copy, in the same style as the web app's formatter (app/lib/money.ts): the carrier's
 * country decides — GB £59.00, AU/US/CA $99.00 in their own English, DE 99 € (no decimals, symbol
 * after) whatever the copy's language.
 */
const COUNTRY_NUMBER_LOCALE: Record<string, string> = { GB: 'en-GB', DE: 'de-DE', AU: 'en-AU', US: 'en-US', CA: 'en-CA' };

export function formatMoney(minorUnits: number, currency: string, countryCode: string): string {
  const german = countryCode === 'DE';
  return new Intl.NumberFormat(COUNTRY_NUMBER_LOCALE[countryCode] ?? 'en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: german ? 0 : 2,
    maximumFractionDigits: german ? 0 : 2,
  })
    .format(minorUnits / 100)
    .replace(/\u00a0/g, ' ');
}

const MONEY_FIELDS = ['callOutCharge', 'warrantyRepairCharge'];

/** The values of `{{…}}` placeholders for one carrier: its scalar fields, money formatted. */
export function placeholderValues(carrier: CarrierFile): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(carrier)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = String(value);
  }
  for (const key of MONEY_FIELDS) {
    const minor = carrier[key];
    if (typeof minor === 'number' && typeof carrier.currency === 'string') {
      values[key] = formatMoney(minor, carrier.currency, String(carrier.countryCode));
    }
  }
  return values;
}

/** Fills `{{name}}` placeholders in every string of a JSON value; unknown ones are reported and kept. */
export function fillPlaceholders<T>(value: T, values: Record<string, string>, unknown: Set<string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (match, name: string) => {
      if (name in values) return values[name];
      unknown.add(name);
      return match;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, values, unknown)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, values, unknown)])) as T;
  }
  return value;
}

const LOGO_FIELDS = ['logoUrl', 'landingPageLogoUrl'];
const MIME: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/** An image given as `./file.svg` becomes a data: URI of that file in the carrier's folder; anything else stays as it is. */
function inlineImage(value: unknown, folder: string, field: string): unknown {
  if (typeof value !== 'string' || !value.startsWith('./')) return value;
  const file = path.resolve(folder, value);
  if (!file.startsWith(path.resolve(folder) + path.sep)) throw new Error(`${field} points outside the carrier folder: ${value}`);
  const mime = MIME[path.extname(file).toLowerCase()];
  if (!mime) throw new Error(`${field}: unsupported image type ${value}`);
  return `data:${mime};base64,${fs.readFileSync(file).toString('base64')}`;
}

/** A theme logo given as `./file.svg` becomes a data: URI of that file in the carrier's folder. */
export function inlineLogos(theme: Record<string, unknown> | undefined, folder: string): Record<string, unknown> | undefined {
  if (!theme) return theme;
  const result = { ...theme };
  for (const field of LOGO_FIELDS) if (field in result) result[field] = inlineImage(result[field], folder, `theme.${field}`);
  return result;
}

/** The site icons' `./file.svg` addresses inlined as the logos' are (ADR 277). */
export function inlineIcons(icons: unknown, folder: string): unknown {
  if (!Array.isArray(icons)) return icons;
  return icons.map((icon: Record<string, unknown>, index) => ({ ...icon, url: inlineImage(icon.url, folder, `icons[${index}].url`) }));
}
