import { createContentInvalidationBus, isOperationsModel, routeChange, type ContentInvalidation, type ContentInvalidationBus } from "~/booking.server";
import { env } from "~/env.server";
import { ContentCache } from "./cache";
import { isPreviewing } from "./preview.server";
import { fetchCollection, type Query } from "./strapi.server";
import { listStaffAccounts } from "./staff.server";
import {
  carrierSchema,
  contactReasonSchema,
  faqCategorySchema,
  faqItemSchema,
  helpGuideSchema,
  landingPageSchema,
  legalPageSchema,
  parseEntries,
  uiTextSchema,
  type Carrier,
  type ContactReason,
  type FaqCategory,
  type FaqItem,
  type HelpGuide,
  type LandingPage,
  type LegalPage,
  type Locale,
} from "./schemas";
import type { z } from "zod";
import { dropRenderedPages } from "~/lib/http/rendered-pages";
import { logger } from "~/lib/observability/logger.server";
import { countCmsCache, countCmsError } from "~/lib/observability/metrics.server";
import { onShutdown, survivesDevReload } from "~/lib/process.server";

let cache: ContentCache | undefined;

function contentCache(): ContentCache {
  if (!cache) {
    const ttlMs = env().CONTENT_TTL_SECONDS * 1000;
    cache = new ContentCache({
      ttlMs,
      maxStaleMs: 24 * 60 * 60 * 1000,
      maxEntries: 5_000,
      onRefreshError: (key, error) => logger().warn({ key, err: error }, "[content] serving the last good content"),
      onRead: countCmsCache,
      onLoadError: countCmsError,
    });
  }
  return cache;
}

const CARRIERS_TAG = "carriers";
const carrierTag = (code: string) => `carrier:${code}`;

function reportInvalid(collection: string) {
  return (issue: string) => console.warn(`[content] ignored an invalid ${collection} entry: ${issue}`);
}

async function load<T>(collection: string, schema: z.ZodType<T>, query: Query): Promise<T[]> {
  return parseEntries(schema, await fetchCollection(collection, query), reportInvalid(collection));
}

/** A preview of this carrier (ADR 086) reads its drafts; UI texts pass drafts=false (they feed cached i18n instances). */
function byCarrier(code: string, locale: Locale, drafts = isPreviewing(code)): Query {
  return { "filters[carrierCode][$eq]": code, locale, ...(drafts ? { status: "draft" } : {}) };
}

/** Every published carrier; the tenant list the Host header is resolved against. */
export function getCarriers(): Promise<Carrier[]> {
  return contentCache().get("carriers", [CARRIERS_TAG], () => load("carriers", carrierSchema, { "populate[theme]": "true", sort: "code:asc" }));
}

/**
 * Cached per carrier and locale. When a locale has nothing for this carrier, the carrier's
 * default locale is used, so a half-translated carrier still renders.
 */
function perCarrier<T>(name: string, carrier: Carrier, locale: Locale, fetch: (locale: Locale) => Promise<T[]>): Promise<T[]> {
  const key = `${name}:${carrier.code}:${locale}`;
  const read = async () => {
    const entries = await fetch(locale);
    if (entries.length > 0 || locale === carrier.defaultLocale) return entries;
    return fetch(carrier.defaultLocale);
  };
  // Drafts are read for the one preview request, never cached.
  return isPreviewing(carrier.code) ? read() : contentCache().get(key, [carrierTag(carrier.code)], read);
}

export async function getLandingPage(carrier: Carrier, locale: Locale): Promise<LandingPage | null> {
  const pages = await perCarrier("landing", carrier, locale, (lng) =>
    load("landing-pages", landingPageSchema, {
      ...byCarrier(carrier.code, lng),
      "populate[sellingPoints]": "true",
      "populate[steps]": "true",
      "populate[popularSmartphones][populate][0]": "image",
      "populate[popularTablets][populate][0]": "image",
    }),
  );
  return pages[0] ?? null;
}

export async function getFaqs(carrier: Carrier, locale: Locale): Promise<{ categories: FaqCategory[]; items: FaqItem[] }> {
  const [categories, items] = await Promise.all([
    perCarrier("faq-categories", carrier, locale, (lng) => load("faq-categories", faqCategorySchema, { ...byCarrier(carrier.code, lng), sort: "order:asc" })),
    perCarrier("faq-items", carrier, locale, (lng) => load("faq-items", faqItemSchema, { ...byCarrier(carrier.code, lng), sort: "order:asc" })),
  ]);
  return { categories, items };
}

export function getHelpGuides(carrier: Carrier, locale: Locale): Promise<HelpGuide[]> {
  return perCarrier("help-guides", carrier, locale, (lng) => load("help-guides", helpGuideSchema, { ...byCarrier(carrier.code, lng), "populate[steps]": "true" }));
}

export async function getLegalPage(carrier: Carrier, locale: Locale, slug: LegalPage["slug"]): Promise<LegalPage | null> {
  const pages = await perCarrier("legal-pages", carrier, locale, (lng) => load("legal-pages", legalPageSchema, byCarrier(carrier.code, lng)));
  return pages.find((page) => page.slug === slug) ?? null;
}

export function getContactReasons(carrier: Carrier, locale: Locale): Promise<ContactReason[]> {
  return perCarrier("contact-reasons", carrier, locale, (lng) => load("contact-reasons", contactReasonSchema, { ...byCarrier(carrier.code, lng), sort: "order:asc" }));
}

/** The contact reasons a visitor chooses from, in the CMS order: the contact page's and the partner API's list. */
export async function getContactReasonOptions(carrier: Carrier, locale: Locale): Promise<{ id: number; title: string }[]> {
  const reasons = await getContactReasons(carrier, locale);
  return [...reasons].sort((a, b) => a.order - b.order).map((reason) => ({ id: reason.reasonId, title: reason.title }));
}

/** Per-locale overrides of UI texts, as a flat key → value map. */
export async function getUiTexts(carrier: Carrier, locale: Locale): Promise<Record<string, string>> {
  const key = `ui-texts:${carrier.code}:${locale}`;
  const entries = await contentCache().get(key, [carrierTag(carrier.code)], () => load("ui-texts", uiTextSchema, byCarrier(carrier.code, locale, false)));
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
}

/**
 * Whether the carrier has staff who may log in (an account that is not disabled), so the footer
 * offers the staff log-in even without in-store bookings (ADR 133). Cached with the carrier's content
 * and dropped with it: a staff account's webhook invalidates the carrier (app/routes/api.cms-webhook.ts).
 */
export function hasStaffAccounts(carrier: Carrier): Promise<boolean> {
  return contentCache().get(`staff-accounts:${carrier.code}`, [carrierTag(carrier.code)], async () => (await listStaffAccounts(carrier.code)).some((account) => !account.disabled));
}

type InvalidationListener = (carrierCode: string | undefined) => void;
const invalidationListeners = new Set<InvalidationListener>();

/** Caches built from content (e.g. i18n instances with UI-text overrides) drop with it. */
export function onContentInvalidated(listener: InvalidationListener): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

/** Called by the signed webhook: a carrier's content, or the carrier list, changed. */
export function invalidateContent(change: ContentInvalidation): number {
  const everything = change.model === "carrier" || !change.carrierCode;
  for (const listener of invalidationListeners) listener(everything ? undefined : (change.carrierCode ?? undefined));
  // Pages rendered from this content (ADR 073), on this instance; NOTIFY brings every other here too.
  dropRenderedPages(everything ? undefined : change.carrierCode!);
  if (everything) {
    contentCache().invalidateAll();
    return contentCache().size;
  }
  return contentCache().invalidate([carrierTag(change.carrierCode!)]);
}

/**
 * A host that matches no carrier may be a carrier created a moment ago. The carrier list is
 * re-read at most once per interval for such hosts, so onboarding needs no restart even if a
 * webhook was missed.
 */
let lastMissRefresh = 0;
export async function refreshCarriersAfterMiss(minIntervalMs = 2_000): Promise<Carrier[] | null> {
  const now = Date.now();
  if (now - lastMissRefresh < minIntervalMs) return null;
  lastMissRefresh = now;
  contentCache().invalidate([CARRIERS_TAG]);
  return getCarriers();
}

/*
 * Several app instances (ADR 059): the instance that receives the webhook tells the others through
 * the engine's database (Postgres NOTIFY); each drops the named carrier's entries. The bus outlives
 * Vite's dev reloads (lib/process.server.ts) so a reload does not subscribe twice, and delivers to
 * the current module's handler, not to caches a reload replaced.
 */
/** What this instance does with a change another instance published. */
export function heardFromAnotherInstance(change: ContentInvalidation): void {
  // Another instance synced the engine's copy of operations or catalogue data: nothing in the content cache depends on it.
  if (isOperationsModel(change.model)) notifyEngineDataChanged(change);
  else invalidateContent(change);
}

function invalidationBus(): ContentInvalidationBus {
  const listening = survivesDevReload("content-invalidation", () => {
    const bus = createContentInvalidationBus(process.env);
    const kept: { bus: ContentInvalidationBus; deliver?: (change: ContentInvalidation) => void } = { bus };
    bus.subscribe((change) => kept.deliver?.(change));
    onShutdown(() => bus.close());
    return kept;
  });
  listening.deliver = heardFromAnotherInstance;
  return listening.bus;
}

/** Every instance listens from start-up: this module loads with the server build. */
export function listenForContentInvalidations(): ContentInvalidationBus {
  return invalidationBus();
}
listenForContentInvalidations();

type EngineDataListener = (carrierCode: string | null) => void;
const engineDataListeners = new Set<EngineDataListener>();

/** Caches built from the engine's copy of operations and catalogue data (the partner API's answers, ADR 185) drop with it. */
export function onEngineDataChanged(listener: EngineDataListener): () => void {
  engineDataListeners.add(listener);
  return () => engineDataListeners.delete(listener);
}

function notifyEngineDataChanged(change: ContentInvalidation) {
  // The catalogue is every carrier's; an operations change without a carrier may be anyone's.
  const carrierCode = routeChange(change) === "carrier" ? change.carrierCode : null;
  for (const listener of engineDataListeners) listener(carrierCode);
}

/**
 * This instance's sync changed the engine's copy (a change notice or the periodic reconcile): its
 * listeners drop what they built from it, and the other instances are told (ADR 185).
 */
export async function engineDataChanged(change: ContentInvalidation): Promise<boolean> {
  notifyEngineDataChanged(change);
  // A carrier entry's change went out already as a content change, which the same listeners hear.
  return isOperationsModel(change.model) ? invalidationBus().publish(change) : false;
}

/** The webhook's change, for the other instances; false when there are none to tell or it failed. */
export function publishContentInvalidation(change: ContentInvalidation): Promise<boolean> {
  return invalidationBus().publish(change);
}
