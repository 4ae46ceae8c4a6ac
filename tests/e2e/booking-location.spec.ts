/**
 * The location steps of the booking flow (spec §2 booking flow table, §4 "Booking flow" and
 * "Address selection", §5 postcode rules, §8): postcode and address search, store search, repair
 * location and drop-off, the external options page, start?ref and the booking-code landing.
 * Carriers are chosen by their CMS switches; covered postcodes come from their engine seed files.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
  expect(carriers.length).toBeGreaterThan(0);
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;
const open = (carrier: CmsEntry) => !carrier.maintenance;

interface ServiceArea {
  code: string;
  postcode_prefixes: string[];
}

function serviceAreas(code: string): ServiceArea[] {
  const file = path.join(process.cwd(), "tenants", code, "engine.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { service_areas: ServiceArea[] }).service_areas;
}

type OpeningHours = { days: number[]; opens: string; closes: string }[];

function storeHours(code: string, storeCode: string): OpeningHours {
  const file = path.join(process.cwd(), "tenants", code, "engine.json");
  const stores = (JSON.parse(readFileSync(file, "utf8")) as { stores?: { code: string; opening_hours?: OpeningHours }[] }).stores ?? [];
  return stores.find((store) => store.code === storeCode)?.opening_hours ?? [];
}

function covers(code: string, prefix: string): boolean {
  return serviceAreas(code).some((area) => area.postcode_prefixes.includes(prefix));
}

/** A real-looking postcode inside the carrier's first service area. */
function coveredPostcode(carrier: CmsEntry): string {
  const prefix = serviceAreas(String(carrier.code))[0]!.postcode_prefixes[0]!;
  return carrier.countryCode === "DE" ? prefix.padEnd(5, "1") : `${prefix} 1AA`;
}

function pick(description: string, test: (carrier: CmsEntry) => boolean): CmsEntry {
  const found = carriers.find((carrier) => open(carrier) && test(carrier));
  expect(found, description).toBeTruthy();
  return found!;
}

/** A UK carrier with none of the switches that change the location steps. */
const plainUkCarrier = () =>
  pick(
    "a UK carrier without location switches",
    (c) =>
      c.countryCode === "GB" &&
      c.defaultLocale === "en" &&
      !on(c, "singleMakeOnly") &&
      !on(c, "storeRequired") &&
      !on(c, "allowsInStoreDropOff") &&
      !on(c, "addressLookup") &&
      !on(c, "additionalLandingPage"),
  );

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
}

/** Clicks a form's button and waits for the server's answer (the next step or the form again). */
async function submitForm(page: Page, button: string) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: button }).click();
  await answered;
}

async function submitPostcode(page: Page, value: string) {
  await page.getByLabel("Enter your postcode").fill(value);
  await submitForm(page, "Check postcode");
}

test.describe("postcode search", () => {
  test("says what is wrong with an empty, invalid or uncovered postcode, and a covered one goes on to the device make", async ({ page }) => {
    const carrier = plainUkCarrier();
    await page.goto(carrierUrl(String(carrier.code), "/booking"));
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where do you need the repair?");
    await expectNoSeriousA11yViolations(page);

    await submitPostcode(page, "   ");
    await expect(page.getByTestId("postcode-error")).toHaveText("Please enter a postcode");
    await expect(page.getByLabel("Enter your postcode")).toHaveAttribute("aria-invalid", "true");

    await submitPostcode(page, "NOT A CODE");
    await expect(page.getByTestId("postcode-error")).toHaveText("Please enter a valid postcode.");
    await expect(page.getByLabel("Enter your postcode")).toHaveValue("NOT A CODE");

    // Shetland: a valid UK postcode no demo carrier covers (BK04): the server's message in the error modal (§5, ADR 126).
    await submitPostcode(page, "ZE1 0AA");
    const refused = page.getByRole("alertdialog", { name: "We can't book a repair at this postcode" });
    await expect(refused).toContainText("Sorry, we don't cover that postcode yet.");
    await expect(page.getByTestId("postcode-error")).toHaveCount(0);
    await refused.getByRole("button", { name: "Close" }).click();
    await expect(refused).toHaveCount(0);

    await submitPostcode(page, coveredPostcode(carrier).toLowerCase().replace(" ", "  "));
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });

  test("a single-make carrier goes from a covered postcode straight to the device type", async ({ page }) => {
    const carrier = pick("a single-make carrier", (c) => on(c, "singleMakeOnly") && !on(c, "addressLookup") && !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff"));
    await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search"));
    await submitPostcode(page, coveredPostcode(carrier));
    await expect(page).toHaveURL(/\/booking\/device\/type$/);
  });

  test("a carrier with an additional landing page sends an uncovered postcode to its other options with an error toast", async ({ page }) => {
    const carrier = pick("a carrier with an additional landing page", (c) => on(c, "additionalLandingPage") && !on(c, "addressLookup") && c.defaultLocale === "en");
    await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search"));
    await submitPostcode(page, "ZE1 0AA");
    await expect(page).toHaveURL(/\/booking\/repair-type$/);
    await expect(page.getByTestId("toast-error")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Other ways we can help");
    await expect(page.getByTestId("support-options").getByRole("listitem").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Try another postcode" }).click();
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
  });

  test("the landing hero's postcode is checked straight away, and ?type=business marks a business account", async ({ page }) => {
    const carrier = pick("a carrier with business accounts", (c) => on(c, "businessAccounts") && !on(c, "addressLookup"));
    await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search?type=business"));
    await expect(page.getByTestId("business-account")).toBeVisible();

    const plain = plainUkCarrier();
    await page.goto(carrierUrl(String(plain.code), `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(plain))}`));
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
    await page.goto(carrierUrl(String(plain.code), "/booking/postcode-search?postcode="));
    await expect(page.getByTestId("postcode-error")).toHaveText("Please enter a postcode");
  });
});

test.describe("address search", () => {
  test("an address-lookup carrier's postcode search becomes an address search; a found address goes on to the device", async ({ page }) => {
    const carrier = pick("an address-lookup carrier covering Manchester", (c) => on(c, "addressLookup") && c.countryCode === "GB" && covers(String(c.code), "M1"));
    const code = String(carrier.code);
    await page.goto(carrierUrl(code, "/booking/postcode-search?postcode=M1%201JR"));
    await expect(page).toHaveURL(/\/booking\/address-search\?text=M1\+1JR$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is your address?");

    await page.getByLabel("Start typing your address").fill("Oldham Street");
    await page.getByRole("button", { name: "Find address" }).click();
    const flat = page.getByTestId("address-option").filter({ hasText: "Flat 7, 55 Oldham Street" });
    await expect(flat).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await flat.click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });

  test("a container result opens its addresses; an address the carrier does not cover shows the address error modal", async ({ page }) => {
    const carrier = pick("an address-lookup carrier not covering East London", (c) => on(c, "addressLookup") && c.countryCode === "GB" && !covers(String(c.code), "E1"));
    await page.clock.install();
    await page.goto(carrierUrl(String(carrier.code), "/booking/address-search"));
    await page.getByLabel("Start typing your address").fill("E1 6AN");
    await page.getByRole("button", { name: "Find address" }).click();

    const container = page.getByTestId("address-container").filter({ hasText: "E1 6AN" });
    await expect(container).toBeVisible();
    await container.click();
    await expect(page.getByRole("status").filter({ hasText: "3 addresses in E1 6AN" })).toBeVisible();
    await expect(page.getByTestId("address-option")).toHaveCount(3);

    await page.getByTestId("address-option").filter({ hasText: "Flat 1" }).click();
    const modal = page.getByRole("alertdialog");
    await expect(modal).toBeVisible();
    await expect(modal).toContainText("Sorry, we don't cover that address yet.");
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();

    // Spec §9: the address error disappears by itself after 10 seconds.
    await page.getByTestId("address-option").filter({ hasText: "Flat 2" }).click();
    await expect(modal).toBeVisible();
    await page.clock.fastForward(9_000);
    await expect(modal).toBeVisible();
    await page.clock.fastForward(1_500);
    await expect(modal).toBeHidden();
  });

  test("manual entry needs line 1, the town and the postcode", async ({ page }) => {
    const carrier = pick("an address-lookup carrier covering Manchester", (c) => on(c, "addressLookup") && covers(String(c.code), "M1"));
    await page.goto(carrierUrl(String(carrier.code), "/booking/address-search"));
    await page.getByText("Enter your address manually").click();
    await page.getByLabel("Postcode").fill("");
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.getByText("Please enter the first line of the address.")).toBeVisible();
    await expect(page.getByText("Please enter the town.")).toBeVisible();
    await expect(page.getByText("Please enter a postcode")).toBeVisible();

    await page.getByLabel("Address line 1").fill("3 Piccadilly");
    await page.getByLabel("Town or city").fill("Manchester");
    await page.getByLabel("Postcode").fill("M1 1AA");
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });

  test("works on a 390-pixel-wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const carrier = pick("an address-lookup carrier covering Manchester", (c) => on(c, "addressLookup") && covers(String(c.code), "M1"));
    await page.goto(carrierUrl(String(carrier.code), "/booking/address-search?text=Oldham%20Street"));
    await page.getByTestId("address-option").filter({ hasText: "Flat 7" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });
});

test.describe("the German carrier, in German", () => {
  test.use({ locale: "de-DE" });

  test("postcode messages in German, and an address found inside a postcode container", async ({ page }) => {
    const carrier = pick("a German carrier covering Berlin", (c) => c.countryCode === "DE" && c.defaultLocale === "de" && covers(String(c.code), "10"));
    const code = String(carrier.code);
    await page.goto(carrierUrl(code, "/booking/postcode-search"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wo soll repariert werden?");
    await page.getByLabel("Geben Sie Ihre Postleitzahl ein").fill("");
    await submitForm(page, "Postleitzahl prüfen");
    await expect(page.getByTestId("postcode-error")).toHaveText("Bitte geben Sie eine Postleitzahl ein");
    await page.getByLabel("Geben Sie Ihre Postleitzahl ein").fill("1234");
    await submitForm(page, "Postleitzahl prüfen");
    await expect(page.getByTestId("postcode-error")).toHaveText("Bitte geben Sie eine gültige Postleitzahl ein.");
    // Dresden: a valid PLZ outside the demo carrier's areas: the server's message, in German, in the error modal (ADR 126).
    await page.getByLabel("Geben Sie Ihre Postleitzahl ein").fill("01067");
    await submitForm(page, "Postleitzahl prüfen");
    const refused = page.getByRole("alertdialog", { name: "Für diese Postleitzahl können wir keine Reparatur buchen" });
    await expect(refused).toContainText("Leider sind wir in diesem Postleitzahlgebiet noch nicht im Einsatz.");
    await expect(page.getByTestId("postcode-error")).toHaveCount(0);
    await refused.getByRole("button", { name: "Schließen" }).click();
    await expectNoSeriousA11yViolations(page);

    await page.goto(carrierUrl(code, "/booking/address-search"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wie lautet Ihre Adresse?");
    await page.getByLabel("Geben Sie Ihre Adresse ein").fill("10435");
    await page.getByRole("button", { name: "Adresse suchen" }).click();
    await page.getByTestId("address-container").filter({ hasText: "10435" }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 Adressen in 10435" })).toBeVisible();
    await page.getByTestId("address-option").filter({ hasText: "Kastanienallee 12" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });
});

test.describe("store and drop-off", () => {
  const storeCarrier = () => pick("a carrier that requires a store and takes drop-offs", (c) => on(c, "storeRequired") && on(c, "allowsInStoreDropOff") && !on(c, "addressLookup"));

  test("a store-required carrier asks for the store, then the repair location; a drop-off store leads on to the device", async ({ page }) => {
    const carrier = storeCarrier();
    await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search"));
    await submitPostcode(page, coveredPostcode(carrier));
    await expect(page).toHaveURL(/\/booking\/store-search$/);
    const stores = page.getByTestId("store");
    await expect(stores.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const firstCode = await stores.first().getAttribute("data-store-code");
    // The store's opening hours as operations entered them, one line per group of days.
    const hours = storeHours(String(carrier.code), String(firstCode));
    expect(hours.length, "the demo store has opening hours").toBeGreaterThan(0);
    const shownHours = stores.first().getByTestId("store-hours");
    await expect(shownHours).toContainText("Opening hours");
    await expect(shownHours.getByRole("listitem")).toHaveCount(hours.length);
    for (const [index, entry] of hours.entries()) {
      await expect(shownHours.getByRole("listitem").nth(index)).toHaveText(new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\\S* .*${entry.opens}–${entry.closes}$`));
    }
    await stores.first().getByRole("button").click();
    await expect(page).toHaveURL(/\/booking\/repair-location$/);
    await expect(page.getByRole("radio", { name: /We come to you/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("radio", { name: /Drop off at a store/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/booking\/drop-off-locations$/);
    await expect(page.getByTestId("store").first()).toBeVisible();
    await expect(page.getByTestId("store").first().getByTestId("store-hours")).toContainText("Opening hours");
    await expectNoSeriousA11yViolations(page);

    await page
      .getByTestId("store")
      .first()
      .getByRole("link", { name: /Details of the/ })
      .click();
    await expect(page).toHaveURL(/\/booking\/drop-off-locations\/location\?id=\d+$/);
    await page.getByRole("button", { name: "Drop off here" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);

    // The chosen store stays on the booking.
    await page.goto(carrierUrl(String(carrier.code), "/booking/store-search"));
    await expect(page.getByTestId("current-store")).toContainText(String(firstCode));
  });

  test("an unknown store code is refused; going on without a store leads to the repair location and a doorstep address", async ({ page }) => {
    const carrier = storeCarrier();
    expect(covers(String(carrier.code), "E1"), "the store carrier covers East London").toBe(true);
    await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search"));
    await submitPostcode(page, "E1 6AN");
    await expect(page).toHaveURL(/\/booking\/store-search$/);
    await page.getByLabel("Or enter a store code").fill("NO-SUCH-STORE");
    await page.getByRole("button", { name: "Use store code" }).click();
    await expect(page.getByTestId("store-code-error")).toHaveText("Sorry, we don't recognise that store code.");

    await page.getByRole("button", { name: "Continue without a store" }).click();
    await expect(page).toHaveURL(/\/booking\/repair-location$/);
    await page.getByRole("radio", { name: /Flat 2/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });
});

test.describe("resuming a booking", () => {
  test("start with an unknown ref clears the booking and says so; without a ref it starts at the postcode", async ({ page }) => {
    const carrier = plainUkCarrier();
    await page.goto(carrierUrl(String(carrier.code), "/booking/start?ref=ZZZZZZZZZZZZZZZZ"));
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
    await expect(page.getByTestId("toast-error")).toHaveText(/There is a problem with your booking - please try again\./);

    await page.goto(carrierUrl(String(carrier.code), "/booking/start"));
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
  });

  test("the confirm-booking page needs a booking code and says when it is unknown", async ({ page }) => {
    const carrier = plainUkCarrier();
    await page.goto(carrierUrl(String(carrier.code), "/booking/continue"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm booking");
    await expectNoSeriousA11yViolations(page);
    await submitForm(page, "Find my booking");
    await expect(page.getByTestId("booking-code-error")).toHaveText("Your booking code is missing");

    await page.getByLabel("Booking code").fill("https://book.example/booking/continue?token=");
    await submitForm(page, "Find my booking");
    await expect(page.getByTestId("booking-code-error")).toHaveText("Your booking code is missing");

    await page.getByLabel("Booking code").fill("ABCDE-12345");
    await submitForm(page, "Find my booking");
    await expect(page.getByTestId("booking-code-error")).toHaveText("We couldn't find a booking with that code. Please check it and try again.");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the postcode and address steps still work", async ({ page }) => {
    const carrier = plainUkCarrier();
    const code = String(carrier.code);
    await page.goto(carrierUrl(code, "/booking/postcode-search"));
    await submitPostcode(page, "");
    await expect(page.getByTestId("postcode-error")).toHaveText("Please enter a postcode");
    await submitPostcode(page, coveredPostcode(carrier));
    await expect(page).toHaveURL(/\/booking\/device\/make$/);

    const lookup = pick("an address-lookup carrier not covering East London", (c) => on(c, "addressLookup") && !covers(String(c.code), "E1"));
    await page.goto(carrierUrl(String(lookup.code), "/booking/address-search"));
    await page.getByLabel("Start typing your address").fill("E1 6AN");
    await page.getByRole("button", { name: "Find address" }).click();
    await page.getByTestId("address-container").filter({ hasText: "E1 6AN" }).click();
    await page.getByTestId("address-option").filter({ hasText: "Flat 2" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Sorry, we don't cover that address yet.");
    await page.getByRole("alertdialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();

    await page.getByLabel("Start typing your address").fill("Oldham Street");
    await page.getByRole("button", { name: "Find address" }).click();
    await page.getByTestId("address-option").filter({ hasText: "Flat 7" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/make$/);
  });
});
