/**
 * Contact (spec §2 /contact, the e-mail us, phone and message us modals, help guides' 'This didnt
 * solve my issue'; §4 message form: sending, then sent with a thank-you; §5 every field required;
 * §1 and §9 the 48-hour reply): for a UK carrier in English and the German carrier in German, with
 * the captcha port's default 'off' adapter.
 */
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { expectNoSeriousA11yViolations, PHONE, pickCarrier, text, type Lang } from "../support/book-through-ui";

let carriers: CmsEntry[] = [];
test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
});

const JOURNEYS = [
  { label: "a UK carrier", kind: "uk", lang: "en" },
  { label: "the German carrier in German", kind: "german", lang: "de" },
] as const;

for (const journey of JOURNEYS) {
  const lang: Lang = journey.lang;
  const t = (key: string, params?: Record<string, string | number>) => text(lang, "contact", key, params);

  test.describe(`contact: ${journey.label}`, () => {
    test.use({ locale: lang === "de" ? "de-DE" : "en-GB" });

    test("a help guide leads here; the e-mail and phone modals show the carrier's details and the 48-hour promise", async ({ page }) => {
      const carrier = pickCarrier(carriers, journey.kind);
      const code = String(carrier.code);
      await page.goto(carrierUrl(code, "/help/cancel-repair"));
      await page.getByTestId("not-solved").click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("title"));
      await expect(page.getByTestId("reply-promise")).toHaveText(t("replyPromise", { hours: 48 }));
      await expectNoSeriousA11yViolations(page);

      await page.getByTestId("open-email").click();
      await expect(page.getByTestId("email-modal").getByTestId("contact-email")).toHaveText(String(carrier.email));
      await expect(page.getByTestId("contact-email")).toHaveAttribute("href", `mailto:${carrier.email}`);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("email-modal")).toHaveCount(0);

      await page.getByTestId("open-phone").click();
      await expect(page.getByTestId("phone-modal").getByTestId("contact-phone")).toHaveText(String(carrier.phone));
      await page.getByTestId("phone-modal").getByTestId("modal-close").click();
      await expect(page.getByTestId("phone-modal")).toHaveCount(0);
    });

    test("message us: every field is required, then sending and sent with a thank-you", async ({ page }) => {
      const carrier = pickCarrier(carriers, journey.kind);
      await page.goto(carrierUrl(String(carrier.code), "/contact"));
      await page.getByTestId("open-message").click();
      const modal = page.getByTestId("message-modal");
      await expect(modal.getByRole("heading")).toHaveText(t("message.title"));
      await modal.getByTestId("message-submit").click();
      await expect(modal.getByTestId("message-name-error")).toHaveText(t("errors.nameMissing"));
      await expect(modal.getByTestId("message-email-error")).toHaveText(t("errors.emailMissing"));
      await expect(modal.getByTestId("message-phone-error")).toHaveText(t("errors.phoneMissing"));
      await expect(modal.getByTestId("message-reason-error")).toHaveText(t("errors.reasonMissing"));
      await expect(modal.getByTestId("message-message-error")).toHaveText(t("errors.messageMissing"));
      await expectNoSeriousA11yViolations(page);

      // The reasons come from the CMS.
      const reasons = await modal.getByTestId("message-reason").locator("option:not([value=''])").allTextContents();
      expect(reasons.length).toBeGreaterThan(0);
      await modal.getByTestId("message-name").fill("Ada Lovelace");
      await modal.getByTestId("message-email").fill("ada@example.com");
      await modal.getByTestId("message-phone").fill("12");
      await modal.getByTestId("message-reason").selectOption({ label: reasons[0]! });
      await modal.getByTestId("message-message").fill(lang === "de" ? "Kann der Techniker nach 10 Uhr kommen?" : "Can the technician come after 10am?");
      await modal.getByTestId("message-submit").click();
      await expect(modal.getByTestId("message-phone-error")).toHaveText(t("errors.phoneInvalid"));
      await expect(modal.getByTestId("message-name")).toHaveValue("Ada Lovelace");

      await modal.getByTestId("message-phone").fill(PHONE[String(carrier.countryCode)]!);
      await modal.getByTestId("message-submit").click();
      await expect(modal.getByTestId("message-sent")).toContainText(t("message.sentTitle"));
      await expect(modal.getByTestId("message-sent")).toContainText(t("message.sentText"));
      await expectNoSeriousA11yViolations(page);
    });

    test("request a call-back", async ({ page }) => {
      const carrier = pickCarrier(carriers, journey.kind);
      await page.goto(carrierUrl(String(carrier.code), "/contact?open=call-back"));
      const modal = page.getByTestId("call-back-modal");
      await modal.getByTestId("call-back-submit").click();
      await expect(modal.getByTestId("call-back-name-error")).toHaveText(t("errors.nameMissing"));
      await modal.getByTestId("call-back-name").fill("Ada Lovelace");
      await modal.getByTestId("call-back-email").fill("ada@example.com");
      await modal.getByTestId("call-back-phone").fill(PHONE[String(carrier.countryCode)]!);
      await modal.getByTestId("call-back-submit").click();
      await expect(modal.getByTestId("call-back-sent")).toContainText(t("callBack.sentTitle"));
      await expectNoSeriousA11yViolations(page);
    });
  });
}
