/**
 * Content pages without the framework's hydration (issue 25 item 4, ADR 206): the landing, FAQ,
 * help and legal pages load none of Remix's scripts, only their small enhancement modules (at
 * most 30 kB gzipped), and everything on them still works; a visitor going from the landing into
 * the booking flow lands on a hydrated step.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { coveredPostcode, pickCarrier } from "../support/book-through-ui";
import { cmsUpdate, seededCarriers, type CmsEntry } from "../support/cms";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const withLanding = () =>
  carriers.filter(
    (carrier) => !carrier.externalLandingRedirectUrl && !carrier.externalSupportPickerUrl && !carrier.confirmOnly && !carrier.maintenance && carrier.defaultLocale === "en",
  );

/**
 * The scripts a page load fetches (bytes as sent, gzipped or brotli) and the page's errors, CSP
 * refusals included, and any script, style or page answered with an error (a demo picture the seed
 * lacks is the content's business, not this page's).
 */
function watchScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  const problems: string[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && ["script", "stylesheet", "document"].includes(response.request().resourceType())) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  return { scripts, problems };
}

const PAGES = ["/", "/faqs", "/faqs/booking", "/help", "/help/change-date", "/terms", "/privacy", "/app-terms"];

test("content pages load only their small modules, at most 30 kB of JavaScript, and no framework", async ({ page }) => {
  const code = String(withLanding()[0]!.code);
  for (const path of PAGES) {
    const { scripts, problems } = watchScripts(page);
    const response = await page.goto(carrierUrl(code, path));
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html"), path).toHaveAttribute("data-enhanced", "true");
    await page.waitForLoadState("networkidle");
    const urls = scripts.map((script) => script.url);
    expect(urls.length, `${path} loads its module(s)`).toBeGreaterThan(0);
    for (const url of urls) expect(url, path).toMatch(/^\/assets\/(enhance-[\w-]+|carousel-layout-[\w-]+)\.js$/);
    const total = (await Promise.all(scripts.map((script) => script.bytes))).reduce((sum, bytes) => sum + bytes, 0);
    expect(total, `${path}: ${total} bytes of JavaScript`).toBeLessThanOrEqual(30 * 1024);
    expect(await page.evaluate(() => "__remixContext" in window || "__remixManifest" in window), path).toBe(false);
    await expect(page.locator("html"), path).not.toHaveAttribute("data-hydrated", "true");
    expect(problems, path).toEqual([]);
    page.removeAllListeners("requestfinished");
    page.removeAllListeners("response");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("console");
  }
});

test("the FAQ's questions open and its categories and links lead on, with the modules only", async ({ page }) => {
  const code = String(withLanding()[0]!.code);
  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.getByTestId("faq-question").first().click();
  await expect(page.locator("details[open]")).toHaveCount(1);
  await page.getByTestId("faq-question").first().click();
  await expect(page.locator("details[open]")).toHaveCount(0);
  const categories = page.getByRole("navigation", { name: "Categories" });
  await categories.locator('a[href="/faqs/payments"]').click();
  await expect(page).toHaveURL(/\/faqs\/payments$/);
  await expect(categories.locator('a[href="/faqs/payments"]')).toHaveAttribute("aria-current", "page");
  await page.getByRole("banner").getByRole("link", { name: "Help" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole("main").getByRole("link").first().click();
  await expect(page.getByTestId("help-step").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
});

test("the landing's manage-booking banner asks for both fields in place, a second press too, then sends", async ({ page }) => {
  const code = String(withLanding()[0]!.code);
  await page.goto(carrierUrl(code));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  const banner = page.getByTestId("manage-booking-banner");
  await banner.getByTestId("find-order").click();
  await expect(page.getByTestId("lookup-email-error")).toHaveText("Your email address is missing");
  await expect(page.getByTestId("lookup-order-ref-error")).toHaveText("Your order reference is missing");
  await expect(banner.getByLabel("Email address")).toBeFocused();
  await expect(banner.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  expect(new URL(page.url()).pathname).toBe("/");

  await banner.getByLabel("Email address").fill("someone@example.com");
  await banner.getByTestId("find-order").click();
  await expect(page.getByTestId("lookup-email-error")).toHaveCount(0);
  await expect(banner.getByLabel("Email address")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("lookup-order-ref-error")).toHaveText("Your order reference is missing");
  expect(new URL(page.url()).pathname).toBe("/");

  await page.locator("#lookup-order-ref").fill("12345678");
  await banner.getByTestId("find-order").click();
  await expect(page).toHaveURL(/\/manage/);
});

test("from the landing into the flow: a postcode with spaces and the header's button both land on a hydrated step", async ({ page }) => {
  const carrier = pickCarrier(await seededCarriers({ sort: "code:asc" }), "uk");
  const code = String(carrier.code);
  await page.goto(carrierUrl(code));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  const postcode = coveredPostcode(carrier);
  await page.getByTestId("hero").getByRole("textbox").fill(` ${postcode} `);
  await page.getByTestId("hero").getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/booking/.*`));
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The spaces went before sending, as the hydrated landing did it.
  expect(new URL(page.url()).searchParams.get("postcode") ?? "").not.toMatch(/\s/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto(carrierUrl(code));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.getByRole("banner").getByRole("link", { name: "Book a repair" }).click();
  await expect(page).toHaveURL(/\/booking\//);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // A hydrated step navigates in place: back to the landing from there renders it without a reload error.
  await page.getByRole("banner").getByRole("link", { name: "FAQs" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
});

test("the live-chat button loads the carrier's widget on the first press only, or leads to contact without one", async ({ page }) => {
  const carrier = carriers.find((entry) => entry.liveChat === true && withLanding().includes(entry));
  test.skip(!carrier, "no demo carrier with live chat");
  const code = String(carrier!.code);
  await page.goto(carrierUrl(code, "/faqs"));
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  if (!carrier!.liveChatUrl) {
    await page.getByTestId("live-chat").click();
    await expect(page).toHaveURL(/\/contact$/);
  }

  const widgetUrl = "https://chat.example/widget.js";
  await page.route(widgetUrl, (route) => route.fulfill({ contentType: "text/javascript", body: "window.chatWidgetLoaded = (window.chatWidgetLoaded ?? 0) + 1;" }));
  await cmsUpdate("carriers", String(carrier!.documentId), { liveChatUrl: widgetUrl });
  try {
    await expect(async () => {
      await page.goto(carrierUrl(code, "/faqs"));
      await expect(page.getByTestId("live-chat")).toHaveAttribute("data-widget-url", widgetUrl, { timeout: 200 });
    }).toPass({ timeout: 5_000 });
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    expect(await page.locator(`script[src="${widgetUrl}"]`).count()).toBe(0);
    await page.getByTestId("live-chat").click();
    await expect(page.getByTestId("live-chat")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("live-chat")).toHaveText("Starting chat…");
    await page.getByTestId("live-chat").click();
    await expect.poll(() => page.evaluate(() => (window as { chatWidgetLoaded?: number }).chatWidgetLoaded)).toBe(1);
    expect(await page.locator(`script[src="${widgetUrl}"]`).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/faqs");
  } finally {
    await cmsUpdate("carriers", String(carrier!.documentId), { liveChatUrl: carrier!.liveChatUrl ?? null });
  }
});
