/**
 * A late cancellation (spec §9 "24 hours' notice is needed to change or cancel, otherwise the fee
 * applies"; ADR 250): a customer books, and with less than 24 hours to go opens the manage page. The
 * date and address can no longer be changed online (the carriers leave late moves off, ADR 251),
 * but the repair can still be cancelled: the page and the cancel steps state the carrier's
 * call-out charge and what will be refunded before the customer confirms; afterwards the page says
 * the fee was kept and the rest refunded. With and without JavaScript, for a UK carrier in
 * English, the German carrier in German (99 €) and a US carrier. The engine's clock is moved per
 * browser context with the test clock cookie (ADR 034).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, expectNoSeriousA11yViolations, managePath, pickCarrier, setEngineClock, text, toast, type BookedOrder, type Lang } from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const JOURNEYS = [
  { label: "a UK carrier in English", pick: (all: CmsEntry[]) => pickCarrier(all, "uk"), lang: "en", fee: "£59.00" },
  { label: "the German carrier in German", pick: (all: CmsEntry[]) => pickCarrier(all, "german"), lang: "de", fee: "99 €" },
  { label: "a US carrier", pick: (all: CmsEntry[]) => all.find((c) => c.countryCode === "US" && !c.maintenance)!, lang: "en", fee: "$99.00" },
] as const;

/** Money as the carrier's pages write it (app/lib/money.ts): German style without cents, else the locale's own. */
function money(carrier: CmsEntry, lang: Lang, minor: number): string {
  const german = carrier.countryCode === "DE";
  const locale = german ? "de-DE" : carrier.countryCode === "US" ? "en-US" : "en-GB";
  const digits = german ? 0 : 2;
  return new Intl.NumberFormat(lang === "de" && !german ? "de-DE" : locale, {
    style: "currency",
    currency: String(carrier.currency),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(minor / 100)
    .replace(/\u00a0/g, " ");
}

/** Moves this context's engine clock to 23 hours 59 minutes before the visit (one minute past the change deadline). */
async function intoTheLastDay(page: Page, code: string, order: BookedOrder) {
  await setEngineClock(page, code, null);
  await page.goto(carrierUrl(code, managePath(order)));
  const deadline = new Date((await page.getByTestId("manage-booking").getAttribute("data-change-deadline"))!);
  await setEngineClock(page, code, new Date(deadline.getTime() + 60_000));
  await page.goto(carrierUrl(code, managePath(order)));
}

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  const t = (key: string, params?: Record<string, string | number>) => text(lang, "manage", key, params);

  test.describe(`late cancellation: ${journey.label}`, () => {
    test.describe.configure({ mode: "serial" });
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });
    let carrier: CmsEntry;
    let code: string;
    let withJs: BookedOrder;
    let withoutJs: BookedOrder;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(300_000);
      carrier = journey.pick(carriers);
      code = String(carrier.code);
      withJs = await bookThroughUi(browser, carrier, { lang, dayIndex: 2 });
      withoutJs = await bookThroughUi(browser, carrier, { lang, dayIndex: 2 });
    });

    /** The customer's story on one page: the last day's notice, the stated fee and refund, cancel, the outcome. */
    async function cancelLate(page: Page, order: BookedOrder, js: boolean) {
      await intoTheLastDay(page, code, order);
      const fee = Number(carrier.callOutCharge);
      expect(money(carrier, lang, fee)).toBe(journey.fee);

      // The notice: no more changes of date or address online, but cancelling with the fee.
      const late = page.getByTestId("late-changes");
      await expect(late).toContainText(t("late.title"));
      await expect(page.getByTestId("late-date-rule")).toHaveText(t("late.noChanges"));
      await expect(late).toContainText(String(carrier.phone));
      await expect(page.getByTestId("open-change-date")).toHaveCount(0);
      await expect(page.getByTestId("open-change-address")).toHaveCount(0);
      const rule = page.getByTestId("late-cancel-rule");
      await expect(rule).toContainText(journey.fee);
      if (js) await expectNoSeriousA11yViolations(page);

      // The cancel step says the fee and the refund before anything is confirmed.
      await page.getByTestId("open-cancel").click();
      const modal = page.getByTestId("cancel-modal");
      const quote = modal.getByTestId("cancel-quote");
      await expect(quote).toHaveAttribute("data-late", "true");
      await expect(quote).toHaveAttribute("data-fee-kept", String(fee));
      const refund = Number(await quote.getAttribute("data-refund"));
      const paid = refund + fee;
      expect(refund).toBeGreaterThan(0);
      await expect(rule).toHaveText(t("late.cancelWithFee", { fee: journey.fee, refund: money(carrier, lang, refund) }));
      await expect(quote).toContainText(t("cancel.lateFee", { fee: journey.fee }));
      await expect(quote).toContainText(t("cancel.refundAfterFee", { paid: money(carrier, lang, paid), kept: journey.fee, refund: money(carrier, lang, refund) }));
      await expect(page.getByTestId("overview-total").first()).toHaveText(money(carrier, lang, paid));
      if (js) await expectNoSeriousA11yViolations(page);

      await modal.getByTestId("cancel-yes").click();
      await expect(modal.getByTestId("cancel-phrase-step")).toBeVisible();
      await expect(modal.getByTestId("cancel-quote")).toContainText(money(carrier, lang, refund));
      const phrase = (await modal.getByTestId("cancel-phrase").textContent())!.trim();
      await modal.getByTestId("cancel-phrase-input").fill(phrase);
      await modal.getByTestId("cancel-submit").click();

      // Afterwards: cancelled, the fee kept and the rest refunded, said on the page.
      if (js) await expect(toast(page, "success", t("toasts.cancelled"))).toBeVisible();
      await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "CANCELLED");
      await expect(page.getByTestId("order-cancelled")).toContainText(t("status.cancelled"));
      const outcome = page.getByTestId("cancel-outcome");
      await expect(outcome).toHaveText(t("status.feeKept", { fee: journey.fee, refund: money(carrier, lang, refund) }));
      await expect(outcome).toHaveAttribute("data-fee-kept", String(fee));
      await expect(outcome).toHaveAttribute("data-refunded", String(refund));
      await expect(page.getByTestId("open-cancel")).toHaveCount(0);

      // Cancelling again (the phrase step asked for by the URL) is not offered: one cancellation, one refund.
      await page.goto(carrierUrl(code, managePath(order, { modal: "cancel", step: "phrase" })));
      await expect(page.getByTestId("cancel-modal")).toHaveCount(0);
      await expect(page.getByTestId("cancel-outcome")).toHaveAttribute("data-refunded", String(refund));
    }

    test("with JavaScript: the fee and the refund are stated, the customer cancels, the page says the fee was kept", async ({ page }) => {
      test.setTimeout(120_000);
      await cancelLate(page, withJs, true);
    });

    if (journey.lang === "en" && journey.fee === "£59.00") {
      test("the cancellation SMS and the service desk's order page say the fee kept", async ({ browser }: { browser: Browser }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({ locale: "en-GB" });
        const page = await context.newPage();
        try {
          // The customer's SMS (the development outbox), sent on the engine's clock a little after the cancellation.
          await page.goto(carrierUrl(code, managePath(withJs)));
          const deadline = new Date((await page.getByTestId("manage-booking").getAttribute("data-change-deadline"))!);
          await setEngineClock(page, code, new Date(deadline.getTime() + 30 * 60_000));
          const sms = page.getByTestId("outbox-sms").filter({ hasText: withJs.orderRef }).filter({ hasText: "cancellation fee was kept" });
          await expect(async () => {
            await page.goto(carrierUrl(code, "/dev/outbox"));
            await page.getByRole("button", { name: "Send the messages due now" }).click();
            await expect(page.getByTestId("dev-outbox-pass")).not.toBeEmpty();
            await page.goto(carrierUrl(code, "/dev/outbox"));
            await expect(sms).toHaveCount(1, { timeout: 1_000 });
          }).toPass({ timeout: 30_000 });
          await expect(sms.getByTestId("outbox-sms-text")).toContainText(/Refund: £\d+\.\d\d \(a £59\.00 cancellation fee was kept\)/);
          await setEngineClock(page, code, null);

          // The carrier's customer service reads the same on the order's page.
          await page.goto(carrierUrl(code, "/store/login"));
          await page.getByLabel("Username").fill("service.desk");
          await page.getByLabel("Password").fill("DemoStaff-2026!");
          await page.getByTestId("store-login-submit").click();
          await expect(page).toHaveURL(carrierUrl(code, "/store"));
          await page.goto(carrierUrl(code, `/store/service/${withJs.orderRef}`));
          await expect(page.getByTestId("service-fee-kept")).toHaveText("Cancellation fee kept: £59.00");
          await expect(page.getByTestId("service-fee-kept")).toHaveAttribute("data-minor", "5900");
        } finally {
          await context.close();
        }
      });
    }

    test("without JavaScript: the same steps as links and forms", async ({ browser }: { browser: Browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ javaScriptEnabled: false, locale: lang === "de" ? "de-DE" : "en-GB" });
      const page = await context.newPage();
      try {
        await cancelLate(page, withoutJs, false);
      } finally {
        await context.close();
      }
    });
  });
}
