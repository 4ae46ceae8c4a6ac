/**
 * The booking journey from the postcode to the payment page, as a customer goes through it in the
 * browser (the device steps the carrier's switches give it answered with 'no': warranty, insurance,
 * damage questions, extras), and the payment page's test-card choice. Shared by
 * tests/e2e/booking-checkout.spec.ts and tests/e2e/payments.spec.ts. Carriers are chosen by their
 * CMS switches by the specs; covered postcodes and promo codes come from their engine seed files.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deviceIntoBasket, MODELS } from "./book-through-ui";
import type { CmsEntry } from "./cms";

type Texts = Record<string, Record<string, unknown>>;
const load = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales", file), "utf8")) as Texts;
const TEXTS = {
  en: {
    checkout: load("en/booking-checkout.json"),
    booking: load("en/booking.json"),
    payment: load("en/payment.json"),
    waitingOffer: load("en/waiting-offer.json"),
    complete: load("en/booking-complete.json"),
    common: load("en.json"),
  },
  de: {
    checkout: load("de/booking-checkout.json"),
    booking: load("de/booking.json"),
    payment: load("de/payment.json"),
    waitingOffer: load("de/waiting-offer.json"),
    complete: load("de/booking-complete.json"),
    common: load("de.json"),
  },
};
export type Lang = keyof typeof TEXTS;

/** A text of the booking-checkout (or booking, payment, …) section, e.g. text("en", "payment.pay"). */
export function text(
  lang: Lang,
  key: string,
  params: Record<string, string | number> = {},
  section: "checkout" | "booking" | "payment" | "waitingOffer" | "complete" | "common" = "checkout",
): string {
  let value: unknown = TEXTS[lang][section];
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text ${section}.${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

export interface EngineSeed {
  service_areas: { postcode_prefixes: string[] }[];
  discount_codes: { code: string; kind: string; value: number; expires_at: string; single_use: boolean }[];
}

export const seedOf = (code: string) => JSON.parse(readFileSync(path.join(process.cwd(), "tenants", code, "engine.json"), "utf8")) as EngineSeed;

export function coveredPostcode(carrier: CmsEntry): string {
  const prefix = seedOf(String(carrier.code)).service_areas[0]!.postcode_prefixes[0]!;
  return carrier.countryCode === "DE" ? prefix.padEnd(5, "1") : `${prefix} 1AA`;
}

/** Promo codes of the carrier's seed: a reusable one, a single-use one and an expired one. */
export function promoCodes(carrier: CmsEntry) {
  const codes = seedOf(String(carrier.code)).discount_codes;
  const now = new Date().toISOString();
  const live = codes.filter((code) => code.expires_at > now);
  return {
    reusable: live.find((code) => !code.single_use && code.kind === "percent")!.code,
    singleUse: live.find((code) => code.single_use)!.code,
    expired: codes.find((code) => code.expires_at < now)!.code,
  };
}

export const PHONE: Record<string, string> = { GB: "07700 900123", DE: "030 12345678" };

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
}

/** A toast of the given type saying the given text (earlier toasts may still be showing). */
export const toast = (page: Page, type: "success" | "error" | "warning" | "info", says: string | RegExp) => page.getByTestId(`toast-${type}`).filter({ hasText: says });

export { stepSubmit } from "./book-through-ui";

/**
 * Starts a booking at the postcode and puts one phone with a screen repair in the basket, through
 * the device steps the carrier's switches give it (answering 'no' to warranty, insurance, damage
 * questions and extras). The model is the catalogue's iPhone (make 2, offered by every phone carrier).
 */
export async function bookingWithDevice(page: Page, carrier: CmsEntry, { inWarranty = false } = {}) {
  await deviceIntoBasket(page, carrier, MODELS.phone, coveredPostcode(carrier), { inWarranty });
}

export async function chooseFirstAvailableDate(page: Page, lang: Lang) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(lang, "repairDate.title"));
  await page.locator('[data-testid="repair-day"][data-available="true"]').first().click();
  await page.getByRole("button", { name: text(lang, "repairDate.continue"), exact: true }).click();
  await expect(page).toHaveURL(/\/booking\/details$/);
}

export async function fillDetails(
  page: Page,
  lang: Lang,
  carrier: CmsEntry,
  { phone = PHONE[String(carrier.countryCode)]!, expectCheckout = true, email = "ada.lovelace@example.com", line1 = "10 Example Street" } = {},
) {
  // Role queries skip hidden billing fields; shown ones share the address labels and come after.
  const field = (key: string) => page.getByRole("textbox", { name: text(lang, key), exact: true }).first();
  await field("details.firstName").fill("Ada");
  await field("details.lastName").fill("Lovelace");
  await field("details.email").fill(email);
  await field("details.phone").fill(phone);
  await field("details.line1").fill(line1);
  await field("details.town").fill(carrier.countryCode === "DE" ? "Berlin" : "London");
  await page.getByRole("button", { name: text(lang, "details.continue") }).click();
  if (expectCheckout) await expect(page).toHaveURL(/\/booking\/checkout$/);
}

/** From the basket to the payment page. */
export async function basketToPayment(page: Page, lang: Lang, carrier: CmsEntry, details: Parameters<typeof fillDetails>[3] = {}) {
  await page.getByRole("link", { name: text(lang, "basket.continue") }).click();
  await chooseFirstAvailableDate(page, lang);
  await fillDetails(page, lang, carrier, details);
  await page.getByTestId("continue-to-payment").click();
  await expect(page).toHaveURL(/\/booking\/payment$/);
}

/**
 * Chooses one of the offline card form's test cards and pays. A payment error modal left open by
 * the last try is closed first with its 'Retry payment' (spec §8).
 */
export async function payWith(page: Page, lang: Lang, option: string) {
  const modal = page.getByTestId("payment-error");
  if (await modal.isVisible()) {
    await modal
      .getByRole("link", { name: text(lang, "errorModal.retry", {}, "payment") })
      .first()
      .click();
    await expect(modal).toHaveCount(0);
  }
  await page.getByLabel(text(lang, `payment.options.${option}`)).check();
  await page.getByTestId("pay-button").click();
}
