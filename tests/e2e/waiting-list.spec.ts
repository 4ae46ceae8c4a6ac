/**
 * The waiting list (issue 10 item 7, ADR 094) in Chromium. A remote area with one appointment a day
 * is booked up through the booking UI for the ten days the repair-date step shows; a customer who
 * finds no date joins the waiting list in the modal; an order in the area is cancelled on the
 * manage page (the latest one, so it is more than 24 hours away); the
 * customer opens the offer's link (from the e-mail they were sent, on the development outbox page)
 * and is taken to the details step with the freed day held for them. A used and
 * an unknown link get their own pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, deviceIntoBasket, engineSeedOf, expectNoSeriousA11yViolations, managePath, MODELS, type BookedOrder } from "../support/book-through-ui";
import { text } from "../support/booking-journey";

const CODE = "patchpoint";
const available = (page: Page) => page.locator('[data-testid="repair-day"][data-available="true"]');

let carrier: CmsEntry;
let postcode: string;
/** The order whose cancellation frees a day: the latest booked, more than 24 hours away. */
let freed: BookedOrder;

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB" });

test.beforeAll(async () => {
  carrier = (await seededCarriers()).find((entry) => entry.code === CODE)!;
  const areas = engineSeedOf(CODE).service_areas;
  postcode = `${areas.find((area) => area.code === "caithness")!.postcode_prefixes[0]} 4AA`;
});

/** The offer's link from the e-mail the waiting customer was sent, read on the development outbox page (newest first). */
async function offerUrlFromOutbox(page: Page): Promise<string> {
  let url = "";
  await expect(async () => {
    await page.goto(carrierUrl(CODE, "/dev/outbox"));
    const texts = await page.getByTestId("outbox-text").allTextContents();
    const found = texts.map((body) => /https?:\/\/[^\s]+\/booking\/waiting-list\/offer\?token=[^\s)]+/.exec(body)?.[0]).find(Boolean);
    expect(found, "the offer e-mail is in the outbox").toBeTruthy();
    url = found!;
  }).toPass({ timeout: 30_000 });
  return url;
}

test("a customer who finds no date joins the waiting list and books the day a cancellation frees", async ({ page, browser }) => {
  test.setTimeout(420_000);
  await deviceIntoBasket(page, carrier, MODELS.phone, postcode);
  // Other customers take every day shown, each the first one still free.
  const orders: BookedOrder[] = [];
  for (let round = 0; round < 10; round++) {
    await page.goto(carrierUrl(CODE, "/booking/repair-date"));
    if ((await available(page).count()) === 0) break;
    orders.push(await bookThroughUi(browser, carrier, { postcode }));
  }
  await expect(available(page)).toHaveCount(0);
  freed = orders.sort((a, b) => a.date.localeCompare(b.date)).at(-1)!;

  // The modal: name, e-mail and telephone required; sending, then the thank-you.
  const modal = page.getByTestId("no-dates-dialog");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: text("en", "waitingList.submit") }).click();
  await expect(modal.getByTestId("error-name")).toHaveText(text("en", "waitingList.errors.nameMissing"));
  // A pasted control character (ADR 231): the name's error, every value kept as typed without it.
  await modal.getByLabel(text("en", "waitingList.name")).fill("Grace\u0000 Hopper");
  await modal.getByLabel(text("en", "waitingList.email")).fill("grace@example.com");
  await modal.getByLabel(text("en", "waitingList.phone")).fill("07700 900456");
  await modal.getByRole("button", { name: text("en", "waitingList.submit") }).click();
  await expect(modal.getByTestId("error-name")).toHaveText(text("en", "landing.unsupportedCharacters", {}, "common"));
  await expect(modal.getByLabel(text("en", "waitingList.name"))).toHaveValue("Grace Hopper");
  await expect(modal.getByLabel(text("en", "waitingList.email"))).toHaveValue("grace@example.com");
  await expect(modal.getByLabel(text("en", "waitingList.phone"))).toHaveValue("07700 900456");
  await expect(page.getByTestId("waiting-list-sent")).toHaveCount(0);
  await modal.getByRole("button", { name: text("en", "waitingList.submit") }).click();
  await expect(page.getByTestId("waiting-list-sent")).toContainText(text("en", "waitingList.sentText"));
  await expectNoSeriousA11yViolations(page);

  // Another customer cancels the first of the booked days on the manage page.
  const manage = await browser.newPage({ locale: "en-GB" });
  await manage.goto(carrierUrl(CODE, managePath(freed, { modal: "cancel", step: "phrase" })));
  await manage.getByTestId("cancel-phrase-input").fill("CANCEL-REPAIR");
  await manage.getByTestId("cancel-submit").click();
  await manage.reload();
  await expect(manage.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "CANCELLED");
  await manage.close();

  // The offer's link leads to this site; opening it only shows the held day.
  const offerUrl = await offerUrlFromOutbox(page);
  expect(new URL(offerUrl).origin).toBe(new URL(carrierUrl(CODE)).origin);
  await page.goto(offerUrl);
  const offer = page.getByTestId("waiting-list-offer");
  await expect(offer).toHaveAttribute("data-status", "valid");
  await expect(offer.getByRole("heading")).toHaveText(text("en", "valid.title", {}, "waitingOffer"));
  await expectNoSeriousA11yViolations(page);

  // Taking it: on to the details step, the freed day held for this booking.
  await page.getByTestId("offer-accept").click();
  await expect(page).toHaveURL(/\/booking\/details$/);
  await page.goto(carrierUrl(CODE, "/booking/repair-date"));
  await expect(page.getByTestId("date-held")).toBeVisible();
  await expect(page.locator(`[data-testid="repair-day"][data-date="${freed.date}"] input`)).toBeChecked();

  // The link is single-use.
  await page.goto(offerUrl);
  await expect(page.getByTestId("waiting-list-offer")).toHaveAttribute("data-status", "used");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "used.title", {}, "waitingOffer"));
});

test("an unknown or mangled offer link gets a clear page, in the site's language", async ({ page }) => {
  const response = await page.goto(carrierUrl(CODE, "/booking/waiting-list/offer?token=not-a-real-token-at-all"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "unknown.title", {}, "waitingOffer"));
  await page.goto(carrierUrl("flickwerk", "/booking/waiting-list/offer?lng=de"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "unknown.title", {}, "waitingOffer"));
});
