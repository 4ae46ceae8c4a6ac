/**
 * The booking flow after the devices (spec §2 basket, repair-date, details, checkout, payment,
 * complete; §4 card payment; §8 promo and payment outcomes): whole bookings from the postcode to
 * the complete page with the sandbox gateway's test cards, for a UK carrier, the carrier with the
 * 'complete and confirm' pay button, and the German carrier in German. Carriers are chosen by their
 * CMS switches; covered postcodes and promo codes come from their engine seed files.
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import {
  basketToPayment,
  bookingWithDevice,
  chooseFirstAvailableDate,
  expectNoSeriousA11yViolations,
  fillDetails,
  payWith,
  promoCodes,
  text,
  toast,
} from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
  expect(carriers.length).toBeGreaterThan(0);
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;

function pick(description: string, matches: (carrier: CmsEntry) => boolean): CmsEntry {
  const found = carriers.find((carrier) => !carrier.maintenance && matches(carrier));
  expect(found, description).toBeTruthy();
  return found!;
}

/** Switches that add steps before the devices or change the devices themselves. */
const plainFlow = (c: CmsEntry) => !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff") && !on(c, "addressLookup") && !on(c, "applianceVariant") && !on(c, "confirmOnly");

const plainUkCarrier = () =>
  pick(
    "a UK carrier with the plain pay button",
    (c) => c.countryCode === "GB" && c.defaultLocale === "en" && plainFlow(c) && c.payButtonVariant === "pay" && !on(c, "singleMakeOnly"),
  );
const completeAndConfirmCarrier = () =>
  pick("a UK carrier whose pay button completes and confirms", (c) => c.countryCode === "GB" && plainFlow(c) && c.payButtonVariant === "complete-and-confirm");
const germanCarrier = () => pick("the German carrier", (c) => c.countryCode === "DE" && c.defaultLocale === "de" && plainFlow(c));

test.describe("a whole booking with the sandbox card", () => {
  for (const [label, choose] of [
    ["a UK carrier", plainUkCarrier],
    ["the carrier whose pay button completes and confirms", completeAndConfirmCarrier],
  ] as const) {
    test(`${label}: postcode to complete, with the order reference`, async ({ page }) => {
      const carrier = choose();
      await bookingWithDevice(page, carrier);

      // Basket: the device, its repair with its price, the free battery line, the total.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "basket.title"));
      const item = page.getByTestId("basket-item");
      await expect(item).toHaveCount(1);
      await expect(item.getByRole("heading")).toContainText("iPhone 16 Pro Max");
      await expect(item.getByTestId("basket-line-problem")).toContainText(/£\d+\.\d\d/);
      await expect(item.getByTestId("basket-line-battery")).toContainText(text("en", "basket.free", {}, "booking"));
      await expect(page.getByTestId("basket-subtotal")).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: text("en", "basket.terms", {}, "booking") })).toHaveAttribute("target", "_blank");
      await expectNoSeriousA11yViolations(page);
      const total = (await page.getByTestId("basket-total").textContent())!;

      await page.getByRole("link", { name: text("en", "basket.continue") }).click();
      await expectNoSeriousA11yViolations(page);
      await chooseFirstAvailableDate(page, "en");

      // Details: clear messages for what is missing, then the form goes through.
      await page.getByRole("button", { name: text("en", "details.continue") }).click();
      await expect(page.getByTestId("details-error-summary")).toHaveText(text("en", "details.errorSummary"));
      await expect(page.getByTestId("error-first_name")).toHaveText(text("en", "details.errors.firstNameMissing"));
      await expect(page.getByRole("textbox", { name: text("en", "details.email"), exact: true })).toHaveAttribute("aria-invalid", "true");
      await page.getByRole("textbox", { name: text("en", "details.phone"), exact: true }).fill("0301234567");
      await page.getByRole("textbox", { name: text("en", "details.email"), exact: true }).fill("ada@");
      await page.getByRole("button", { name: text("en", "details.continue") }).click();
      await expect(page.getByTestId("error-email")).toHaveText(text("en", "details.errors.emailInvalid"));
      await expectNoSeriousA11yViolations(page);
      // A phone number of another country is not a number the technician's SMS reaches.
      await fillDetails(page, "en", carrier, { phone: "+49 30 12345678", expectCheckout: false });
      await expect(page.getByTestId("error-phone_number")).toHaveText(text("en", "details.errors.phoneInvalid"));
      await expect(page.getByRole("textbox", { name: text("en", "details.firstName"), exact: true })).toHaveValue("Ada");
      await fillDetails(page, "en", carrier);

      // Checkout: the booking overview before payment.
      await expect(page.getByTestId("overview-repair-address")).toContainText("10 Example Street");
      await expect(page.getByTestId("overview-repair-location")).toHaveText(text("en", "overview.doorstep"));
      await expect(page.getByTestId("overview-date")).toHaveText(/\d{4}/);
      // The first available day is today before the same-day cut-off: then it is confirmed at payment (what-next.spec.ts).
      await expect(page.getByTestId("overview-timeslot")).toHaveText(new RegExp(`^(${text("en", "overview.timeslotPending")}|${text("en", "overview.timeslotAtCheckout")})$`));
      await expect(page.getByTestId("overview-phone")).toHaveText("+447700900123");
      await expect(page.getByTestId("overview-email")).toHaveText("ada.lovelace@example.com");
      await expect(page.getByTestId("overview-device-identifier")).toContainText(text("en", "overview.identifierMissing"));
      await expect(page.getByTestId("overview-billing-address")).toContainText("Ada Lovelace");
      await expect(page.getByTestId("overview-convenience-charge")).toContainText("£59.00");
      await expect(page.getByTestId("overview-battery")).toContainText("iPhone 16 Pro Max");
      await expect(page.getByTestId("overview-total")).toHaveText(total);
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId("continue-to-payment").click();

      // Payment: the total, the carrier's pay button, a method is required.
      await expect(page.getByTestId("payment-total")).toHaveText(total);
      if (carrier.payButtonVariant === "complete-and-confirm") {
        await expect(page.getByTestId("pay-button")).toHaveText("Complete payment and confirm booking");
        await expect(page.getByTestId("pay-info")).toHaveText(text("en", "payment.completeAndConfirmInfo"));
      } else {
        await expect(page.getByTestId("pay-button")).toHaveText(`Pay ${total}`);
        await expect(page.getByTestId("pay-info")).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId("pay-button").click();
      await expect(page.getByTestId("method-error")).toHaveText("Payment method must be chosen");
      await expect(toast(page, "error", /Payment method must be chosen/)).toBeVisible();
      await payWith(page, "en", "card-valid");

      // Complete: the order reference, the overview and what happens next.
      await expect(page).toHaveURL(/\/booking\/complete$/);
      await expect(page.getByTestId("order-reference")).toHaveText(/Your order reference is \d+/);
      await expect(page.getByTestId("overview-order-reference")).toHaveText(/^\d+$/);
      await expect(page.getByTestId("overview-timeslot")).toHaveText(/^\d\d:\d\d–\d\d:\d\d$/);
      // Booked for a later day, the 18:00 confirmation is to come; booked for today, the timeslot is confirmed now (what-next.spec.ts).
      await expect(page.getByTestId("what-next")).toContainText(/18:00|confirmed now/);
      await expect(page.getByTestId("what-next")).toContainText("60 minutes");
      await expect(page.getByTestId("what-next")).toContainText("15 minutes");
      await expect(page.getByTestId("basket-icon")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("a whole booking in German", () => {
  test.use({ locale: "de-DE" });

  test("the German carrier: German texts, prices without decimals and the symbol after the amount, a declined card, then complete", async ({ page }) => {
    const carrier = germanCarrier();
    await bookingWithDevice(page, carrier);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "basket.title"));
    await expect(page.getByTestId("basket-total")).toHaveText(/^\d+ €$/);
    await basketToPayment(page, "de", carrier);
    await expect(page.getByTestId("payment-total")).toHaveText(/^\d+ €$/);
    const total = (await page.getByTestId("payment-total").textContent())!;
    await expect(page.getByTestId("pay-button")).toHaveText(`${total} bezahlen`);

    await payWith(page, "de", "card-declined");
    await expect(page.getByTestId("payment-error")).toContainText(text("de", "toasts.paymentDeclined", {}, "booking"));
    await expect(toast(page, "error", text("de", "toasts.paymentDeclined", {}, "booking"))).toBeVisible();

    await payWith(page, "de", "card-valid");
    await expect(page).toHaveURL(/\/booking\/complete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "title", {}, "complete"));
    await expect(page.getByTestId("order-reference")).toHaveText(/Ihre Auftragsnummer lautet \d+/);
    await expect(page.getByTestId("overview-convenience-charge")).toContainText("99 €");
    await expectNoSeriousA11yViolations(page);
  });

  test("an engine error no page names (the device removed meanwhile in another tab) toasts the neutral German text for 15 s, never 'declined'", async ({ page, context }) => {
    const carrier = germanCarrier();
    await page.clock.install();
    await bookingWithDevice(page, carrier);
    // This tab asks to remove the device …
    await page.getByTestId("basket-item-delete").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // … while a second tab of the same visitor removes it first.
    const other = await context.newPage();
    await other.goto(carrierUrl(String(carrier.code), "/booking/basket"));
    await other.getByTestId("basket-item-delete").click();
    await other
      .getByRole("dialog")
      .getByRole("button", { name: text("de", "basket.deleteConfirm") })
      .click();
    await expect(other.getByTestId("basket-empty")).toBeVisible();
    await other.close();

    // The engine answers NOT_FOUND, a code §8 only knows as 'any other'.
    await dialog.getByRole("button", { name: text("de", "basket.deleteConfirm") }).click();
    const neutral = toast(page, "error", text("de", "toast.genericError", {}, "common"));
    await expect(neutral).toBeVisible();
    await expect(neutral).toHaveText(/Etwas ist schiefgelaufen\. Bitte versuchen Sie es erneut\./);
    await expect(toast(page, "error", text("de", "toasts.paymentDeclined", {}, "booking"))).toHaveCount(0);
    // §8 'any other': 15 seconds, not the 6 of a decline.
    await page.clock.fastForward(12_000);
    await expect(neutral).toBeVisible();
    await page.clock.fastForward(4_000);
    await expect(neutral).toBeHidden();
  });
});

test.describe("payment outcomes (spec §8)", () => {
  test("a declined card says so and stays on payment; a failed 3-D Secure check is a card error; then a good card pays", async ({ page }) => {
    const carrier = plainUkCarrier();
    await bookingWithDevice(page, carrier);
    await basketToPayment(page, "en", carrier);

    await payWith(page, "en", "card-declined");
    await expect(page).toHaveURL(/\/booking\/payment$/);
    await expect(page.getByTestId("payment-error")).toContainText("Something went wrong with your payment");
    await expect(page.getByTestId("payment-error")).toContainText("Your payment method was declined. Please try again with a different card or payment method.");
    await expect(toast(page, "error", "Your payment method was declined. Please try again with a different card or payment method.")).toBeVisible();

    await payWith(page, "en", "card-3ds-failed");
    await expect(page.getByTestId("payment-error")).toContainText("There was a problem confirming payment. Please try again or contact your bank.");

    await payWith(page, "en", "paypal");
    await expect(page).toHaveURL(/\/booking\/complete$/);
    await expect(page.getByTestId("order-reference")).toHaveText(/\d+/);
  });
});

test.describe("charging once", () => {
  test("the same payment form posted twice at once makes one order", async ({ page }) => {
    const carrier = plainUkCarrier();
    await bookingWithDevice(page, carrier);
    await basketToPayment(page, "en", carrier);
    const total = await page.locator('input[name="expected_total"]').inputValue();
    // Two document posts of the same form at once, as a double click without JavaScript sends them
    // (from the page, so they carry its cookie): both end on the complete page of one order.
    const landed = await page.evaluate(async (expectedTotal) => {
      const post = () =>
        fetch("/booking/payment", { method: "POST", body: new URLSearchParams({ method: "card-valid", expected_total: expectedTotal }) }).then(
          (answer) => new URL(answer.url).pathname,
        );
      return Promise.all([post(), post()]);
    }, total);
    expect(landed).toEqual(["/booking/complete", "/booking/complete"]);
    await page.goto(carrierUrl(String(carrier.code), "/booking/complete"));
    await expect(page.getByTestId("overview-order-reference")).toHaveText(/^\d+$/);
    await expect(toast(page, "error", /./)).toHaveCount(0);
  });
});

test.describe("basket", () => {
  test("promo codes: not recognised, invalid, applied with subtotal and promo, removed, already used", async ({ page }) => {
    const carrier = plainUkCarrier();
    const codes = promoCodes(carrier);
    await bookingWithDevice(page, carrier);
    const promo = page.getByLabel(text("en", "basket.promoLabel"));
    const apply = page.getByRole("button", { name: text("en", "basket.promoApply") });

    await promo.fill("NO-SUCH-CODE");
    await apply.click();
    await expect(toast(page, "error", /Sorry, we don't recognise that promo code\./)).toBeVisible();
    await expect(page.getByTestId("error-code")).toHaveText("Sorry, we don't recognise that promo code.");

    await promo.fill(codes.expired);
    await apply.click();
    await expect(page.getByTestId("error-code")).toHaveText(text("en", "toasts.promoInvalid", {}, "booking"));

    await promo.fill(codes.reusable.toLowerCase());
    await apply.click();
    await expect(toast(page, "success", `Promo code ${codes.reusable} applied.`)).toBeVisible();
    await expect(page.getByTestId("basket-subtotal")).toBeVisible();
    await expect(page.getByTestId("basket-discount")).toHaveText(/^−£\d+\.\d\d$/);

    await page.getByRole("button", { name: text("en", "basket.promoRemoveLabel", { code: codes.reusable }) }).click();
    await expect(toast(page, "success", /Promo code removed\./)).toBeVisible();
    await expect(page.getByTestId("basket-subtotal")).toHaveCount(0);

    // A single-use code paid with once is used up for the next booking.
    await promo.fill(codes.singleUse);
    await apply.click();
    await expect(page.getByTestId("promo-applied")).toContainText(codes.singleUse);
    await basketToPayment(page, "en", carrier);
    await payWith(page, "en", "card-valid");
    await expect(page.getByTestId("overview-promo-code")).toHaveText(codes.singleUse);

    await bookingWithDevice(page, carrier);
    await page.getByLabel(text("en", "basket.promoLabel")).fill(codes.singleUse);
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(page.getByTestId("error-code")).toHaveText(text("en", "toasts.promoAlreadyUsed", {}, "booking"));
  });

  test("removing a device asks first; clear booking starts over", async ({ page }) => {
    const carrier = completeAndConfirmCarrier();
    await bookingWithDevice(page, carrier);
    await page.getByTestId("basket-item-delete").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Remove iPhone 16 Pro Max");
    await dialog.getByRole("link", { name: text("en", "basket.deleteCancel") }).click();
    await expect(page.getByTestId("basket-item")).toHaveCount(1);

    await page.getByTestId("basket-item-delete").click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: text("en", "basket.deleteConfirm") })
      .click();
    await expect(page.getByTestId("basket-empty")).toBeVisible();
    // Single-make carriers add a device at the device type of their make.
    await expect(page.getByTestId("basket-empty").getByRole("link")).toHaveAttribute("href", /\/booking\/device\/type/);

    await bookingWithDevice(page, carrier);
    await expect(page.getByTestId("basket-count")).toHaveText("1");
    await page.getByTestId("clear-booking").click();
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
    await expect(page.getByTestId("basket-icon")).toHaveCount(0);
    await page.goto(carrierUrl(String(carrier.code), "/booking/basket"));
    await expect(page).toHaveURL(/\/booking\/postcode-search$/);
  });
});

test.describe("without JavaScript", () => {
  test("basket, promo, date, details, checkout and payment are real forms: the booking completes", async ({ browser }) => {
    const carrier = plainUkCarrier();
    // The device steps are another area's; this journey starts at the basket they lead to.
    const withScript = await browser.newContext();
    await bookingWithDevice(await withScript.newPage(), carrier);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await withScript.storageState() });
    await withScript.close();
    const page = await context.newPage();
    await page.goto(carrierUrl(String(carrier.code), "/booking/basket"));
    await expect(page.getByTestId("basket-item")).toHaveCount(1);

    await page.getByLabel(text("en", "basket.promoLabel")).fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(page.getByTestId("error-code")).toHaveText("Sorry, we don't recognise that promo code.");
    await page.getByLabel(text("en", "basket.promoLabel")).fill(promoCodes(carrier).reusable);
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(page.getByTestId("basket-subtotal")).toBeVisible();

    await page.getByTestId("basket-item-delete").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: text("en", "basket.deleteCancel") })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: text("en", "basket.continue") }).click();
    await page.getByTestId("load-more-dates").click();
    await expect(page.getByTestId("repair-day")).toHaveCount(20);
    await chooseFirstAvailableDate(page, "en");

    await page.getByRole("radio", { name: text("en", "details.billingOther") }).check();
    await page.getByRole("button", { name: text("en", "details.continue") }).click();
    await expect(page.getByTestId("error-billing_line_1")).toHaveText(text("en", "details.errors.billingLine1Missing"));
    // The billing fields stay open after the answer (CSS shows them while 'a different address' is chosen).
    await expect(page.getByTestId("billing-fields")).toBeVisible();
    await page.getByRole("textbox", { name: text("en", "details.billingFirstName") }).fill("Charles");
    await page.getByRole("textbox", { name: text("en", "details.billingLastName") }).fill("Babbage");
    await page
      .getByTestId("billing-fields")
      .getByRole("textbox", { name: text("en", "details.line1"), exact: true })
      .fill("1 Dorset Street");
    await page
      .getByTestId("billing-fields")
      .getByRole("textbox", { name: text("en", "details.town"), exact: true })
      .fill("London");
    await page
      .getByTestId("billing-fields")
      .getByRole("textbox", { name: text("en", "details.postcode"), exact: true })
      .fill("W1U 4EG");
    await fillDetails(page, "en", carrier);
    await expect(page.getByTestId("overview-billing-address")).toContainText("Charles Babbage");
    await expect(page.getByTestId("overview-billing-address")).toContainText("W1U 4EG");
    await expect(page.getByTestId("overview-promo-code")).toHaveText(promoCodes(carrier).reusable);

    await page.getByTestId("continue-to-payment").click();
    await page.getByTestId("pay-button").click();
    await expect(page.getByTestId("method-error")).toHaveText("Payment method must be chosen");
    await payWith(page, "en", "card-declined");
    await expect(page.getByTestId("payment-error")).toContainText("Your payment method was declined. Please try again with a different card or payment method.");
    await payWith(page, "en", "card-valid");
    await expect(page).toHaveURL(/\/booking\/complete$/);
    await expect(page.getByTestId("order-reference")).toHaveText(/Your order reference is \d+/);
    await context.close();
  });
});

test.describe("in-warranty booking", () => {
  test("refuses a promo code, shows no prices and completes through confirm-iw without a payment", async ({ page }) => {
    const carrier = pick(
      "a UK carrier offering warranty repairs",
      (c) => c.countryCode === "GB" && plainFlow(c) && on(c, "allowWarrantyRepairs") && on(c, "inWarrantyStatus") && !on(c, "warrantyRepairChargeable"),
    );
    await bookingWithDevice(page, carrier, { inWarranty: true });
    await expect(page.getByTestId("basket-line-problem")).toContainText(text("en", "basket.inWarrantyLine"));
    await expect(page.getByTestId("basket-totals")).toHaveCount(0);
    await expect(page.getByRole("main").getByText(text("en", "basket.inWarranty", {}, "booking"))).toBeVisible();

    await page.getByLabel(text("en", "basket.promoLabel")).fill(promoCodes(carrier).reusable);
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(toast(page, "error", text("en", "toasts.promoOnWarranty", {}, "booking"))).toBeVisible();
    await expect(page.getByTestId("error-code")).toHaveText(text("en", "toasts.promoOnWarranty", {}, "booking"));

    await page.getByRole("link", { name: text("en", "basket.continue") }).click();
    await chooseFirstAvailableDate(page, "en");
    await fillDetails(page, "en", carrier);
    await expect(page.getByTestId("overview-total")).toHaveText(text("en", "overview.inWarranty"));
    await expect(page.getByTestId("continue-to-payment")).toHaveCount(0);
    await page.getByTestId("confirm-booking").click();
    await expect(page).toHaveURL(/\/booking\/complete$/);
    await expect(page.getByTestId("order-reference")).toHaveText(/\d+/);
    await expect(page.getByTestId("overview-device-identifier")).toContainText("490154203237518");
  });
});

test.describe("repair date", () => {
  test("shows 10 days at a time, loads 10 more, and holds the chosen day", async ({ page }) => {
    const carrier = plainUkCarrier();
    await bookingWithDevice(page, carrier);
    await page.getByRole("link", { name: text("en", "basket.continue") }).click();
    const days = page.getByTestId("repair-day");
    await expect(days).toHaveCount(10);
    await page.getByTestId("load-more-dates").click();
    await expect(days).toHaveCount(20);
    await expect(page).toHaveURL(/pages=2/);
    const dates = await days.evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute("data-date")));
    expect(new Set(dates).size).toBe(20);

    // Continuing without a day says what is missing.
    await page.getByRole("button", { name: text("en", "repairDate.continue"), exact: true }).click();
    await expect(page.getByTestId("date-error")).toHaveText(text("en", "repairDate.chooseDay"));

    // A day that cannot be booked (spec §8 BK13): back to the repair dates with the message.
    const closed = page.locator('[data-testid="repair-day"][data-available="false"]').last();
    await closed.locator("input").evaluate((radio: HTMLInputElement) => {
      radio.disabled = false;
      radio.checked = true;
    });
    await page.getByRole("button", { name: text("en", "repairDate.continue"), exact: true }).click();
    await expect(toast(page, "error", /no longer available/)).toBeVisible();
    await expect(page).toHaveURL(/\/booking\/repair-date/);

    const chosen = page.locator('[data-testid="repair-day"][data-available="true"]').last();
    const date = await chosen.getAttribute("data-date");
    await chosen.click();
    await page.getByRole("button", { name: text("en", "repairDate.continue"), exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/details$/);
    await page.goto(carrierUrl(String(carrier.code), "/booking/repair-date?pages=2"));
    await expect(page.getByTestId("date-held")).toBeVisible();
    await expect(page.locator(`[data-date="${date}"] input`)).toBeChecked();
  });
});
