/**
 * A booking gone while the customer was away (spec §8 BK01: "toast the booking-problem message, go
 * to booking"): an abandoned draft is deleted after its carrier's retention (ADR 193), and the
 * customer's browser still holds its reference. Opening a later step, or sending the details typed
 * meanwhile, says there is a problem with the booking before starting again, in the page's
 * language, instead of dropping the customer at the start without a word.
 */
import { createCookie } from "@remix-run/node";
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { pickCarrier } from "../support/book-through-ui";
import { text, toast } from "../support/booking-journey";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

/** The booking session cookie as the app signs it, naming a booking the engine no longer has. */
async function sessionOfGoneBooking(): Promise<string> {
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set (scripts/test.mjs passes it)");
  const cookie = createCookie("__booking", { secrets: [secret], path: "/", sameSite: "lax", httpOnly: true });
  const header = await cookie.serialize({ bookingRef: "GONEGONEGONE0000" });
  return decodeURIComponent(header.split(";")[0]!.slice("__booking=".length));
}

for (const { label, kind, lang } of [
  { label: "a UK carrier", kind: "uk", lang: "en" },
  { label: "the German carrier in German", kind: "german", lang: "de" },
] as const) {
  test.describe(`a booking gone meanwhile: ${label}`, () => {
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });

    for (const step of ["details", "checkout", "payment"])
      test(`opening /booking/${step} says there is a problem with the booking, then starts again`, async ({ page }) => {
        const code = String(pickCarrier(carriers, kind).code);
        await page.context().addCookies([{ name: "__booking", value: await sessionOfGoneBooking(), url: carrierUrl(code, "/") }]);
        await page.goto(carrierUrl(code, `/booking/${step}`));
        await expect(page).toHaveURL(/\/booking\/(postcode|address)-search/);
        await expect(toast(page, "error", text(lang, "errors.bookingProblem", {}, "booking"))).toBeVisible();
        // The session forgets the booking: the next page is a plain start, without the toast again.
        await page.reload();
        await expect(toast(page, "error", text(lang, "errors.bookingProblem", {}, "booking"))).toHaveCount(0);
      });
  });
}
