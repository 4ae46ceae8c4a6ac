/**
 * Spec fidelity (issue 21): small rules of the spec a visitor sees, in Chromium. Carriers are chosen
 * by their CMS switches, except where the issue names a demo carrier.
 */
import { expect, test } from "@playwright/test";
import { appGet, carrierUrl } from "../support/app";
import { basketToPayment, bookingWithDevice, chooseFirstAvailableDate, fillDetails, text } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

// Whole bookings from the postcode: more than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ "populate[theme]": "true", sort: "code:asc" });
  expect(carriers.length).toBeGreaterThanOrEqual(10);
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;
/** A carrier whose booking goes postcode → device → basket → date → details → checkout → payment. */
const plainFlow = (c: CmsEntry) =>
  !c.maintenance && !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff") && !on(c, "addressLookup") && !on(c, "applianceVariant") && !on(c, "confirmOnly") && !on(c, "singleMakeOnly");
const byCode = (code: string) => {
  const found = carriers.find((carrier) => carrier.code === code);
  expect(found, `the demo carrier ${code}`).toBeTruthy();
  return found!;
};

test.describe("/doorstep/payment (spec §2 top-level routes)", () => {
  test("is served: it sends the visitor to the payment step keeping the query, not a 404", async () => {
    const carrier = carriers.find((c) => c.countryCode === "GB" && plainFlow(c))!;
    const response = await appGet(`${carrier.code}.localhost`, "/doorstep/payment?billing=edit&utm_source=email");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/booking/payment?billing=edit&utm_source=email");
    const bare = await appGet(`${carrier.code}.localhost`, "/doorstep/payment");
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe("/booking/payment");
  });

  test("a visitor without a booking lands on the start of the booking, not on a 'not found' page", async ({ page }) => {
    const carrier = carriers.find((c) => c.countryCode === "GB" && plainFlow(c))!;
    const response = await page.goto(carrierUrl(String(carrier.code), "/doorstep/payment"));
    expect(response!.status()).toBe(200);
    await expect(page).toHaveURL(/\/booking\/(postcode-search|address-search)/);
  });

  test("a visitor with a booking ready to pay gets its payment step, with the query's billing panel open", async ({ page }) => {
    const carrier = carriers.find((c) => c.countryCode === "GB" && c.defaultLocale === "en" && plainFlow(c))!;
    await bookingWithDevice(page, carrier);
    await basketToPayment(page, "en", carrier);
    const total = (await page.getByTestId("payment-total").textContent())!.trim();
    await page.goto(carrierUrl(String(carrier.code), "/"));
    await page.goto(carrierUrl(String(carrier.code), "/doorstep/payment?billing=edit"));
    await expect(page).toHaveURL(/\/booking\/payment\?billing=edit$/);
    await expect(page.getByTestId("payment-total")).toHaveText(total);
    await expect(page.getByTestId("billing-form")).toBeVisible();
    // A UK carrier has no German policy sentence, at payment or checkout.
    expect(carrier.showPolicyPhrase).toBe(false);
    await expect(page.getByTestId("policy-phrase")).toHaveCount(0);
    await page.goto(carrierUrl(String(carrier.code), "/booking/checkout"));
    await expect(page.getByTestId("continue-to-payment")).toBeVisible();
    await expect(page.getByTestId("policy-phrase")).toHaveCount(0);
  });
});

test.describe("the German policy phrase (spec §9)", () => {
  test("the German demo carrier shows the withdrawal and cancellation sentence with its link at checkout and payment", async ({ page }) => {
    const carrier = byCode("flickwerk");
    expect(carrier.showPolicyPhrase, "flickwerk's CMS switch").toBe(true);
    await bookingWithDevice(page, carrier);
    await page.getByRole("link", { name: text("de", "basket.continue") }).click();
    await chooseFirstAvailableDate(page, "de");
    await fillDetails(page, "de", carrier);

    const sentence = text("de", "common.policyPhrase").replace(/<\/?policy>/g, "");
    const linkText = /<policy>(.*)<\/policy>/.exec(text("de", "common.policyPhrase"))![1]!;
    for (const step of ["checkout", "payment"]) {
      if (step === "payment") {
        await page.getByTestId("continue-to-payment").click();
        await expect(page).toHaveURL(/\/booking\/payment$/);
      }
      const phrase = page.getByTestId("policy-phrase");
      await expect(phrase, `the policy sentence at ${step}`).toHaveText(sentence);
      await expect(phrase.getByRole("link", { name: linkText })).toHaveAttribute("href", "/terms");
    }
    // Its link opens the terms, which hold the withdrawal policy.
    const [terms] = await Promise.all([page.context().waitForEvent("page"), page.getByTestId("policy-phrase-link").click()]);
    await expect(terms).toHaveURL(/\/terms$/);
    await expect(terms.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
