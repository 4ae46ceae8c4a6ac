/**
 * The carrier's service desk (ADR 255–257) as a test drives it: logged in as a customer-service
 * account (PatchPoint's demo `service.desk`, or one made in the CMS as Operations would), moving an
 * order to a day and arrival window it chooses, and refunding an amount through the confirmation step.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "./app";
import type { BookedOrder } from "./book-through-ui";
import { cmsCreate } from "./cms";

export const DESK_PASSWORD = "DemoStaff-2026!";

/** A customer-service account on the carrier, made in the CMS; its document id is added to `made`. */
export async function deskAccount(code: string, name: string, made: string[]): Promise<string> {
  const username = `e2e.desk.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = await cmsCreate("ops-staff-members", {
    carrierCode: code,
    username,
    name,
    role: "customerService",
    rolePermissions: [],
    companyPermissions: [],
    disabled: false,
    password: DESK_PASSWORD,
  });
  made.push(account.documentId);
  return username;
}

/** The desk logged in on the carrier, in a browser of the given locale. */
export async function deskLogIn(browser: Browser, code: string, { username = "service.desk", locale = "en-GB", javaScript = true } = {}): Promise<Page> {
  const context = await browser.newContext({ locale, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.goto(carrierUrl(code, "/store/login"));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DESK_PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(code, "/store"));
  return page;
}

/**
 * Moves the order to another day than its own and the last arrival window offered there (not the
 * first free one a move without a choice would give); the day, the window's start and its label.
 */
export async function deskMove(desk: Page, code: string, order: BookedOrder, reason: string): Promise<{ day: string; start: string; label: string }> {
  await desk.goto(carrierUrl(code, `/store/service/${order.orderRef}`));
  const move = desk.getByTestId("service-change-date");
  const days = move.locator("#change-date-day option");
  const values = await days.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const day = values.find((value) => value && value !== order.date)!;
  await move.locator("#change-date-day").selectOption(day);
  await desk.getByTestId("service-move-day-submit").click();
  await expect(desk).toHaveURL(new RegExp(`day=${day}`));
  const windows = desk.locator('[data-testid="service-move-window"]:not([disabled])');
  await expect(windows.first()).toBeVisible();
  const start = (await windows.last().getAttribute("value"))!;
  const form = desk.getByTestId("service-move-window-form");
  const label = (await form.locator("label", { has: desk.locator(`input[value="${start}"]`) }).textContent())!.trim();
  await form.locator(`input[value="${start}"]`).check();
  await form.locator("#change-date-reason").fill(reason);
  await desk.getByTestId("service-change-date-submit").click();
  await expect(desk.getByTestId("service-date")).toHaveAttribute("data-date", day);
  await expect(desk.getByTestId("service-date")).toHaveAttribute("data-window", start);
  return { day, start, label };
}

/** Refunds `amount` (as typed in the desk's language) through the confirmation step, which must state `stated`. */
export async function deskRefund(desk: Page, code: string, order: BookedOrder, amount: string, stated: RegExp | string, reason: string): Promise<void> {
  await desk.goto(carrierUrl(code, `/store/service/${order.orderRef}`));
  const before = Number(await desk.getByTestId("service-refunded").getAttribute("data-minor"));
  const form = desk.getByTestId("service-refund");
  await form.locator("#refund-amount").fill(amount);
  await form.locator("#refund-reason").fill(reason);
  await desk.getByTestId("service-refund-submit").click();
  const confirm = desk.getByTestId("service-refund-confirm");
  await expect(confirm.getByTestId("service-refund-confirm-question")).toContainText(stated);
  // Nothing is refunded until the desk confirms.
  await expect(desk.getByTestId("service-refunded")).toHaveAttribute("data-minor", String(before));
  await desk.getByTestId("service-refund-confirm-submit").click();
  await expect(desk.getByTestId("service-done")).toBeVisible();
}
