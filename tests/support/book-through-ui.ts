/**
 * A real order, made the way a customer makes one: through the booking UI from the postcode to the
 * complete page, paying with the sandbox gateway's approved test card. The manage, tracking and
 * contact journeys start from it. The steps follow the booking flow's own end-to-end journeys
 * (tests/e2e/booking-*.spec.ts): the device steps the carrier's switches give it are answered
 * with 'no' (warranty, insurance, damage questions, extras).
 *
 * Where the test does nothing in the booking's pages (no `inBasket`, `onComplete`, `landing`,
 * insurance or other model), the order is set-up, not the story: `bookThroughUi` then posts the same
 * steps' forms over HTTP, as a browser without JavaScript would (ADR 276), in a fraction of the time.
 * The booking UI itself is the story of tests/e2e/booking-*.spec.ts.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { carrierUrl } from "./app";
import type { CmsEntry } from "./cms";
import * as http from "./http-customer";

type Texts = Record<string, unknown>;
const load = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales", file), "utf8")) as Texts;
const CHECKOUT = { en: load("en/booking-checkout.json"), de: load("de/booking-checkout.json") };
export type Lang = keyof typeof CHECKOUT;

function checkoutText(lang: Lang, key: string): string {
  let value: unknown = CHECKOUT[lang];
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text booking-checkout.${key}`);
  return value;
}

interface EngineSeed {
  service_areas: { code: string; postcode_prefixes: string[]; centre: { lat: number; lng: number } }[];
}

export const engineSeedOf = (code: string) => JSON.parse(readFileSync(path.join(process.cwd(), "tenants", code, "engine.json"), "utf8")) as EngineSeed;

/** A postcode in the carrier's first (or `area`-th) service area, built from its seed file. */
export function coveredPostcode(carrier: CmsEntry, area = 0): string {
  const prefix = engineSeedOf(String(carrier.code)).service_areas[area]!.postcode_prefixes[0]!;
  if (carrier.countryCode === "GB") return `${prefix} 1AA`;
  return prefix.padEnd(5, "1");
}

export const PHONE: Record<string, string> = { GB: "07700 900123", DE: "030 12345678", US: "212 555 0123" };
const TOWN: Record<string, string> = { GB: "London", DE: "Berlin", US: "New York" };

/** An e-mail nobody else uses, so each journey's lookups and throttling are its own. */
export function uniqueEmail(prefix = "manage"): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** The catalogue's iPhone 16 Pro Max (make 2, every phone carrier offers it) and iPad (10th generation). */
export const MODELS = { phone: 101, tablet: 125 } as const;

export interface BookedOrder {
  orderRef: string;
  email: string;
  /** The repair day (YYYY-MM-DD). */
  date: string;
  /** The technician's window as the complete page confirms it ('12:30–13:30'). */
  timeslot: string;
}

/** The step's own form (not the side basket's). */
export const stepSubmit = (page: Page) => page.locator('main form[method="post"]:not([action="/booking/basket"]) button[type="submit"]').first();

/**
 * From the postcode to the basket with one device and a screen repair; `postcode` defaults to one of
 * the carrier's seed file. The warranty and insurance steps are answered 'no' unless `inWarranty`
 * (bought 60 days ago, with an IMEI) or `insured` says otherwise.
 */
export async function deviceIntoBasket(page: Page, carrier: CmsEntry, model: number, postcode = coveredPostcode(carrier), { insured = false, inWarranty = false } = {}) {
  const code = String(carrier.code);
  await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(postcode)}`));
  await expect(page).toHaveURL(/\/booking\/device\//);
  await page.goto(carrierUrl(code, `/booking/device/colour?model=${model}&make=2`));
  await page.locator('input[name="model_version_id"]').first().check();
  const colour = page.locator('input[name="colour"]').first();
  if (await colour.count()) await colour.check();
  await stepSubmit(page).click();
  await page.waitForURL((next) => !next.pathname.endsWith("/colour"));
  for (let count = 0; count < 10; count += 1) {
    const url = new URL(page.url());
    if (url.pathname === "/booking/basket") {
      await page.getByTestId("basket-item").first().waitFor();
      return;
    }
    const step = url.pathname.split("/").pop()!;
    await page.getByTestId(`device-${step}`).waitFor();
    if (step === "warranty-status" && inWarranty) {
      await page.getByTestId("warranty-yes").click();
      const bought = new Date(Date.now() - 60 * 24 * 3_600_000);
      const ddmmyyyy = `${String(bought.getDate()).padStart(2, "0")}/${String(bought.getMonth() + 1).padStart(2, "0")}/${bought.getFullYear()}`;
      await page.locator("#purchase-date").fill(ddmmyyyy);
      await page.locator("#warranty-imei").fill("490154203237518");
      await page.getByTestId("warranty-submit").click();
    } else if (step === "warranty-status") await page.getByTestId("warranty-no").click();
    else if (step === "fault-type") {
      await page.locator('input[name="fault"][value="faulty"]').check();
      await page.getByTestId("device-step-continue").click();
    } else if (step === "insurance-status") {
      if (!insured) await page.locator('button[name="insured"][value="no"]').click();
      else {
        await page.locator('button[name="insured"][value="yes"]').click();
        await page.getByTestId("insured-note").waitFor();
        await page.getByTestId("insured-continue").click();
      }
    } else if (step === "select") {
      await page.getByTestId("problem-screen-replacement").locator("input").check();
      await stepSubmit(page).click();
    } else if (step === "confirm-damage") {
      for (const no of await page.locator('input[type="radio"][value="no"]').all()) await no.check();
      await stepSubmit(page).click();
    } else if (step === "extras") await page.locator('button[name="intent"][value="skip"]').click();
    else throw new Error(`unexpected device step ${url.pathname}`);
    await page.waitForURL((next) => next.pathname !== url.pathname);
  }
  throw new Error("the device steps did not reach the basket");
}

/**
 * Books one device with a screen repair for `email` on the `dayIndex`-th available day (of `pages`
 * pages of ten days) and pays with
 * the approved sandbox card, in a browser context of its own (the caller's cookies and test clock
 * stay as they are). With `at`, that context books with the engine's test clock at that instant.
 */
export async function bookThroughUi(
  browser: Browser,
  carrier: CmsEntry,
  {
    email = uniqueEmail(),
    dayIndex = 0,
    model = MODELS.phone as number,
    lang = "en" as Lang,
    postcode = undefined as string | undefined,
    /** A path the visitor lands on first (e.g. `/?referrer=…`, ADR 135). */
    landing = undefined as string | undefined,
    /** The answer at the insurance step, where the carrier asks it. */
    insured = false,
    /** What the visitor does with the device in the basket before going on (it ends back on the basket). */
    inBasket = undefined as ((page: Page) => Promise<void>) | undefined,
    /** What the test checks on the complete page before the browser closes. */
    onComplete = undefined as ((page: Page) => Promise<void>) | undefined,
    /** The engine clock for the booking (a same-day booking at a chosen time, ADR 110). */
    at = undefined as Date | undefined,
    /** Pages of ten days to load on the repair-date step (a day beyond the first page). */
    pages = 1,
  } = {},
): Promise<BookedOrder> {
  // Set-up that is not the story under test (ADR 276): with nothing to do in the pages, the same
  // pages' forms are posted over HTTP, as a browser without JavaScript posts them. Not in the
  // production suite (carriers on their own domains, CARRIER_ORIGINS): its stories book through
  // Caddy in Chromium.
  const setUpOnly = !inBasket && !onComplete && !landing && !insured && model === MODELS.phone && !process.env.CARRIER_ORIGINS;
  if (setUpOnly) return bookOverHttp(carrier, { email, dayIndex, lang, postcode, at, pages });
  const context = await browser.newContext({ locale: lang === "de" ? "de-DE" : "en-GB" });
  const booking = await context.newPage();
  try {
    if (at) await setEngineClock(booking, String(carrier.code), at);
    if (landing) expect((await booking.goto(carrierUrl(String(carrier.code), landing)))?.status()).toBe(200);
    await deviceIntoBasket(booking, carrier, model, postcode, { insured });
    if (inBasket) await inBasket(booking);
    await booking.getByRole("link", { name: checkoutText(lang, "basket.continue") }).click();
    await expect(booking).toHaveURL(/\/booking\/repair-date/);
    // More pages of ten days ('load more'), for a day beyond the first page's.
    if (pages > 1) await booking.goto(carrierUrl(String(carrier.code), `/booking/repair-date?pages=${pages}`));
    // The `dayIndex`-th available day, or the last one when the suite's other bookings have filled
    // days of this page (a short week has five weekdays in ten days): never wait for a day not shown.
    const available = booking.locator('[data-testid="repair-day"][data-available="true"]');
    await expect(available.first()).toBeVisible();
    const day = available.nth(Math.min(dayIndex, (await available.count()) - 1));
    const date = (await day.getAttribute("data-date")) ?? (await day.locator("[data-date]").first().getAttribute("data-date")) ?? "";
    await day.click();
    await booking.getByRole("button", { name: checkoutText(lang, "repairDate.continue"), exact: true }).click();
    await expect(booking).toHaveURL(/\/booking\/details$/);

    const field = (key: string) => booking.getByRole("textbox", { name: checkoutText(lang, key), exact: true }).first();
    await field("details.firstName").fill("Ada");
    await field("details.lastName").fill("Lovelace");
    await field("details.email").fill(email);
    await field("details.phone").fill(PHONE[String(carrier.countryCode)]!);
    await field("details.line1").fill("10 Example Street");
    await field("details.town").fill(TOWN[String(carrier.countryCode)] ?? "London");
    await booking.getByRole("button", { name: checkoutText(lang, "details.continue") }).click();
    await expect(booking).toHaveURL(/\/booking\/checkout$/);
    await booking.getByTestId("continue-to-payment").click();
    await expect(booking).toHaveURL(/\/booking\/payment$/);

    await booking.getByLabel(checkoutText(lang, "payment.options.card-valid")).check();
    await booking.getByTestId("pay-button").click();
    await expect(booking).toHaveURL(/\/booking\/complete$/, { timeout: 20_000 });
    const orderRef = ((await booking.getByTestId("overview-order-reference").textContent()) ?? "").trim();
    expect(orderRef).toMatch(/^\d+$/);
    const timeslot = ((await booking.getByTestId("overview-timeslot").textContent()) ?? "").trim();
    if (onComplete) await onComplete(booking);
    return { orderRef, email, date, timeslot };
  } finally {
    await context.close();
  }
}

/**
 * The order `bookThroughUi` makes, made over plain HTTP (tests/support/http-customer.ts): the same
 * steps' forms from the postcode to the complete page, the `dayIndex`-th available day of `pages`
 * pages, the engine's test clock at `at`, the browser's language for `lang`.
 */
async function bookOverHttp(
  carrier: CmsEntry,
  options: { email: string; dayIndex: number; lang: Lang; postcode: string | undefined; at: Date | undefined; pages: number },
): Promise<BookedOrder> {
  const code = String(carrier.code);
  const customer = http.createHttpCustomer({
    origin: carrierUrl(code),
    carrier: { code, countryCode: String(carrier.countryCode) },
    connectTo: "127.0.0.1",
    language: options.lang === "de" ? "de-DE" : "en-GB",
  });
  try {
    if (options.at) customer.cookies.set(TEST_CLOCK_COOKIE, String(options.at.getTime() - Date.now()));
    await http.deviceIntoBasket(customer, { postcode: options.postcode ?? coveredPostcode(carrier), model: MODELS.phone, make: 2 });
    // The `dayIndex`-th available day, or the last one when the suite's other bookings have filled days.
    const days = await http.availableDays(customer, options.pages);
    const wanted = days[Math.min(options.dayIndex, days.length - 1)];
    const { page: details, date } = await http.chooseRepairDate(customer, wanted, options.pages);
    const checkout = await http.fillDetails(customer, details, http.bookingInput.parse({ email: options.email }));
    const payment = await http.continueToPayment(customer, checkout);
    const { action, body } = http.paymentBody(payment, "card-valid");
    const { orderRef, timeslot } = http.completion(await http.pay(customer, action, body));
    return { orderRef, email: options.email, date, timeslot };
  } finally {
    await customer.close();
  }
}

/* ───────────── what the journeys from an order share (manage, tracking, contact) ───────────── */

const SECTIONS = {
  en: { manage: load("en/manage.json"), "manage-lookup": load("en/manage-lookup.json"), contact: load("en/contact.json"), "booking-device": load("en/booking-device.json") },
  de: { manage: load("de/manage.json"), "manage-lookup": load("de/manage-lookup.json"), contact: load("de/contact.json"), "booking-device": load("de/booking-device.json") },
};

/** A text of the manage (or its lookup form's), contact or device section with its {{params}} filled: text("de", "manage", "cancel.errors.phrase"). */
export function text(lang: Lang, section: keyof (typeof SECTIONS)["en"], key: string, params: Record<string, string | number> = {}): string {
  let value: unknown = SECTIONS[lang][section];
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text ${section}.${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;

/** Carriers whose booking flow is the plain one (no store, drop-off, address lookup, appliance or confirm-only steps). */
const plainFlow = (c: CmsEntry) =>
  !c.maintenance && !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff") && !on(c, "addressLookup") && !on(c, "applianceVariant") && !on(c, "confirmOnly");

export function pickCarrier(carriers: CmsEntry[], kind: "uk" | "german" | "hidden-postcode-search"): CmsEntry {
  const matches =
    kind === "uk"
      ? (c: CmsEntry) => c.countryCode === "GB" && c.defaultLocale === "en" && plainFlow(c) && !on(c, "singleMakeOnly") && !on(c, "hidePostcodeSearchOnAddressChange")
      : kind === "german"
        ? (c: CmsEntry) => c.countryCode === "DE" && c.defaultLocale === "de" && plainFlow(c)
        : (c: CmsEntry) => on(c, "hidePostcodeSearchOnAddressChange") && plainFlow(c) && String(c.countryCode) in PHONE;
  const found = carriers.find(matches);
  if (!found) throw new Error(`no carrier in the CMS for: ${kind}`);
  return found;
}

export const TEST_CLOCK_COOKIE = "engine_clock_offset_ms";

/**
 * Moves the engine's clock for this browser context's requests to `at` (ADR 034): the app honours
 * the cookie outside production or with ENGINE_TEST_CLOCK=1. Returns the offset set.
 */
export async function setEngineClock(page: Page, carrierCode: string, at: Date | null): Promise<number> {
  const url = `http://${carrierCode}.localhost:${process.env.APP_PORT ?? 3100}/`;
  await page.context().clearCookies({ name: TEST_CLOCK_COOKIE });
  if (!at) return 0;
  const offset = at.getTime() - Date.now();
  await page.context().addCookies([{ name: TEST_CLOCK_COOKIE, value: String(offset), url }]);
  return offset;
}

/** Fails clearly when the app ignores the test clock (it must run with ENGINE_TEST_CLOCK=1). */
export async function expectEngineClockAt(page: Page, carrierCode: string, order: BookedOrder, at: Date) {
  // From the page (Node cannot resolve <code>.localhost); the browser sends the clock cookie.
  if (!page.url().startsWith(`http://${carrierCode}.localhost`)) await page.goto(`http://${carrierCode}.localhost:${process.env.APP_PORT ?? 3100}/`);
  const { status, van } = await page.evaluate(
    async (path) => {
      const response = await fetch(path, { cache: "no-store" });
      return { status: response.status, van: response.ok ? ((await response.json()) as { van: { updated_at: string } }).van : null };
    },
    `${trackingPath(order)}/location`,
  );
  expect(status).toBe(200);
  const drift = Math.abs(Date.parse(van!.updated_at) - at.getTime());
  expect(drift, "the app ignores the test clock cookie: start it with ENGINE_TEST_CLOCK=1 (scripts/test.mjs)").toBeLessThan(120_000);
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
}

/** A toast of the given type saying the given text (earlier toasts may still be showing). */
export const toast = (page: Page, type: "success" | "error" | "warning" | "info", says: string | RegExp) => page.getByTestId(`toast-${type}`).filter({ hasText: says });

export function managePath(order: BookedOrder, extra: Record<string, string> = {}): string {
  return `/manage/booking?${new URLSearchParams({ order_ref: order.orderRef, email: order.email, ...extra })}`;
}

export function trackingPath(order: BookedOrder): string {
  return `/my/technician/${encodeURIComponent(order.email)}/${order.orderRef}`;
}
