/**
 * Bad input loses nothing (non-negotiable 4; ADRs 231, 232, 241): a control character pasted into a typed
 * field answers the same page with that field's error, every other value kept (the details step,
 * with and without JavaScript, the manage lookup (posted or by link), the postcode search, the call-back form, the manage
 * page's reason, address search, IMEI and cancel phrase, the address search, manual address and store
 * search without it, and a container's label from a link left out of the page); a proof of purchase over the limit
 * posted without JavaScript comes back to the manage page with the problem toast (ADR 244) and saying under the field that
 * the file is too large, and with
 * JavaScript the browser still refuses it first. A UK carrier in English, the German carrier in German.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { bookThroughUi, coveredPostcode, deviceIntoBasket, MODELS, managePath, pickCarrier, PHONE, text, toast, type Lang } from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

function checkoutText(lang: Lang, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales", lang, "booking-checkout.json"), "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text booking-checkout.${key}`);
  return value;
}

/** A text of the common namespace (app/i18n/locales/<lang>.json). */
function commonText(lang: Lang, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales", `${lang}.json`), "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no text ${key}`);
  return value;
}

const localeOf = (lang: Lang) => (lang === "de" ? "de-DE" : "en-GB");

/** A booking up to the details step, in a JavaScript context; its cookies for a context of the caller's choosing. */
async function sessionAtDetails(browser: Browser, carrier: CmsEntry, lang: Lang) {
  const context = await browser.newContext({ locale: localeOf(lang) });
  const page = await context.newPage();
  try {
    await deviceIntoBasket(page, carrier, MODELS.phone);
    await page.getByRole("link", { name: checkoutText(lang, "basket.continue") }).click();
    await expect(page).toHaveURL(/\/booking\/repair-date/);
    await page.locator('[data-testid="repair-day"][data-available="true"]').first().click();
    await page.getByRole("button", { name: checkoutText(lang, "repairDate.continue"), exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/details$/);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Sends a GET form (a search) by its button; the answer to the page's navigation. */
async function navigate(page: Page, button: ReturnType<Page["getByRole"]>) {
  const [answer] = await Promise.all([page.waitForResponse((response) => response.request().isNavigationRequest() && response.request().method() === "GET"), button.click()]);
  return answer;
}

/** Posts the page's form by its submit button; the answer to the post. */
async function submit(page: Page, button: ReturnType<Page["getByRole"]>) {
  const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), button.click()]);
  return answer;
}

for (const { label, kind, lang } of [
  { label: "a UK carrier in English", kind: "uk", lang: "en" },
  { label: "the German carrier in German", kind: "german", lang: "de" },
] as const) {
  test.describe(`bad input loses nothing: ${label}`, () => {
    for (const javaScriptEnabled of [false, true]) {
      test(`details step ${javaScriptEnabled ? "with" : "without"} JavaScript: a control character is that field's error, the rest stays as typed`, async ({ browser }) => {
        test.setTimeout(120_000);
        const carrier = pickCarrier(carriers, kind);
        const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled, storageState: await sessionAtDetails(browser, carrier, lang) });
        const page = await context.newPage();
        try {
          await page.goto(carrierUrl(String(carrier.code), "/booking/details"));
          const phone = PHONE[String(carrier.countryCode)]!;
          await page.locator("#first_name").fill("Ada\u0000");
          await page.locator("#last_name").fill("Lovelace");
          await page.locator("#email").fill("ada@example.com");
          await page.locator("#phone_number").fill(phone);
          await page.locator("#address_line_1").fill("10 Example\u0007 Street");
          await page.locator("#address_town").fill("Exampleton");
          const answer = await submit(page, page.getByRole("button", { name: checkoutText(lang, "details.continue") }));
          // Without JavaScript the browser's post answers the page itself, with 400.
          if (!javaScriptEnabled) expect(answer.status()).toBe(400);
          await expect(page).toHaveURL(/\/booking\/details$/);
          const unsupported = checkoutText(lang, "details.errors.unsupportedCharacters");
          await expect(page.getByTestId("error-first_name")).toHaveText(unsupported);
          await expect(page.getByTestId("error-address_line_1")).toHaveText(unsupported);
          await expect(page.getByTestId("error-last_name")).toHaveCount(0);
          await expect(page.getByTestId("details-error-summary")).toBeVisible();
          // What was typed is kept, the refused characters removed.
          await expect(page.locator("#first_name")).toHaveValue("Ada");
          await expect(page.locator("#last_name")).toHaveValue("Lovelace");
          await expect(page.locator("#email")).toHaveValue("ada@example.com");
          await expect(page.locator("#phone_number")).toHaveValue(phone);
          await expect(page.locator("#address_line_1")).toHaveValue("10 Example Street");
          await expect(page.locator("#address_town")).toHaveValue("Exampleton");
          // Sent again as it now stands, the details go through.
          await page.getByRole("button", { name: checkoutText(lang, "details.continue") }).click();
          await expect(page).toHaveURL(/\/booking\/checkout$/);
        } finally {
          await context.close();
        }
      });
    }

    test("manage lookup without JavaScript: a control character in the order reference is its field's error, the e-mail stays", async ({ browser }) => {
      const code = String(pickCarrier(carriers, kind).code);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(code, "/manage"));
        await page.getByLabel(text(lang, "manage-lookup", "email"), { exact: true }).fill("ada@example.com");
        await page.getByLabel(text(lang, "manage-lookup", "orderRef"), { exact: true }).fill("1000\u000042");
        const answer = await submit(page, page.getByTestId("find-order"));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("lookup-order-ref-error")).toHaveText(text(lang, "manage-lookup", "errors.unsupportedCharacters"));
        await expect(page.getByTestId("lookup-email-error")).toHaveCount(0);
        await expect(page.getByLabel(text(lang, "manage-lookup", "email"), { exact: true })).toHaveValue("ada@example.com");
        await expect(page.getByLabel(text(lang, "manage-lookup", "orderRef"), { exact: true })).toHaveValue("100042");
      } finally {
        await context.close();
      }
    });

    test("manage lookup by link without JavaScript: a control character in the order reference is its field's error, the e-mail stays", async ({ browser }) => {
      const code = String(pickCarrier(carriers, kind).code);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        for (const route of ["/manage", "/manage/booking"]) {
          const opened = await page.goto(carrierUrl(code, `${route}?order_ref=1000%0042&email=ada%40example.com`));
          expect(opened?.status()).toBe(400);
          await expect(page.getByTestId("lookup-order-ref-error")).toHaveText(text(lang, "manage-lookup", "errors.unsupportedCharacters"));
          await expect(page.getByTestId("lookup-email-error")).toHaveCount(0);
          await expect(page.getByTestId("lookup-alert")).toHaveCount(0);
          await expect(page.getByLabel(text(lang, "manage-lookup", "email"), { exact: true })).toHaveValue("ada@example.com");
          await expect(page.getByLabel(text(lang, "manage-lookup", "orderRef"), { exact: true })).toHaveValue("100042");
        }
      } finally {
        await context.close();
      }
    });

    test("postcode search without JavaScript: a control character is the field's error, the postcode stays as typed", async ({ browser }) => {
      const carrier = pickCarrier(carriers, kind);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(String(carrier.code), "/booking/postcode-search"));
        const postcode = coveredPostcode(carrier);
        await page.locator("#postcode").fill(`${postcode}\u0000`);
        const answer = await submit(page, page.locator("#postcode").locator("xpath=ancestor::form").locator('button[type="submit"]'));
        expect(answer.status()).toBe(400);
        await expect(page.getByText(commonText(lang, "landing.unsupportedCharacters"))).toBeVisible();
        await expect(page.locator("#postcode")).toHaveValue(postcode);
      } finally {
        await context.close();
      }
    });

    test("call-back form without JavaScript: a control character in the name is its field's error, the rest stays", async ({ browser }) => {
      const carrier = pickCarrier(carriers, kind);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(String(carrier.code), "/contact?open=call-back"));
        const modal = page.getByTestId("call-back-modal");
        const phone = PHONE[String(carrier.countryCode)]!;
        await modal.getByTestId("call-back-name").fill("Ada\u001b Lovelace");
        await modal.getByTestId("call-back-email").fill("ada@example.com");
        await modal.getByTestId("call-back-phone").fill(phone);
        const answer = await submit(page, modal.getByTestId("call-back-submit"));
        expect(answer.status()).toBe(400);
        const form = page.getByTestId("call-back-modal");
        await expect(form.getByTestId("call-back-name-error")).toHaveText(text(lang, "contact", "errors.unsupportedCharacters"));
        await expect(form.getByTestId("call-back-name")).toHaveValue("Ada Lovelace");
        await expect(form.getByTestId("call-back-email")).toHaveValue("ada@example.com");
        await expect(form.getByTestId("call-back-phone")).toHaveValue(phone);
        await expect(form.getByTestId("call-back-sent")).toHaveCount(0);
      } finally {
        await context.close();
      }
    });

    test("manage page without JavaScript: a control character in the date change's reason, the address search, the IMEI or the cancel phrase is that field's error, the value kept", async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const carrier = pickCarrier(carriers, kind);
      const code = String(carrier.code);
      const order = await bookThroughUi(browser, carrier, { lang, dayIndex: 6, pages: 2 });
      const unsupported = commonText(lang, "landing.unsupportedCharacters");
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        // Change date: the reason is sent with GET; no days are shown for it.
        await page.goto(carrierUrl(code, managePath(order, { modal: "date" })));
        const reason = lang === "de" ? "Ich bin an dem Tag leider verreist" : "I will be away on holiday that day";
        await page.getByTestId("date-reason").fill(`${reason.slice(0, 8)}\u0007${reason.slice(8)}`);
        let answer = await navigate(page, page.getByTestId("date-show-days"));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("date-reason-error")).toHaveText(unsupported);
        await expect(page.getByTestId("date-reason")).toHaveValue(reason);
        await expect(page.getByTestId("date-day")).toHaveCount(0);

        // Change address: the search box.
        await page.goto(carrierUrl(code, managePath(order, { modal: "address" })));
        const search = carrier.countryCode === "DE" ? "80802" : "E1 6LZ";
        await page.getByTestId("address-search-input").fill(`${search}\u0000`);
        answer = await navigate(page, page.getByTestId("address-search-submit"));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("address-search-error")).toHaveText(unsupported);
        await expect(page.getByTestId("address-search-input")).toHaveValue(search);
        await expect(page.getByTestId("address-suggestions")).toHaveCount(0);
        // A suggestion's container from a link that is no provider's id (a script URL): the search's error, the search kept.
        answer = (await page.goto(carrierUrl(code, managePath(order, { modal: "address", q: search, container: "javascript:alert(1)" }))))!;
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("address-search-error")).toHaveText(commonText(lang, "landing.addressListInvalid"));
        await expect(page.getByTestId("address-search-input")).toHaveValue(search);
        await expect(page.getByTestId("address-suggestions")).toHaveCount(0);
        // So is a picked suggestion's id with a control character, or one that is no provider's id.
        for (const [pick, key] of [
          ["GB|RM|A|1\u0007", "landing.unsupportedCharacters"],
          ["x".repeat(10_000), "landing.addressInvalid"],
        ] as const) {
          answer = (await page.goto(carrierUrl(code, managePath(order, { modal: "address", q: search, pick }))))!;
          expect(answer.status()).toBe(400);
          await expect(page.getByTestId("address-search-error")).toHaveText(commonText(lang, key));
          await expect(page.getByTestId("address-search-input")).toHaveValue(search);
        }

        // IMEI: the red note under the field; nothing saved.
        await page.goto(carrierUrl(code, managePath(order)));
        const identifier = page.getByTestId("device-identifier");
        await identifier.getByTestId("identifier-input").fill("4901542032\u001b37518");
        answer = await submit(page, identifier.getByTestId("identifier-save"));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("identifier-error")).toHaveText(unsupported);
        await expect(page.getByTestId("identifier-input")).toHaveValue("490154203237518");
        await expect(page.getByTestId("device-identifier")).toHaveAttribute("data-status", "error");

        // Cancel: the phrase's error; the booking stays booked.
        await page.goto(carrierUrl(code, managePath(order, { modal: "cancel", step: "phrase" })));
        const phrase = lang === "de" ? "REPARATUR-ABBRECHEN" : "CANCEL-REPAIR";
        await page.getByTestId("cancel-phrase-input").fill(`${phrase}\u0000`);
        answer = await submit(page, page.getByTestId("cancel-submit"));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("cancel-phrase-error")).toHaveText(unsupported);
        await expect(page.getByTestId("cancel-phrase-input")).toHaveValue(phrase);
        await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "BOOKED");
      } finally {
        await context.close();
      }
    });

    test("address search, manual address and store search without JavaScript: a control character is that field's error, the value kept", async ({ browser }) => {
      const carrier = pickCarrier(carriers, kind);
      const code = String(carrier.code);
      const unsupported = commonText(lang, "landing.unsupportedCharacters");
      const postcode = coveredPostcode(carrier);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        // The address search (GET): no search is made with it.
        await page.goto(carrierUrl(code, "/booking/address-search"));
        await page.locator("#address-text").fill(`10 Downing\u0000 Street`);
        let answer = await navigate(page, page.locator("#address-text").locator("xpath=ancestor::form").locator('button[type="submit"]'));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("address-text-error")).toHaveText(unsupported);
        await expect(page.locator("#address-text")).toHaveValue("10 Downing Street");
        await expect(page.getByTestId("address-results")).toHaveCount(0);

        // The manual address (POST): the line's error, every line kept.
        await page.locator("details:has(#manual-line-1) > summary").click();
        await page.locator("#manual-line-1").fill("10 Example\u0007 Street");
        await page.locator("#manual-line-2").fill("Flat 2");
        await page.locator("#manual-town").fill("Exampleton");
        await page.locator("#manual-postcode").fill(postcode);
        answer = await submit(page, page.locator("#manual-line-1").locator("xpath=ancestor::form").locator('button[type="submit"]'));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("manual-line-1-error")).toHaveText(unsupported);
        await expect(page.getByTestId("manual-town-error")).toHaveCount(0);
        await expect(page.locator("#manual-line-1")).toHaveValue("10 Example Street");
        await expect(page.locator("#manual-line-2")).toHaveValue("Flat 2");
        await expect(page.locator("#manual-town")).toHaveValue("Exampleton");
        await expect(page.locator("#manual-postcode")).toHaveValue(postcode);

        // The store search's postcode (GET) and a typed store code (POST).
        await page.goto(carrierUrl(code, "/booking/store-search"));
        await page.locator("#store-postcode").fill(`${postcode}\u0000`);
        answer = await navigate(page, page.locator("#store-postcode").locator("xpath=ancestor::form").locator('button[type="submit"]'));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("store-postcode-error")).toHaveText(unsupported);
        await expect(page.locator("#store-postcode")).toHaveValue(postcode);
        await page.locator("#store-code").fill("OX\u001b1");
        answer = await submit(page, page.locator("#store-code").locator("xpath=ancestor::form").locator('button[type="submit"]').first());
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("store-code-error")).toHaveText(unsupported);
        await expect(page.locator("#store-code")).toHaveValue("OX1");
      } finally {
        await context.close();
      }
    });

    test("address search without JavaScript: a control character in a container's label from a link is left out of the page", async ({ browser }) => {
      const code = String(pickCarrier(carriers, kind).code);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        const opened = await page.goto(carrierUrl(code, "/booking/address-search?text=Downing&container=none&within=Down%00ing%07%C2%85%20Street"));
        expect(opened?.status()).toBe(200);
        const controls = [...(await opened!.text())].filter((character) => {
          const point = character.codePointAt(0)!;
          return (point < 0x20 && !"\t\n\r".includes(character)) || (point >= 0x7f && point <= 0x9f);
        });
        expect(controls).toEqual([]);
        await expect(page.locator("#address-results-status")).toContainText("Downing Street");
      } finally {
        await context.close();
      }
    });

    test("address search without JavaScript: a container from a link with a control character, 10 kB or a script URL is the search field's error, the search kept", async ({
      browser,
    }) => {
      const code = String(pickCarrier(carriers, kind).code);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        for (const [container, key] of [
          ["GB|postcode|\u0000E16LZ", "landing.unsupportedCharacters"],
          ["a".repeat(10_000), "landing.addressListInvalid"],
          ["javascript:alert(1)", "landing.addressListInvalid"],
        ] as const) {
          const params = new URLSearchParams({ text: "Downing", container, within: "Downing Street" });
          const opened = await page.goto(carrierUrl(code, `/booking/address-search?${params}`));
          expect(opened?.status()).toBe(400);
          await expect(page.getByTestId("address-text-error")).toHaveText(commonText(lang, key));
          await expect(page.locator("#address-text")).toHaveValue("Downing");
          await expect(page.getByTestId("address-results")).toHaveCount(0);
          expect(await opened!.text()).not.toContain("\u0000");
        }
      } finally {
        await context.close();
      }
    });

    test("booking code without JavaScript: a control character is the field's error, the code stays as typed, typed or from a link", async ({ browser }) => {
      const code = String(pickCarrier(carriers, kind).code);
      const unsupported = commonText(lang, "landing.unsupportedCharacters");
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(code, "/booking/continue"));
        await page.locator("#booking-code").fill("K7Q2\u0000M9XD");
        const answer = await submit(page, page.locator("#booking-code").locator("xpath=ancestor::form").locator('button[type="submit"]'));
        expect(answer.status()).toBe(400);
        await expect(page.getByTestId("booking-code-error")).toHaveText(unsupported);
        await expect(page.locator("#booking-code")).toHaveValue("K7Q2M9XD");
        const opened = await page.goto(carrierUrl(code, "/booking/continue?token=K7Q2%07M9XD"));
        expect(opened?.status()).toBe(400);
        await expect(page.getByTestId("booking-code-error")).toHaveText(unsupported);
        await expect(page.locator("#booking-code")).toHaveValue("K7Q2M9XD");
      } finally {
        await context.close();
      }
    });

    test("model search without JavaScript: a control character is the field's error, the words kept, every model still listed", async ({ browser }) => {
      const carrier = pickCarrier(carriers, kind);
      const code = String(carrier.code);
      const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(coveredPostcode(carrier).replace(/\s+/g, ""))}`));
        await expect(page).toHaveURL(/\/booking\/device\//);
        const opened = await page.goto(carrierUrl(code, "/booking/device/model?make=2&kind=phone&q=iPh%00one"));
        expect(opened?.status()).toBe(400);
        await expect(page.getByTestId("model-search-error")).toHaveText(commonText(lang, "landing.unsupportedCharacters"));
        await expect(page.locator("#model-search")).toHaveValue("iPhone");
        await expect(page.getByTestId("model-list").getByRole("link").first()).toBeVisible();
      } finally {
        await context.close();
      }
    });

    test("a proof of purchase over the limit: back on the manage page saying so without JavaScript, refused in the browser with it", async ({ browser }) => {
      test.setTimeout(180_000);
      const carrier = pickCarrier(carriers, kind);
      const code = String(carrier.code);
      const order = await bookThroughUi(browser, carrier, { lang, dayIndex: 6, pages: 2 });
      const tooLarge = { name: "receipt.png", mimeType: "image/png", buffer: Buffer.alloc(9 * 1024 * 1024, 0x61) };
      const t = (key: string) => text(lang, "manage", key);
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ locale: localeOf(lang), javaScriptEnabled });
        const page = await context.newPage();
        try {
          await page.goto(carrierUrl(code, managePath(order)));
          const proof = page.getByTestId("proof-upload").first();
          await proof.getByTestId("proof-input").setInputFiles(tooLarge);
          await proof.getByTestId("proof-submit").click();
          // Without JavaScript the guard's 303 brings the browser back to the manage page; with it, no post is sent.
          if (!javaScriptEnabled) await expect(page).toHaveURL(/\/manage\/booking\?.*proof_problem=too-large/);
          await expect(page.getByTestId("manage-booking")).toHaveAttribute("data-order-status", "BOOKED");
          await expect(proof.getByTestId("proof-error")).toHaveText(t("proof.errors.tooLarge"));
          await expect(page.getByTestId("overview-proof")).toHaveText(t("proof.notSupplied"));
          // Spec §4: a refused upload gives the problem toast, in the page's language, in the server's HTML of this
          // page that hydrates (ADRs 241, 244).
          if (!javaScriptEnabled) {
            await expect(toast(page, "error", t("toasts.proofProblem"))).toBeVisible();
            await expect(page.getByRole("alert").filter({ hasText: t("toasts.proofProblem") })).toHaveCount(1);
            // Once: reloading keeps the field's message, not the toast.
            await page.reload();
            await expect(proof.getByTestId("proof-error")).toHaveText(t("proof.errors.tooLarge"));
            await expect(toast(page, "error", t("toasts.proofProblem"))).toHaveCount(0);
          }
        } finally {
          await context.close();
        }
      }
    });
  });
}
