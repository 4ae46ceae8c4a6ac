import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { cloneData } from './clone-source';
import { CARRIER_CODE_PATTERN, CARRIER_UID, LOCALIZED_UIDS } from '../lib/content-model';
import { EDIT_VIEWS } from '../edit-views/edit-view-specs';
import {
  colourProblems,
  defaultLocaleProblems,
  domainFormatProblems,
  domainProblems,
  insecureLinkProblems,
  localeProblems,
  placeholderProblems,
  referrerMakesProblems,
  supportedLocaleProblems,
  textsOf,
} from './safe-edits';

import { MESSAGE_TEMPLATE_UID, messageTemplateProblems } from '../messages/message-templates';
import { uiTextPlaceholders } from './ui-text-defaults';
import { checkUrl, isLoopbackHost, URL_RULES, type UrlRules } from '@repair/rules/url';

type Problem = { path: string[]; message: string };

const LANDING_UID = 'api::landing-page.landing-page';
const UI_TEXT_UID = 'api::ui-text.ui-text';
const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** Carrier fields holding an address the site links to, redirects to or loads a script from (ADR 058). */
const CARRIER_WEB_FIELDS: Record<string, string> = {
  web: 'Website',
  externalLandingRedirectUrl: 'External landing redirect URL',
  externalSupportPickerUrl: 'External support picker URL',
  liveChatUrl: 'Live chat URL',
};
const THEME_IMAGE_FIELDS: Record<string, string> = { logoUrl: 'Logo URL', landingPageLogoUrl: 'Landing page logo URL' };

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…"` : text;
};

function urlProblem(path: string[], label: string, value: unknown, rules: UrlRules): Problem | null {
  if (value == null || value === '') return null;
  const check = checkUrl(value, rules);
  if (!('reason' in check)) return null;
  const expected = rules.relative ? 'a web address starting with https:// or a path on this site starting with /' : 'a web address starting with https://';
  return {
    path,
    message: `${label} must be ${expected}; script and data addresses are not allowed. This one ${check.reason} (got ${shown(value)}).`,
  };
}

/** Unsafe addresses in a carrier's fields and theme; only the fields present are checked. */
export function carrierUrlProblems(data: Record<string, unknown>): Problem[] {
  const problems: (Problem | null)[] = Object.entries(CARRIER_WEB_FIELDS).map(([field, label]) => (field in data ? urlProblem([field], label, data[field], URL_RULES.web) : null));
  const theme = data.theme;
  if (theme && typeof theme === 'object') {
    for (const [field, label] of Object.entries(THEME_IMAGE_FIELDS)) {
      problems.push(urlProblem(['theme', field], label, (theme as Record<string, unknown>)[field], URL_RULES.image));
    }
  }
  // Site icons are images, held to the logos' policy (ADR 277): https or a path here, never a script.
  if (Array.isArray(data.icons)) {
    data.icons.forEach((icon, index) => {
      if (icon && typeof icon === 'object')
        problems.push(urlProblem(['icons', String(index), 'url'], `Site icon ${index + 1} image address`, (icon as Record<string, unknown>).url, URL_RULES.image));
    });
  }
  if (typeof data.email === 'string' && data.email.trim() && !EMAIL.test(data.email.trim())) {
    problems.push({ path: ['email'], message: `E-mail must be a plain e-mail address such as help@brand.example (got ${shown(data.email)}).` });
  }
  return problems.filter((problem): problem is Problem => problem !== null);
}

/** Unsafe picture addresses in a landing page's carousels. */
export function landingPageUrlProblems(data: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  for (const list of ['popularSmartphones', 'popularTablets']) {
    const items = data[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      if (!item || typeof item !== 'object') return;
      const problem = urlProblem([list, String(index), 'imagePath'], `${list}[${index}] image path`, (item as Record<string, unknown>).imagePath, URL_RULES.image);
      if (problem) problems.push(problem);
    });
  }
  return problems;
}

export function carrierProblems(data: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  if ('code' in data) {
    const { code } = data;
    if (typeof code !== 'string' || !CARRIER_CODE_PATTERN.test(code)) {
      problems.push({
        path: ['code'],
        message: `code must be lower-case letters, digits and hyphens, starting with a letter or digit (got ${JSON.stringify(code)})`,
      });
    }
  }
  if ('domains' in data) problems.push(...domainFormatProblems(data.domains));
  if ('referrerMakes' in data && data.referrerMakes != null) problems.push(...referrerMakesProblems(data.referrerMakes));
  if ('supportedLocales' in data) problems.push(...supportedLocaleProblems(data.supportedLocales));
  return problems;
}

/** Web links of a carrier must be https even outside production (loopback hosts aside, for local runs). */
export function carrierHttpsProblems(data: Record<string, unknown>): Problem[] {
  return Object.entries(CARRIER_WEB_FIELDS).flatMap(([field, label]) => {
    const value = data[field];
    if (typeof value !== 'string' || !/^http:\/\//i.test(value.trim())) return [];
    try {
      if (isLoopbackHost(new URL(value.trim()).hostname)) return [];
    } catch {
      return [];
    }
    return [{ path: [field], message: `${label} must start with https:// (not http://), e.g. ${value.trim().replace(/^http:/i, 'https:')}.` }];
  });
}

const labelsOf = (uid: string): Record<string, string> =>
  Object.fromEntries((EDIT_VIEWS[uid]?.sections ?? []).flatMap((s) => Object.entries(s.fields).map(([name, view]) => [name, view.label])));

type CarrierRow = { code: string; documentId: string; domains?: unknown; supportedLocales?: unknown };

/** What the carrier's save would break on the site: a domain of another carrier, colours, languages, links. */
async function carrierSafeEditProblems(strapi: Core.Strapi, data: Record<string, unknown>, documentId?: string): Promise<Problem[]> {
  const problems: Problem[] = [...carrierHttpsProblems(data), ...defaultLocaleProblems(data.defaultLocale, data.supportedLocales)];
  if (data.theme && typeof data.theme === 'object') problems.push(...colourProblems(data.theme as Record<string, unknown>));
  // Repair by post needs the address customers post their devices to (ADR 140).
  if (data.offersMailIn === true && 'mailInAddress' in data && !(typeof data.mailInAddress === 'string' && data.mailInAddress.trim())) {
    problems.push({ path: ['mailInAddress'], message: 'Postal address for devices: please enter the address customers post their devices to, or switch off Repair by post.' });
  }
  if (Array.isArray(data.domains)) {
    const carriers = (await strapi.db.query(CARRIER_UID as never).findMany({ select: ['code', 'documentId', 'domains'] } as never)) as CarrierRow[];
    const taken = new Map<string, string>();
    for (const carrier of carriers) {
      if (carrier.documentId === documentId || (typeof data.code === 'string' && carrier.code === data.code)) continue;
      if (Array.isArray(carrier.domains)) for (const d of carrier.domains) if (typeof d === 'string') taken.set(d.toLowerCase(), carrier.code);
    }
    problems.push(...domainProblems(data.domains, taken));
  }
  return problems;
}

/** What a localized entry's save would break: a language the carrier does not offer, unknown placeholders, http links. */
async function contentSafeEditProblems(strapi: Core.Strapi, uid: string, params: { documentId?: string; locale?: string; data?: Record<string, unknown> }): Promise<Problem[]> {
  const data = params.data ?? {};
  // The field that decides which placeholders a text may use: a UI text's key, a message's kind.
  const keyField = uid === UI_TEXT_UID ? 'key' : uid === MESSAGE_TEMPLATE_UID ? 'kind' : null;
  const needsExisting = params.documentId && (!('carrierCode' in data) || (keyField !== null && !(keyField in data)));
  const existing = needsExisting
    ? ((await strapi.db.query(uid as never).findOne({ where: { documentId: params.documentId }, select: ['carrierCode', ...(keyField ? [keyField] : [])] } as never)) as Record<
        string,
        unknown
      > | null)
    : null;
  const carrierCode = (data.carrierCode ?? existing?.carrierCode) as string | undefined;
  const problems: Problem[] = [];
  if (typeof carrierCode === 'string' && params.locale) {
    const carrier = (await strapi.db.query(CARRIER_UID as never).findOne({ where: { code: carrierCode }, select: ['code', 'supportedLocales'] } as never)) as CarrierRow | null;
    if (carrier) problems.push(...localeProblems(params.locale, carrierCode, carrier.supportedLocales));
  }
  const labels = labelsOf(uid);
  if (uid === UI_TEXT_UID) {
    const known = uiTextPlaceholders(strapi.dirs.app.root);
    const key = (data.key ?? existing?.key) as string | undefined;
    if (known && typeof key === 'string') problems.push(...placeholderProblems(['value'], labels.value ?? 'value', data.value, known.get(key) ?? []));
    problems.push(...insecureLinkProblems(['value'], labels.value ?? 'value', data.value));
    return problems;
  }
  if (uid === MESSAGE_TEMPLATE_UID) {
    problems.push(...messageTemplateProblems(data, data.kind ?? existing?.kind, labels));
    return problems;
  }
  for (const { path, label, text } of textsOf(data, labels)) {
    problems.push(...placeholderProblems(path, label, text), ...insecureLinkProblems(path, label, text));
  }
  return problems;
}

function assertValid(problems: Problem[]): void {
  if (problems.length === 0) return;
  throw new errors.ValidationError(problems.map((p) => p.message).join('; '), {
    errors: problems.map((p) => ({ path: p.path, message: p.message, name: 'ValidationError', value: undefined })),
  });
}

/**
 * Document middleware: rejects a malformed carrier code, domain list, carrierCode, an unsafe URL
 * (ADR 058) or an edit that would break the site (ADR 087) with a 400 (ValidationError) before anything reaches the database, for the REST API, the
 * admin and seeding alike. The admin shows the message to the editor.
 */
export function registerCarrierValidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (!['create', 'update', 'clone'].includes(ctx.action)) return next();
    const given = ctx.params as { documentId?: string; locale?: string; data?: Record<string, unknown> };
    // A clone is checked as the new entry it makes: the source with the overrides, like a create.
    const params = ctx.action === 'clone' ? { ...given, documentId: undefined, data: await cloneData(strapi, ctx.uid, given) } : given;
    const data = (params.data ?? {}) as Record<string, unknown>;
    if (ctx.uid === CARRIER_UID) {
      assertValid([...carrierProblems(data), ...carrierUrlProblems(data)]);
      assertValid(await carrierSafeEditProblems(strapi, data, params.documentId));
    } else if (ctx.uid === LANDING_UID) {
      assertValid(landingPageUrlProblems(data));
    }
    if ((LOCALIZED_UIDS as readonly string[]).includes(ctx.uid)) {
      assertValid(await contentSafeEditProblems(strapi, ctx.uid, params));
    }
    if (ctx.uid !== CARRIER_UID && (LOCALIZED_UIDS as readonly string[]).includes(ctx.uid) && 'carrierCode' in data) {
      const { carrierCode } = data;
      if (typeof carrierCode !== 'string' || !CARRIER_CODE_PATTERN.test(carrierCode)) {
        assertValid([{ path: ['carrierCode'], message: `carrierCode must be a carrier code (got ${JSON.stringify(carrierCode)})` }]);
      }
    }
    return next();
  });
}
