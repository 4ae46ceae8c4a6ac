/**
 * Spec fidelity (issue 21): small rules of the spec a visitor sees, in Chromium. Carriers are chosen
 * by their CMS switches, except where the issue names a demo carrier.
 */
import { expect, test } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { appGet, carrierUrl } from "../support/app";
import { basketToPayment, bookingWithDevice, chooseFirstAvailableDate, fillDetails, text } from "../support/booking-journey";
import { seededCarriers, type CmsEntry } from "../support/cms";

const ROOT_TEXTS = {
  en: JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales/en.json"), "utf8")) as Record<string, Record<string, string>>,
  de: JSON.parse(readFileSync(path.join(process.cwd(), "app/i18n/locales/de.json"), "utf8")) as Record<string, Record<string, string>>,
};
/** A text of the app-wide catalogue, e.g. rootText("en", "footer.staffLogin"). */
const rootText = (lang: "en" | "de", key: string) => {
  const [section, name] = key.split(".") as [string, string];
  return ROOT_TEXTS[lang][section]![name]!;
};

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
  !c.maintenance &&
  !on(c, "storeRequired") &&
  !on(c, "allowsInStoreDropOff") &&
  !on(c, "addressLookup") &&
  !on(c, "applianceVariant") &&
  !on(c, "confirmOnly") &&
  !on(c, "singleMakeOnly");
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
    expect(carrier.policyPhrase).toBe("country");
    await expect(page.getByTestId("policy-phrase")).toHaveCount(0);
    await page.goto(carrierUrl(String(carrier.code), "/booking/checkout"));
    await expect(page.getByTestId("continue-to-payment")).toBeVisible();
    await expect(page.getByTestId("policy-phrase")).toHaveCount(0);
    // The spec's phone-number fix link (/booking-new/checkout/location) leads to where the phone number is edited.
    await page.goto(carrierUrl(String(carrier.code), "/booking-new/checkout/location"));
    await expect(page).toHaveURL(/\/booking\/details#phone_number$/);
    await expect(page.locator("#phone_number")).toBeVisible();
  });
});

test.describe("the German policy phrase (spec §9)", () => {
  test("the German demo carrier shows the withdrawal and cancellation sentence with its link at checkout and payment", async ({ page }) => {
    const carrier = byCode("flickwerk");
    // No switch turned on: a German carrier's default.
    expect([carrier.countryCode, carrier.policyPhrase]).toEqual(["DE", "country"]);
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

test.describe("in-page scrolling sits 94 px below the top (spec §9 'Scroll offset -94')", () => {
  const offsetOf = (page: import("@playwright/test").Page, id: string) => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id);

  for (const viewport of [
    { name: "desktop", width: 1280, height: 720 },
    { name: "mobile", width: 390, height: 844 },
  ]) {
    test(`the popular carousel at /#popular, on ${viewport.name}`, async ({ page }) => {
      const carrier = carriers.find((c) => c.countryCode === "GB" && !c.externalLandingRedirectUrl && !c.externalSupportPickerUrl && !c.confirmOnly && !c.maintenance)!;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(carrierUrl(String(carrier.code), "/#popular"));
      await expect(page.getByTestId("popular-carousel")).toBeVisible();
      await expect.poll(() => offsetOf(page, "popular")).toBe(94);
      // Scrolled into view by script (as the page does for a panel), from the top: the same offset.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.evaluate(() => document.getElementById("popular")!.scrollIntoView({ block: "start" }));
      await expect.poll(() => offsetOf(page, "popular")).toBe(94);
      // And any other in-page anchor: a link to the carousel from further down.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.evaluate(() => {
        location.hash = "";
        location.hash = "popular";
      });
      await expect.poll(() => offsetOf(page, "popular")).toBe(94);
    });
  }
});

test.describe("the staff way in (footer link to /store/login)", () => {
  const hasStaffSeed = (code: string) => existsSync(path.join(process.cwd(), "tenants", code, "staff.json"));

  test("a carrier with staff but no in-store bookings links its staff to the log-in, without store features", async ({ page }) => {
    const carrier = byCode("patchpoint");
    expect(carrier.allowsInStoreBookings, "patchpoint takes no in-store bookings").toBe(false);
    expect(hasStaffSeed("patchpoint"), "patchpoint has demo staff").toBe(true);
    await page.goto(carrierUrl("patchpoint"));
    const footer = page.getByTestId("site-footer");
    const link = footer.getByTestId("staff-login-link");
    await expect(link).toHaveText(rootText("en", "footer.staffLogin"));
    await expect(link).toHaveAttribute("href", "/store/login");
    // No store features: no store login button in the hero, no "Store Login" wording.
    await expect(page.getByTestId("store-colleague-login")).toHaveCount(0);
    await expect(page.getByTestId("store-login-link")).toHaveCount(0);
    await link.click();
    await expect(page).toHaveURL(/\/store\/login$/);
    await expect(page.locator('input[name="username"]')).toBeVisible();
    // On other pages too (the footer is the site's).
    await page.goto(carrierUrl("patchpoint", "/faqs"));
    await expect(page.getByTestId("staff-login-link")).toBeVisible();
  });

  test("a carrier without staff and without in-store bookings has no staff log-in link", async ({ page }) => {
    const carrier = carriers.find(
      (c) => !c.allowsInStoreBookings && !hasStaffSeed(String(c.code)) && !c.externalLandingRedirectUrl && !c.externalSupportPickerUrl && !c.confirmOnly && !c.maintenance,
    );
    expect(carrier, "a carrier without staff").toBeTruthy();
    await page.goto(carrierUrl(String(carrier!.code)));
    await expect(page.getByTestId("site-footer")).toBeVisible();
    await expect(page.getByTestId("staff-login-link")).toHaveCount(0);
    await expect(page.getByTestId("store-login-link")).toHaveCount(0);
  });

  test("a carrier with in-store bookings keeps its 'Store Login' link, once", async ({ page }) => {
    const carrier = carriers.find((c) => c.allowsInStoreBookings && !c.externalLandingRedirectUrl && !c.externalSupportPickerUrl && !c.maintenance)!;
    await page.goto(carrierUrl(String(carrier.code)));
    await expect(page.getByTestId("store-login-link")).toBeVisible();
    await expect(page.getByTestId("staff-login-link")).toHaveCount(0);
  });
});

/** The logo's file as served: a data: address (seeded logos are inlined) or a path on the carrier's site. */
async function logoMarkup(code: string, src: string): Promise<string> {
  const data = /^data:([^,]*),(.*)$/s.exec(src);
  if (data) return data[1]!.endsWith(";base64") ? Buffer.from(data[2]!, "base64").toString("utf8") : decodeURIComponent(data[2]!);
  const url = new URL(src, carrierUrl(code));
  // Node does not resolve *.localhost: the app is asked with the carrier's host; anything else directly.
  if (url.hostname.endsWith(".localhost")) return (await appGet(url.hostname, `${url.pathname}${url.search}`)).body;
  return (await fetch(url)).text();
}

test.describe("demo logos are never cropped", () => {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "mobile", width: 360, height: 800 },
  ]) {
    test(`the header logo keeps its aspect ratio inside its box, every demo carrier, on ${viewport.name}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const withLogo = carriers.filter((c) => (c.theme as { logoUrl?: string } | null)?.logoUrl && !c.externalLandingRedirectUrl && !c.externalSupportPickerUrl && !c.maintenance);
      expect(withLogo.length).toBeGreaterThanOrEqual(8);
      for (const carrier of withLogo) {
        const code = String(carrier.code);
        await page.goto(carrierUrl(code, "/faqs"));
        const logo = page.getByTestId("header-logo");
        await expect(logo).toBeVisible();
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: `${code}'s logo loads` }).toBe(true);
        const box = await logo.evaluate((img: HTMLImageElement) => {
          const rect = img.getBoundingClientRect();
          const style = getComputedStyle(img);
          const parent = img.parentElement!.getBoundingClientRect();
          const header = img.closest("header")!.getBoundingClientRect();
          return {
            width: rect.width,
            height: rect.height,
            natural: img.naturalWidth / img.naturalHeight,
            fit: style.objectFit,
            parentRight: parent.right,
            left: rect.left,
            right: rect.right,
            headerLeft: header.left,
            headerRight: header.right,
            pageWidth: document.documentElement.clientWidth,
          };
        });
        // The picture is drawn whole: its box has the picture's own ratio, or it is contained in it.
        const ratio = box.width / box.height;
        if (viewport.name === "desktop" || box.fit !== "contain") expect(Math.abs(ratio - box.natural), `${code}: aspect ratio kept`).toBeLessThan(0.05);
        expect(box.height, `${code}: a readable height`).toBeGreaterThanOrEqual(20);
        // Nothing overflows: inside its link, the header and the page.
        expect(box.right, `${code}: inside its link`).toBeLessThanOrEqual(box.parentRight + 0.5);
        expect(box.left, `${code}: inside the header`).toBeGreaterThanOrEqual(box.headerLeft - 0.5);
        expect(box.right, `${code}: inside the header`).toBeLessThanOrEqual(box.headerRight + 0.5);
        expect(box.right, `${code}: inside the page`).toBeLessThanOrEqual(box.pageWidth + 0.5);
        // The logo's own drawing fits its picture: its texts end inside its viewBox in this browser's fonts.
        const src = await logo.getAttribute("src");
        const svg = await logoMarkup(code, src!);
        if (svg.includes("<svg")) {
          const overflow = await page.evaluate((markup) => {
            const holder = document.createElement("div");
            holder.innerHTML = markup;
            document.body.append(holder);
            const el = holder.querySelector("svg")!;
            const view = el.viewBox.baseVal;
            const out = [...el.querySelectorAll("text")]
              .map((text) => ({ text: text.textContent, box: text.getBBox() }))
              .filter(({ box }) => box.x < view.x - 0.5 || box.x + box.width > view.x + view.width + 0.5)
              .map(({ text }) => text);
            holder.remove();
            return out;
          }, svg);
          expect(overflow, `${code}: texts drawn past the edge of the logo`).toEqual([]);
        }
      }
      await page.screenshot({ path: test.info().outputPath(`header-logos-${viewport.name}.png`) });
    });
  }
});
