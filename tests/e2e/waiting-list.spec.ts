/**
 * The waiting list (issue 10 item 7, ADR 094) in Chromium. A remote area with one appointment a day
 * is booked up over Christmas (the engine's clock moved there per browser context, ADR 034: bank
 * holidays and a weekend leave four working days in the ten shown); a customer who finds no date
 * joins the waiting list in the modal; an order in the area is cancelled on the manage page; the
 * customer opens the offer's link (read from the message queued for them, the development companion
 * of the outbox page) and is taken to the details step with the freed day held for them. A used and
 * an unknown link get their own pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, deviceIntoBasket, engineSeedOf, expectNoSeriousA11yViolations, managePath, MODELS, setEngineClock, type BookedOrder } from "../support/book-through-ui";
import { text } from "../support/booking-journey";

const CODE = "patchpoint";
/** Christmas Eve after the same-day cut-off: the ten days shown hold 29, 30, 31 December and 1 January as working days. */
const CHRISTMAS_EVE = new Date("2026-12-24T12:00:00Z");

let carrier: CmsEntry;
let postcode: string;
let orders: BookedOrder[] = [];

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  carrier = (await seededCarriers()).find((entry) => entry.code === CODE)!;
  const areas = engineSeedOf(CODE).service_areas;
  const remote = areas.findIndex((area) => area.code === "sutherland");
  postcode = `${areas[remote]!.postcode_prefixes[0]} 4AA`;
  // Every day on offer taken: each order books the first day still free.
  for (let day = 0; day < 4; day++) orders.push(await bookThroughUi(browser, carrier, { postcode, clock: CHRISTMAS_EVE }));
  orders = orders.sort((a, b) => a.date.localeCompare(b.date));
});

async function queuedOfferUrl(page: Page): Promise<string> {
  const response = await page.request.get(carrierUrl(CODE, "/dev/queued-messages?kind=waiting-list-offer"));
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: { channel: string; payload: { values: { offerUrl: string; date: string } } }[] };
  const email = messages.find((message) => message.channel === "email");
  expect(email, "an offer message is queued").toBeTruthy();
  expect(email!.payload.values.date).toBe(orders[0]!.date);
  return email!.payload.values.offerUrl;
}

test("a customer who finds no date joins the waiting list and books the day a cancellation frees", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await setEngineClock(page, CODE, CHRISTMAS_EVE);
  await deviceIntoBasket(page, carrier, MODELS.phone, postcode);
  await page.goto(carrierUrl(CODE, "/booking/repair-date"));
  await expect(page.locator('[data-testid="repair-day"][data-available="true"]')).toHaveCount(0);

  // The modal: name, e-mail and telephone required; sending, then the thank-you.
  const modal = page.getByTestId("no-dates-dialog");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: text("en", "waitingList.submit") }).click();
  await expect(modal.getByTestId("error-name")).toHaveText(text("en", "waitingList.errors.nameMissing"));
  await modal.getByLabel(text("en", "waitingList.name")).fill("Grace Hopper");
  await modal.getByLabel(text("en", "waitingList.email")).fill("grace@example.com");
  await modal.getByLabel(text("en", "waitingList.phone")).fill("07700 900456");
  await modal.getByRole("button", { name: text("en", "waitingList.submit") }).click();
  await expect(page.getByTestId("waiting-list-sent")).toContainText(text("en", "waitingList.sentText"));
  await expectNoSeriousA11yViolations(page);

  // Another customer cancels the first of the booked days on the manage page.
  const manage = await browser.newPage({ locale: "en-GB" });
  await setEngineClock(manage, CODE, CHRISTMAS_EVE);
  await manage.goto(carrierUrl(CODE, managePath(orders[0]!, { modal: "cancel", step: "phrase" })));
  await manage.getByTestId("cancel-phrase-input").fill("CANCEL-REPAIR");
  await manage.getByTestId("cancel-submit").click();
  await manage.reload();
  await expect(manage.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "CANCELLED");
  await manage.close();

  // The offer's link leads to this site; opening it only shows the held day.
  const offerUrl = await queuedOfferUrl(page);
  expect(new URL(offerUrl).origin).toBe(new URL(carrierUrl(CODE)).origin);
  await page.goto(offerUrl);
  const offer = page.getByTestId("waiting-list-offer");
  await expect(offer).toHaveAttribute("data-status", "valid");
  await expect(offer.getByRole("heading")).toHaveText(text("en", "waitingOffer.valid.title"));
  await expectNoSeriousA11yViolations(page);

  // Taking it: on to the details step, the freed day held for this booking.
  await page.getByTestId("offer-accept").click();
  await expect(page).toHaveURL(/\/booking\/details$/);
  await page.goto(carrierUrl(CODE, "/booking/repair-date"));
  await expect(page.getByTestId("date-held")).toBeVisible();
  await expect(page.locator(`[data-testid="repair-day"][data-date="${orders[0]!.date}"] input`)).toBeChecked();

  // The link is single-use.
  await page.goto(offerUrl);
  await expect(page.getByTestId("waiting-list-offer")).toHaveAttribute("data-status", "used");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "waitingOffer.used.title"));
});

test("an unknown or mangled offer link gets a clear page, in the site's language", async ({ page }) => {
  const response = await page.goto(carrierUrl(CODE, "/booking/waiting-list/offer?token=not-a-real-token-at-all"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "waitingOffer.unknown.title"));
  await page.goto(carrierUrl("flickwerk", "/booking/waiting-list/offer"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "waitingOffer.unknown.title"));
});
