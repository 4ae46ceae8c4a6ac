/**
 * Attribution and the insurance answer (issue 21, ADR 135) in Chromium, on PatchPoint (a landing
 * page, the insurance question, area managers; its `referrerMakes` maps the referrer `samsung` to
 * Samsung, make 1):
 *
 * - a visitor lands with `?referrer=…&lucidRef=…`, says the phone is insured, books and pays; a
 *   second landing with other codes while the booking is open changes nothing of it. The complete
 *   page shows the insurance answer; the area manager's jobs show referrer, Lucid reference,
 *   channel and the answer.
 * - a German visitor (Flickwerk) sees the answer in German on the complete page.
 * - on a phone-sized screen, a landing from the referrer of Samsung offers only Samsung: the make
 *   step is skipped and another make's pages lead back to Samsung's. Without it, every make shows.
 * - junk in the landing URL is dropped, a valid code beside it kept; the pages answer 200.
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, coveredPostcode, expectNoSeriousA11yViolations } from "../support/book-through-ui";

const CARRIER = "patchpoint";
const PASSWORD = "DemoStaff-2026!";
const MANAGER = "manager.central";
const PHONE = { width: 390, height: 844 };

let carrier: CmsEntry;
test.beforeAll(async () => {
  carrier = (await seededCarriers({ sort: "code:asc" })).find((c) => c.code === CARRIER)!;
});

test.describe("attribution and the insurance answer", () => {
  test("the landing's referrer and lucidRef and the insurance answer reach the area manager's jobs", async ({ browser }) => {
    test.setTimeout(240_000);
    const lucidRef = `LUC-${Date.now().toString(36)}`;
    const order = await bookThroughUi(browser, carrier, {
      dayIndex: 4,
      landing: `/?referrer=partner-shop&lucidRef=${lucidRef}`,
      insured: true,
      // A second landing with other codes while the booking is open: the booking keeps its first.
      inBasket: async (page) => {
        await page.goto(carrierUrl(CARRIER, "/booking/start?referrer=late-comer&lucidRef=LATE-1"));
        await page.goto(carrierUrl(CARRIER, "/booking/basket"));
        await page.getByTestId("basket-item").first().waitFor();
      },
      onComplete: async (page) => {
        await expect(page.getByTestId("overview-device-insurance")).toHaveText("Insured: keep your confirmation to claim the cost from your insurer");
      },
    });

    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(carrierUrl(CARRIER, "/store/login"));
    await page.getByLabel("Username").fill(MANAGER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("store-login-submit").click();
    await expect(page).toHaveURL(carrierUrl(CARRIER, "/store"));
    await page.goto(carrierUrl(CARRIER, `/store/area/jobs?date=${order.date}`));
    const job = page.locator(`[data-testid="area-job"][data-order-ref="${order.orderRef}"]`);
    await expect(job.getByTestId("area-job-attribution")).toHaveText(`Referrer: partner-shop · Lucid reference: ${lucidRef} · Channel: web`);
    await expect(job.getByTestId("area-job-insurance")).toHaveText(/: insured$/);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  test("a German visitor's insurance answer shows in German on the complete page", async ({ browser }) => {
    test.setTimeout(180_000);
    const german = (await seededCarriers({ sort: "code:asc" })).find((c) => c.countryCode === "DE" && c.defaultLocale === "de" && c.inWarrantyStatus === true);
    expect(german, "a German carrier that asks the insurance question").toBeTruthy();
    await bookThroughUi(browser, german!, {
      lang: "de",
      dayIndex: 2,
      insured: true,
      onComplete: async (page) => {
        await expect(page.getByTestId("overview-device-insurance")).toHaveText(
          "Versichert: Bewahren Sie Ihre Bestätigung auf, um die Kosten bei Ihrer Versicherung geltend zu machen",
        );
      },
    });
  });

  test("on a phone, the referrer of a make is offered only that make", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, locale: "en-GB" });
    const page = await context.newPage();
    // Upper case in the link: referrer codes compare without regard to case.
    expect((await page.goto(carrierUrl(CARRIER, "/?referrer=Samsung")))?.status()).toBe(200);
    await page.goto(carrierUrl(CARRIER, `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(carrier))}`));
    await expect(page).toHaveURL(/\/booking\/device\/type/);
    await expect(page.getByTestId("device-type")).toContainText("Choose the type of Samsung device you would like repaired.");

    // The make step and another make's pages lead back to Samsung's.
    await page.goto(carrierUrl(CARRIER, "/booking/device/make"));
    await expect(page).toHaveURL(/\/booking\/device\/type\?make=1$/);
    await page.goto(carrierUrl(CARRIER, "/booking/device/type?make=2"));
    await expect(page).toHaveURL(/\/booking\/device\/type\?make=1$/);
    await page.goto(carrierUrl(CARRIER, "/booking/device/model?make=2&kind=phone"));
    await expect(page).toHaveURL(/\/booking\/device\/type\?make=1$/);
    await page.getByTestId("device-type").getByRole("link", { name: "Phone" }).click();
    await expect(page).toHaveURL(/\/booking\/device\/model\?make=1&kind=phone/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Samsung");
    await context.close();

    // Without the referrer, every make is offered.
    const plain = await browser.newContext({ viewport: PHONE, locale: "en-GB" });
    const other = await plain.newPage();
    await other.goto(carrierUrl(CARRIER, `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(carrier))}`));
    await expect(other).toHaveURL(/\/booking\/device\/make/);
    for (const make of ["Apple", "Samsung", "Google"]) await expect(other.getByTestId("device-make").getByRole("link", { name: make })).toBeVisible();
    await plain.close();
  });

  test("junk in the landing URL is dropped and the valid code kept, never an error", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    // The kept codes, read from the signed cookie's payload (base64 JSON before the signature).
    const kept = async () => {
      const cookie = (await context.cookies()).find((entry) => entry.name === "__attribution");
      if (!cookie) return null;
      const payload = decodeURIComponent(cookie.value);
      return JSON.parse(Buffer.from(payload.slice(0, payload.lastIndexOf(".")), "base64").toString("utf8")) as unknown;
    };
    const junk = `/?referrer=${encodeURIComponent('"><script>alert(1)</script>')}&lucidRef=LUC-ok`;
    expect((await page.goto(carrierUrl(CARRIER, junk)))?.status()).toBe(200);
    expect(await kept()).toEqual({ referrer: null, lucidRef: "LUC-ok" });
    // Junk alone (a space, 300 characters) changes nothing.
    expect((await page.goto(carrierUrl(CARRIER, `/booking/start?referrer=${encodeURIComponent("samsung phones")}&lucidRef=${"x".repeat(300)}`)))?.status()).toBe(200);
    expect(await kept()).toEqual({ referrer: null, lucidRef: "LUC-ok" });
    // A junk referrer is nobody's: a booking started now is offered every make.
    await page.goto(carrierUrl(CARRIER, `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(carrier))}`));
    await expect(page).toHaveURL(/\/booking\/device\/make/);
    await context.close();
  });
});
