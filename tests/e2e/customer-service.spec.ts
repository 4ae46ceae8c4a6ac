/**
 * Customer service for operations staff (issue 24 items 3 and 4, ADR 188–190) in Chromium: a
 * customer books on PatchPoint through the UI; the carrier's customer-service account finds the
 * order by the customer's phone number typed another way, resends its confirmation (a second
 * confirmation e-mail in the development outbox), moves it to another free day and window, and refunds
 * part of it once confirmed (a second press of the same confirmation refunds nothing more). Another carrier's customer service never
 * sees the order, by search or by its address; a technician is refused and a person without a staff
 * session (an editor) is sent to the log-in page.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, expectNoSeriousA11yViolations, type BookedOrder } from "../support/book-through-ui";
import { seededCarriers, type CmsEntry } from "../support/cms";

const CARRIER = "patchpoint";
const OTHER = "skyline";
const PASSWORD = "DemoStaff-2026!";
const REASON = "customer called the service desk";

let carrier: CmsEntry;
test.beforeAll(async () => {
  carrier = (await seededCarriers({ sort: "code:asc" })).find((c) => c.code === CARRIER)!;
});

async function logIn(browser: Browser, code: string, username: string): Promise<Page> {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(carrierUrl(code, "/store/login"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(code, "/store"));
  return page;
}

/** The outbox's e-mails about the order, newest first. */
async function emailsAbout(page: Page, order: BookedOrder) {
  await page.goto(carrierUrl(CARRIER, "/dev/outbox"));
  return page.getByTestId("outbox-email").filter({ hasText: order.orderRef });
}

test.describe("customer service", () => {
  test("finds an order by phone, resends its confirmation, moves it and refunds part of it; other carriers and roles see none of it", async ({ browser }) => {
    test.setTimeout(300_000);
    const order = await bookThroughUi(browser, carrier, { dayIndex: 3 });

    const page = await logIn(browser, CARRIER, "service.desk");
    // The confirmation is in the outbox once (the worker is nudged by the payment).
    await expect(async () => {
      await expect(await emailsAbout(page, order)).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const subject = await (await emailsAbout(page, order)).getByTestId("outbox-subject").textContent();

    // Search by the phone number written another way than the customer typed it.
    await page.goto(carrierUrl(CARRIER, "/store"));
    await page.getByTestId("staff-pages").getByRole("link", { name: "Customer service" }).click();
    await page.getByLabel("Order reference, e-mail, phone number or postcode").fill("+44 7700 900123");
    await page.getByTestId("service-search").click();
    await expect(page.getByTestId("service-results")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("service-result-link").filter({ hasText: order.orderRef }).click();
    await expect(page).toHaveURL(carrierUrl(CARRIER, `/store/service/${order.orderRef}`));
    await expect(page.getByTestId("service-date")).toHaveAttribute("data-date", order.date);
    await expect(page.getByTestId("service-messages")).toContainText("Booking confirmation");
    await expectNoSeriousA11yViolations(page);

    // Resend the confirmation e-mail: a reason is required (more than three words).
    const resend = page.getByTestId("service-resend-form");
    const confirmationOption = resend.locator("option", { hasText: "Booking confirmation · E-mail" }).first();
    await resend.getByLabel("Message").selectOption((await confirmationOption.getAttribute("value"))!);
    await resend.getByLabel("Reason (more than three words)").fill("never got it");
    await page.getByTestId("service-resend").click();
    await expect(resend.getByText("the reason needs more than three words")).toBeVisible();
    await resend.getByLabel("Reason (more than three words)").fill(REASON);
    await page.getByTestId("service-resend").click();
    await expect(page.getByTestId("service-done")).toHaveText("The message is on its way again.");
    await expect(page.locator('[data-testid="service-action-kind"][data-action="resend"]')).toHaveCount(1);
    // The same confirmation again, as the customer got it the first time.
    await expect(async () => {
      const emails = await emailsAbout(page, order);
      await expect(emails).toHaveCount(2, { timeout: 1_000 });
      await expect(emails.first().getByTestId("outbox-subject")).toHaveText(subject!);
    }).toPass({ timeout: 30_000 });

    // Move it to another free day and its first free window; the date-change log names the staff member.
    await page.goto(carrierUrl(CARRIER, `/store/service/${order.orderRef}`));
    const move = page.getByTestId("service-change-date");
    const days = await move
      .getByLabel("Day")
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const newDate = days.find((day) => day !== order.date);
    await move.getByLabel("Day").selectOption(newDate!);
    await page.getByTestId("service-move-day-submit").click();
    await page.locator('[data-testid="service-move-window"]:not([disabled])').first().check();
    await page.getByTestId("service-move-window-form").getByLabel("Reason (more than three words)").fill(REASON);
    await page.getByTestId("service-change-date-submit").click();
    await expect(page.getByTestId("service-done")).toHaveText("The appointment was moved; the customer is told.");
    await expect(page.getByTestId("service-date")).toHaveAttribute("data-date", newDate!);
    await expect(page.getByTestId("service-date-change-list")).toContainText(REASON);

    // Refund 10.00 of it, confirmed; the same confirmation sent again (the browser's back and resubmit) refunds nothing more.
    const refund = page.getByTestId("service-refund");
    await refund.getByLabel(/^Amount in GBP/).fill("10.00");
    await refund.getByLabel("Reason (more than three words)").fill(REASON);
    await page.getByTestId("service-refund-submit").click();
    await expect(page.getByTestId("service-refund-confirm-question")).toHaveText("Refund £10.00 to the customer's card?");
    const form = page.getByTestId("service-refund-confirm").locator("form");
    const fields = Object.fromEntries(await form.locator("input").evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])));
    await page.getByTestId("service-refund-confirm-submit").click();
    await expect(page.getByTestId("service-done")).toHaveText("The refund was made.");
    await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", "1000");
    // The same form's fields posted again from the page (as a resubmit would): answered with the redirect, nothing refunded.
    const again = await page.evaluate(async ({ url, body }) => (await fetch(url, { method: "POST", body: new URLSearchParams(body), redirect: "manual" })).type, {
      url: `/store/service/${order.orderRef}`,
      body: fields,
    });
    expect(again).toBe("opaqueredirect");
    await page.reload();
    await expect(page.getByTestId("service-refunded")).toHaveAttribute("data-minor", "1000");
    await expect(page.locator('[data-testid="service-action-kind"][data-action="refund"]')).toHaveCount(1);

    // Another carrier's customer service: no search term and no address shows the order.
    const other = await logIn(browser, OTHER, "service.desk");
    await other.goto(carrierUrl(OTHER, `/store/service?q=${order.orderRef}`));
    await expect(other.getByTestId("service-no-results")).toBeVisible();
    await other.goto(carrierUrl(OTHER, `/store/service?q=${encodeURIComponent(order.email)}`));
    await expect(other.getByTestId("service-no-results")).toBeVisible();
    const direct = await other.goto(carrierUrl(OTHER, `/store/service/${order.orderRef}`));
    expect(direct?.status()).toBe(404);

    // A technician is refused; without a staff session (an editor, a customer) the page asks for a log-in.
    const technician = await logIn(browser, CARRIER, "tech.central");
    await expect(technician.getByRole("link", { name: "Customer service" })).toHaveCount(0);
    const refused = await technician.goto(carrierUrl(CARRIER, `/store/service/${order.orderRef}`));
    expect(refused?.status()).toBe(403);
    await expect(technician.getByText("You cannot use this page")).toBeVisible();
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(carrierUrl(CARRIER, "/store/service"));
    await expect(stranger).toHaveURL(/\/store\/login\?redirectTo=%2Fstore%2Fservice/);
  });
});
