/**
 * Manage booking (spec §2 manage banner and /manage routes, §4 order lookup and cancel, §5, §6, §8):
 * the lookup with each missing field, a wrong reference and a wrong e-mail, throttling, the manage
 * screen's overview, the 24-hour refusal and the cancel flow with its confirmation phrase, for a UK
 * carrier in English and the German carrier in German. Orders are made through the booking UI.
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import {
  bookThroughUi,
  expectEngineClockAt,
  expectNoSeriousA11yViolations,
  managePath,
  pickCarrier,
  setEngineClock,
  text,
  toast,
  uniqueEmail,
  type BookedOrder,
  type Lang,
} from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const JOURNEYS = [
  { label: "a UK carrier", kind: "uk", lang: "en", phrase: "CANCEL-REPAIR" },
  { label: "the German carrier in German", kind: "german", lang: "de", phrase: "REPARATUR-ABBRECHEN" },
] as const;

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  const t = (key: string, params?: Record<string, string | number>) => text(lang, "manage", key, params);
  const lookupText = (key: string) => text(lang, "manage-lookup", key);

  test.describe(`manage booking: ${journey.label}`, () => {
    test.describe.configure({ mode: "serial" });
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });
    let carrier: CmsEntry;
    let code: string;
    let order: BookedOrder;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      carrier = pickCarrier(carriers, journey.kind);
      code = String(carrier.code);
      order = await bookThroughUi(browser, carrier, { lang, dayIndex: 2 });
    });

    test("lookup: each missing field, a wrong reference and a wrong e-mail, then the order", async ({ page }) => {
      await page.goto(carrierUrl(code, "/manage"));
      const banner = page.getByTestId("manage-booking-banner");
      await expect(banner.getByRole("heading")).toHaveText(lookupText("title"));
      await expectNoSeriousA11yViolations(page);

      // The hover hint and the numeric hint of the order reference.
      await page.getByTestId("order-ref-hint-trigger").hover();
      await expect(page.getByTestId("order-ref-hint")).toBeVisible();
      await expect(page.getByTestId("order-ref-hint")).toHaveText(lookupText("orderRefHint"));
      await expect(page.getByLabel(lookupText("orderRef"), { exact: true })).toHaveAttribute("inputmode", "numeric");

      await page.getByTestId("find-order").click();
      await expect(page.getByTestId("lookup-email-error")).toHaveText(lookupText("errors.emailMissing"));
      await expect(page.getByTestId("lookup-order-ref-error")).toHaveText(lookupText("errors.orderRefMissing"));
      await page.getByLabel(lookupText("email"), { exact: true }).fill(order.email);
      await page.getByTestId("find-order").click();
      await expect(page.getByTestId("lookup-email-error")).toHaveCount(0);
      await expect(page.getByTestId("lookup-order-ref-error")).toHaveText(lookupText("errors.orderRefMissing"));
      await page.getByLabel(lookupText("email"), { exact: true }).fill("");
      await page.getByLabel(lookupText("orderRef"), { exact: true }).fill(order.orderRef);
      await page.getByTestId("find-order").click();
      await expect(page.getByTestId("lookup-email-error")).toHaveText(lookupText("errors.emailMissing"));
      await expect(page.getByTestId("lookup-order-ref-error")).toHaveCount(0);

      // A wrong reference and a wrong e-mail get the same red alert; Enter submits.
      await page.getByLabel(lookupText("email"), { exact: true }).fill(order.email);
      await page.getByLabel(lookupText("orderRef"), { exact: true }).fill(String(Number(order.orderRef) + 500000));
      await page.getByLabel(lookupText("orderRef"), { exact: true }).press("Enter");
      await expect(page.getByTestId("lookup-alert")).toHaveText(lookupText("errors.notFound"));
      await expect(page.getByTestId("lookup-alert")).toHaveAttribute("role", "alert");
      const wrongReference = await page.getByTestId("lookup-alert").textContent();
      await page.getByLabel(lookupText("email"), { exact: true }).fill(`not-${order.email}`);
      await page.getByLabel(lookupText("orderRef"), { exact: true }).fill(order.orderRef);
      await page.getByTestId("find-order").click();
      await expect(page.getByTestId("lookup-alert")).toHaveText(wrongReference!);
      await expectNoSeriousA11yViolations(page);

      // Success: a full navigation to /manage/booking?order_ref=…&email=….
      await page.getByLabel(lookupText("email"), { exact: true }).fill(order.email);
      const navigation = page.waitForEvent("framenavigated");
      await page.getByTestId("find-order").click();
      await navigation;
      await expect(page).toHaveURL(new RegExp(`/manage/booking\\?order_ref=${order.orderRef}&email=${encodeURIComponent(order.email).replace(/\./g, "\\.")}$`));
      await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);
    });

    test("a URL carrying both submits by itself; the overview shows every field of the booking", async ({ page }) => {
      await page.goto(carrierUrl(code, `/manage?order_ref=${order.orderRef}&email=${encodeURIComponent(order.email)}`));
      await expect(page).toHaveURL(/\/manage\/booking\?order_ref=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("title"));
      await expect(page.getByTestId("overview-order-reference")).toHaveText(order.orderRef);
      await expect(page.getByTestId("overview-repair-address")).toContainText("10 Example Street");
      await expect(page.getByTestId("overview-repair-location")).toHaveText(t("overview.doorstep"));
      await expect(page.getByTestId("overview-date").locator("[data-date]")).toHaveAttribute("data-date", order.date);
      await expect(page.getByTestId("overview-timeslot")).toContainText(/^\d\d:\d\d–\d\d:\d\d/);
      await expect(page.getByTestId("overview-phone")).toHaveText(/^\+\d+$/);
      await expect(page.getByTestId("overview-email")).toHaveText(order.email);
      await expect(page.getByTestId("overview-device")).toHaveCount(1);
      await expect(page.getByTestId("device-identifier")).toHaveAttribute("data-status", "not_supplied");
      await expect(page.getByTestId("overview-proof")).toHaveText(t("proof.notSupplied"));
      // Said once: the overview's row; the device's upload box does not repeat it for a one-device order.
      await expect(page.getByText(new RegExp(`^${t("proof.label")}:`))).toHaveCount(0);
      await expect(page.getByTestId("proof-status")).toHaveCount(0);
      await expect(page.getByTestId("overview-billing-address")).toContainText("Ada Lovelace");
      await expect(page.getByTestId("overview-battery")).toContainText("iPhone 16 Pro Max");
      await expect(page.getByTestId("overview-convenience-charge")).toContainText(lang === "de" ? "99 €" : "£59.00");
      await expect(page.getByTestId("overview-total")).toHaveText(lang === "de" ? /^\d+ €$/ : /^£\d+\.\d\d$/);
      await expect(page.getByTestId("change-deadline")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // /manage/confirm shows the loaded order; without one it goes to /manage.
      await page.getByTestId("booking-summary").click();
      await expect(page).toHaveURL(/\/manage\/confirm$/);
      await expect(page.getByTestId("manage-confirm")).toContainText(order.orderRef);
      await expectNoSeriousA11yViolations(page);
      await page.context().clearCookies({ name: "__manage" });
      await page.goto(carrierUrl(code, "/manage/confirm"));
      await expect(page).toHaveURL(/\/manage$/);
    });

    test("inside 24 hours of the appointment, date and address changes are refused and cancelling states the fee (spec §9)", async ({ page }) => {
      await page.goto(carrierUrl(code, managePath(order)));
      const deadline = new Date((await page.getByTestId("manage-booking").getAttribute("data-change-deadline"))!);
      const at = new Date(deadline.getTime() + 5 * 60_000);
      await setEngineClock(page, code, at);
      await expectEngineClockAt(page, code, order, at);
      await page.reload();
      await expect(page.getByTestId("late-changes")).toContainText(t("late.title"));
      await expect(page.getByTestId("late-date-rule")).toHaveText(t("late.noChanges"));
      await expect(page.getByTestId("open-change-date")).toHaveCount(0);
      await expect(page.getByTestId("open-change-address")).toHaveCount(0);
      // A modal asked for by the URL does not open either; cancelling (with the fee) still does (late-cancel.spec.ts).
      await page.goto(carrierUrl(code, managePath(order, { modal: "date" })));
      await expect(page.getByTestId("change-date-modal")).toHaveCount(0);
      await expect(page.getByTestId("open-cancel")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A cancellation started before the deadline and sent after it: nothing is cancelled; the new amounts are shown first.
      await setEngineClock(page, code, null);
      await page.goto(carrierUrl(code, managePath(order, { modal: "cancel", step: "phrase" })));
      await expect(page.getByTestId("cancel-quote")).toHaveAttribute("data-late", "false");
      await page.getByTestId("cancel-phrase-input").fill(journey.phrase);
      await setEngineClock(page, code, at);
      await page.getByTestId("cancel-submit").click();
      await expect(page.getByTestId("cancel-quote-changed")).toHaveText(t("cancel.errors.quoteChanged"));
      await expect(page.getByTestId("cancel-quote")).toHaveAttribute("data-late", "true");
      await setEngineClock(page, code, null);
      await page.goto(carrierUrl(code, managePath(order)));
      await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "BOOKED");
    });

    test("without JavaScript: the lookup, the manage screen and the cancel steps are real forms and links", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: lang === "de" ? "de-DE" : "en-GB" });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(code, "/manage"));
        await page.getByTestId("find-order").click();
        await expect(page.getByTestId("lookup-email-error")).toHaveText(lookupText("errors.emailMissing"));
        await expect(page.getByTestId("lookup-order-ref-error")).toHaveText(lookupText("errors.orderRefMissing"));
        await page.getByLabel(lookupText("email"), { exact: true }).fill(order.email);
        await page.getByLabel(lookupText("orderRef"), { exact: true }).fill(order.orderRef);
        await page.getByTestId("find-order").click();
        await expect(page).toHaveURL(/\/manage\/booking\?order_ref=/);
        await page.getByTestId("open-cancel").click();
        await page.getByTestId("cancel-yes").click();
        await page.getByTestId("cancel-phrase-input").fill("NOPE");
        await page.getByTestId("cancel-submit").click();
        await expect(page.getByTestId("cancel-phrase-error")).toHaveText(t("cancel.errors.phrase"));
        await expect(page.getByTestId("cancel-phrase-input")).toHaveValue("NOPE");
        await page.getByTestId("modal-close").click();
        await expect(page.getByTestId("cancel-modal")).toHaveCount(0);
        await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "BOOKED");
      } finally {
        await context.close();
      }
    });

    test("cancel: confirm, a wrong phrase stays on the phrase step, then processing and 'repair cancelled'", async ({ page }) => {
      await page.goto(carrierUrl(code, managePath(order)));
      await page.getByTestId("open-cancel").click();
      const modal = page.getByTestId("cancel-modal");
      await expect(modal.getByRole("heading")).toHaveText(t("cancel.title"));
      await expect(modal.getByTestId("cancel-confirm")).toContainText(t("cancel.cannotUndo"));
      await expectNoSeriousA11yViolations(page);
      await modal.getByTestId("cancel-keep").click();
      await expect(modal).toHaveCount(0);

      await page.getByTestId("open-cancel").click();
      await modal.getByTestId("cancel-yes").click();
      await expect(modal.getByTestId("cancel-phrase")).toHaveText(journey.phrase);
      for (const wrong of ["", journey.phrase.replace("-", " "), "CANCEL-REPAIRS"]) {
        await modal.getByTestId("cancel-phrase-input").fill(wrong);
        await modal.getByTestId("cancel-submit").click();
        await expect(modal.getByTestId("cancel-phrase-error")).toHaveText(t("cancel.errors.phrase"));
        await expect(modal.getByTestId("cancel-phrase-step")).toBeVisible();
      }
      await expect(modal.getByTestId("cancel-phrase-input")).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousA11yViolations(page);

      // ADR 030: case is ignored.
      await modal.getByTestId("cancel-phrase-input").fill(` ${journey.phrase.toLowerCase()} `);
      await modal.getByTestId("cancel-submit").click();
      await expect(toast(page, "success", t("toasts.cancelled"))).toBeVisible();
      await expect(page.getByTestId("cancel-modal")).toHaveCount(0);
      await expect(page.getByTestId("order-cancelled")).toContainText(t("status.cancelled"));
      // The sandbox gateway refunds the card payment through the payment port.
      await expect(page.getByTestId("order-cancelled")).toContainText(t("status.refunded"));
      await expect(page.getByTestId("open-change-date")).toHaveCount(0);
      await expect(page.getByTestId("identifier-input")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });

  test.describe(`failed lookups are throttled: ${journey.label}`, () => {
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });

    test("five wrong references for one e-mail in 15 minutes, then 'too many attempts' with 429", async ({ page }) => {
      const code = String(pickCarrier(carriers, journey.kind).code);
      const email = uniqueEmail("throttle");
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await page.goto(carrierUrl(code, `/manage?order_ref=${900000 + attempt}&email=${encodeURIComponent(email)}`));
        expect(response?.status()).toBe(404);
        await expect(page.getByTestId("lookup-alert")).toHaveText(lookupText("errors.notFound"));
      }
      const refused = await page.goto(carrierUrl(code, `/manage?order_ref=900009&email=${encodeURIComponent(email)}`));
      expect(refused?.status()).toBe(429);
      expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(0);
      await expect(page.getByTestId("lookup-alert")).toHaveText(lookupText("errors.tooManyAttempts"));
      // The form says the same.
      await page.getByLabel(lookupText("orderRef"), { exact: true }).fill("900010");
      await page.getByTestId("find-order").click();
      await expect(page.getByTestId("lookup-alert")).toHaveText(lookupText("errors.tooManyAttempts"));
      await expectNoSeriousA11yViolations(page);
    });
  });
}
