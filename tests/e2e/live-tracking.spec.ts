/**
 * The live tracker (issue 21 "Spec fidelity", ADR 115) in Chromium, both sides on a 390-pixel phone:
 * the technician's job page sends the phone's position by itself while the job is on its way
 * (Playwright's geolocation moves the phone), "Send my position again" sends the position the phone
 * has now, and the customer's open tracking page moves the van and the arrival estimate without a
 * reload. A position older than ten minutes shows as "Last seen at HH:MM" in the carrier's time
 * zone, whatever the visitor's own (the customer's browser is set to New York).
 *
 * The order is booked on the ninth day offered over two pages of dates (ADR 115 notes why: a day
 * no other spec books, so the demo technician is free at the job's time).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, setEngineClock, TEST_CLOCK_COOKIE, text, trackingPath, type BookedOrder } from "../support/book-through-ui";

const CARRIER = "patchpoint";
const TIMEZONE = "Europe/London";
const PASSWORD = "DemoStaff-2026!";
const TECHNICIAN = { username: "tech.central", id: "pp-london-central-01" };
const MANAGER = "manager.central";
const PHONE = { width: 390, height: 844 };
/** The drive toward the customer (Central London): each point closer than the last. */
const DRIVE = [
  { latitude: 51.5274, longitude: -0.1578 },
  { latitude: 51.52, longitude: -0.145 },
  { latitude: 51.514, longitude: -0.136 },
  { latitude: 51.509, longitude: -0.13 },
] as const;
/** The last position the technician's phone sends (through the position route itself). */
const LAST = { latitude: 51.5085, longitude: -0.129 };
const t = (key: string, params?: Record<string, string | number>) => text("en", "manage", key, params);

let carrier: CmsEntry;
test.beforeAll(async () => {
  carrier = (await seededCarriers({ sort: "code:asc" })).find((c) => c.code === CARRIER)!;
});

async function staffPage(
  browser: Browser,
  username: string,
  order: BookedOrder,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, locale: "en-GB", ...options });
  const page = await context.newPage();
  // The appointment day's morning, 07:00 UTC (07:00 or 08:00 in London), for every request of this phone.
  await setEngineClock(page, CARRIER, new Date(`${order.date}T07:00:00Z`));
  await page.goto(carrierUrl(CARRIER, "/store/login"));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(CARRIER, "/store"));
  return { context, page };
}

/** Moves this browser's engine clock on by `ms` from where it is now. */
async function shiftEngineClock(context: BrowserContext, ms: number) {
  const cookie = (await context.cookies()).find((c) => c.name === TEST_CLOCK_COOKIE)!;
  await context.clearCookies({ name: TEST_CLOCK_COOKIE });
  await context.addCookies([{ name: TEST_CLOCK_COOKIE, value: String(Number(cookie.value) + ms), url: carrierUrl(CARRIER, "/") }]);
}

const londonTime = (iso: string) => new Intl.DateTimeFormat("en-GB", { timeZone: TIMEZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

test("the technician's phone sends its position by itself and the customer's open page follows the van, then shows when it was last seen", async ({ browser }) => {
  test.setTimeout(300_000);
  const order = await bookThroughUi(browser, carrier, { dayIndex: 8, pages: 2 });

  // The area manager makes sure the job is the demo technician's.
  const manager = await staffPage(browser, MANAGER, order);
  await manager.page.goto(carrierUrl(CARRIER, `/store/area/jobs?date=${order.date}`));
  const assigned = manager.page.locator(`[data-testid="area-job"][data-order-ref="${order.orderRef}"]`);
  await expect(assigned).toBeVisible();
  if ((await assigned.getAttribute("data-technician-id")) !== TECHNICIAN.id) {
    await assigned.getByLabel("Move to technician").selectOption(TECHNICIAN.id);
    await assigned.getByTestId("reassign").click();
    await expect(assigned).toHaveAttribute("data-technician-id", TECHNICIAN.id);
  }
  await manager.context.close();

  // The technician's phone, location allowed, at the first point of the drive.
  const tech = await staffPage(browser, TECHNICIAN.username, order, { geolocation: DRIVE[0], permissions: ["geolocation"] });
  const page = tech.page;
  await page.goto(carrierUrl(CARRIER, "/store/jobs"));
  await page.locator(`[data-testid="technician-job"][data-order-ref="${order.orderRef}"]`).getByTestId("open-job").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Job for order ${order.orderRef}`);
  await expect(page.getByTestId("position-sharing")).toHaveCount(0);
  await page.getByTestId("on-my-way").click();
  await expect(page.getByTestId("on-my-way-done")).toBeVisible();
  await expect(page.getByTestId("position-sharing")).toHaveAttribute("data-state", "on");
  await expect(page.getByTestId("position-sharing")).toHaveText(/at most every 15 seconds, while this page is open/);
  const firstSent = await page.getByTestId("position-sent").getAttribute("data-sent-at");
  expect(firstSent).toBeTruthy();

  // A second press, after the phone moved (and more than ten seconds later for the engine): the
  // position the phone has now goes with it, not the first one again.
  await tech.context.setGeolocation(DRIVE[1]);
  await shiftEngineClock(tech.context, 12_000);
  await expect(page.getByTestId("on-my-way")).toHaveText("Send my position again");
  await page.getByTestId("on-my-way").click();
  await expect(page.getByTestId("position-sent")).not.toHaveAttribute("data-sent-at", firstSent!);
  await expect(page.getByTestId("position-sent")).toHaveText(`Position last sent at ${londonTime((await page.getByTestId("position-sent").getAttribute("data-sent-at"))!)}.`);

  // The customer's phone, in a browser set to another time zone, opens the tracking page.
  const customer = await browser.newContext({ viewport: PHONE, locale: "en-GB", timezoneId: "America/New_York" });
  const customerPage = await customer.newPage();
  await setEngineClock(customerPage, CARRIER, new Date(`${order.date}T07:00:00Z`));
  await customerPage.goto(carrierUrl(CARRIER, trackingPath(order)));
  const tracking = customerPage.getByTestId("tracking");
  await expect(tracking).toHaveAttribute("data-status", "on_the_way");
  await expect(tracking).toHaveAttribute("data-van-lat", String(DRIVE[1].latitude));
  await expect(tracking).toHaveAttribute("data-van-lng", String(DRIVE[1].longitude));
  await expect(customerPage.getByTestId("tracking-last-seen")).toHaveCount(0);
  const eta = customerPage.getByTestId("tracking-eta");
  await expect(eta).toHaveText(/^Estimated arrival: \d\d:\d\d \(in about \d+ minutes?\)\.$/);
  // The estimate is shown in London time, from the engine's instant.
  expect(await eta.textContent()).toContain(londonTime((await tracking.getAttribute("data-eta"))!));
  await customerPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // The phone drives on: the page sends by itself, the customer's page moves the van and its arrival.
  let before = { eta: (await eta.textContent())!, marker: (await customerPage.getByTestId("map-van").getAttribute("transform"))! };
  for (const point of DRIVE.slice(2)) {
    await tech.context.setGeolocation(point);
    await expect(tracking).toHaveAttribute("data-van-lat", String(point.latitude), { timeout: 45_000 });
    await expect(tracking).toHaveAttribute("data-van-lng", String(point.longitude));
    await expect(eta).not.toHaveText(before.eta);
    await expect(customerPage.getByTestId("van-position")).toHaveText(`${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`);
    const marker = (await customerPage.getByTestId("map-van").getAttribute("transform"))!;
    expect(marker).not.toBe(before.marker);
    before = { eta: (await eta.textContent())!, marker };
  }
  expect(Date.parse((await tracking.getAttribute("data-eta"))!)).toBeGreaterThanOrEqual(Date.parse(`${order.date}T07:00:00Z`));
  expect(await customerPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // The technician's page says when it last sent.
  await expect(page.getByTestId("position-sent")).toHaveAttribute("data-sent-at", (await tracking.getAttribute("data-position-at"))!);

  // The technician's page closes: it sends nothing any more.
  const jobPath = new URL(page.url()).pathname;
  await page.close();

  // The position route checks what it is sent (posted from the staff start page, which sends no
  // position of its own): no position is a 400 with a message; a second one within ten seconds is
  // answered, not kept.
  const start = await tech.context.newPage();
  await start.goto(carrierUrl(CARRIER, "/store"));
  const post = (body: Record<string, string>) =>
    start.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, { method: "POST", body: new URLSearchParams(body), headers: { Accept: "application/json" } });
        return { status: response.status, json: (await response.json()) as { result?: string; error?: { code: string; message: string } } };
      },
      { path: `${jobPath}/position`, body },
    );
  expect(await post({ latitude: "95", longitude: "-0.13" })).toEqual({ status: 400, json: { error: { code: "VALIDATION", message: "The latitude must be between -90 and 90." } } });
  expect(await post({ latitude: "", longitude: "-0.13" })).toMatchObject({ status: 400, json: { error: { message: "The latitude is missing." } } });
  await shiftEngineClock(tech.context, 30_000);
  expect((await post({ latitude: String(LAST.latitude), longitude: String(LAST.longitude), accuracy: "8" })).json.result).toBe("accepted");
  expect((await post({ latitude: "51.508", longitude: "-0.1285", accuracy: "8" })).json.result).toBe("too_soon");
  await expect(tracking).toHaveAttribute("data-van-lat", String(LAST.latitude), { timeout: 25_000 });
  await tech.context.close();

  const lastSent = (await tracking.getAttribute("data-position-at"))!;
  // Fourteen minutes on for the customer without news (the phone's engine clock runs a minute or so
  // ahead): the van shows where it was last seen, and when.
  await shiftEngineClock(customer, 14 * 60_000);
  const lastSeen = customerPage.getByTestId("tracking-last-seen");
  await expect(lastSeen).toHaveText(t("tracking.lastSeen", { time: londonTime(lastSent) }), { timeout: 25_000 });
  await expect(tracking).toHaveAttribute("data-stale", "true");
  await expect(tracking).toHaveAttribute("data-van-lat", String(LAST.latitude));
  await expect(eta).toHaveCount(0);
  expect(await customerPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Without JavaScript the page still shows the last position, and when it was seen.
  await customerPage.reload();
  await expect(lastSeen).toHaveText(t("tracking.lastSeen", { time: londonTime(lastSent) }));
  const noJs = await browser.newContext({ viewport: PHONE, locale: "en-GB", javaScriptEnabled: false });
  const noJsPage = await noJs.newPage();
  const offset = (await customer.cookies()).find((c) => c.name === TEST_CLOCK_COOKIE)!.value;
  await noJs.addCookies([{ name: TEST_CLOCK_COOKIE, value: offset, url: carrierUrl(CARRIER, "/") }]);
  await noJsPage.goto(carrierUrl(CARRIER, trackingPath(order)));
  await expect(noJsPage.getByTestId("van-position")).toHaveText(`${LAST.latitude.toFixed(4)}, ${LAST.longitude.toFixed(4)}`);
  await expect(noJsPage.getByTestId("tracking-last-seen")).toHaveText(t("tracking.lastSeen", { time: londonTime(lastSent) }));
  await noJs.close();

  await customer.close();
});
