import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsCreate, cmsDelete, cmsList, testCarrier, testLandingPage, uniqueCode } from "../support/cms";
import { adminLogin, cmsCall as admin, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, saveDraft } from "../support/cms-admin-ui";

/**
 * Issue 15 in the browser: a carrier editor (fenced to one carrier, ADR 002) changes an FAQ answer
 * and a carousel item in Strapi's admin, previews the drafts on the carrier's own site while the
 * public pages still show what is published, then publishes and sees it live.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const FAQ = "api::faq-item.faq-item";
const LANDING = "api::landing-page.landing-page";
const CARRIER = "api::carrier.carrier";

/** The URL Strapi's preview panel opens for an entry, as the editor would get it. */
async function previewUrlFor(token: string, uid: string, documentId: string): Promise<string | undefined> {
  const reply = await admin("GET", `/content-manager/preview/url/${uid}?documentId=${documentId}&locale=en&status=draft`, token);
  expect([200, 204]).toContain(reply.status);
  return reply.body?.data?.url;
}

test("a fenced editor changes an FAQ answer and a carousel item, previews the drafts on the carrier's site, then publishes them", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const code = uniqueCode("editors");
  const suffix = code.split("-").pop();
  const editorEmail = `editor-${suffix}@repair.localhost`;
  const editorPassword = `Editor-${suffix}-Pass1`;
  const published = "Publish the answer the customers see today.";
  const draft = `A new answer, still a draft (${suffix}).`;

  const carrier = await cmsCreate("carriers", testCarrier(code));
  const landing = await cmsCreate("landing-pages", testLandingPage(code, "We come to you!"), { locale: "en" });
  const category = await cmsCreate("faq-categories", { carrierCode: code, slug: "booking", title: "Booking", order: 1 }, { locale: "en" });
  const faq = await cmsCreate("faq-items", { carrierCode: code, category: "booking", question: "Can I change my appointment?", answer: published, order: 1 }, { locale: "en" });
  const [otherFaq] = await cmsList("faq-items", { "filters[carrierCode][$eq]": "patchpoint", locale: "en" });

  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let editorId: number | undefined;
  try {
    // An administrator invites the editor with the "Carrier editor" role and adds them to this carrier only.
    editorId = await inviteAdminUser(adminToken, "Carrier editor", editorEmail, editorPassword);
    expect((await admin("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { editors: { connect: [{ id: editorId }] } })).status).toBe(200);
    expect((await admin("POST", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}/actions/publish`, adminToken, {})).status).toBe(200);

    await expect(async () => {
      await page.goto(carrierUrl(code, "/faqs/booking"));
      await expect(page.locator("main")).toContainText(published, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    // The editor works in the admin, in Chromium.
    const cms = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await logIntoAdmin(cms, editorEmail, editorPassword);

    // The carrier's edit view speaks the editor's language (kept as a test artefact, whole view).
    await cms.goto(editView(CARRIER, carrier.documentId));
    await expect(cms.getByText("Brand name", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByText(/Shown in the header, page titles and e-mails/)).toBeVisible();
    await dismissAnnouncements(cms);
    mkdirSync(REPORTS_DIR, { recursive: true });
    await cms.setViewportSize({ width: 1440, height: 4200 });
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-carrier-edit-view.png") });
    await cms.setViewportSize({ width: 1440, height: 1000 });

    await cms.goto(editView(FAQ, faq.documentId, "en"));
    const answer = cms.getByLabel("Answer", { exact: true });
    await expect(answer).toHaveValue(published, { timeout: 30_000 });
    await answer.fill(draft);
    await saveDraft(cms);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-faq-edit-view.png") });

    await cms.goto(editView(LANDING, landing.documentId, "en"));
    await cms
      .getByRole("button", { name: /Test Phone X/ })
      .first()
      .click();
    const deviceName = cms.getByLabel("Device name", { exact: true }).first();
    await expect(deviceName).toHaveValue("Test Phone X", { timeout: 15_000 });
    await deviceName.fill("Draft Phone 2");
    await saveDraft(cms);

    // The editor's preview link opens the drafts on the carrier's own site.
    const editorToken = await adminLogin(editorEmail, editorPassword);
    const faqPreview = await previewUrlFor(editorToken, FAQ, faq.documentId);
    expect(faqPreview).toBe(`${carrierUrl(code, "/preview")}?${new URL(faqPreview!).searchParams}`);
    const site = await browser.newPage();
    const response = await site.goto(faqPreview!);
    expect(new URL(site.url()).pathname).toBe("/faqs/booking");
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(site.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(site.getByTestId("preview-banner")).toBeVisible();
    await expect(site.locator("main")).toContainText(draft);
    await site.getByText("Can I change my appointment?").click();
    await site.screenshot({ path: path.join(REPORTS_DIR, "site-preview-faq.png") });

    // The same from the admin's own "Open preview" button: the site in the preview panel.
    await cms.goto(editView(FAQ, faq.documentId, "en"));
    await cms
      .getByRole("link", { name: "Open preview" })
      .or(cms.getByRole("button", { name: "Open preview" }))
      .first()
      .click();
    await expect(cms.frameLocator("iframe").first().locator("main")).toContainText(draft, { timeout: 20_000 });
    await cms.waitForTimeout(1_000);
    await cms.locator('iframe[data-testid="preview-iframe"]').screenshot({ path: path.join(REPORTS_DIR, "cms-preview-panel.png") });

    const landingPreview = await previewUrlFor(editorToken, LANDING, landing.documentId);
    await site.goto(landingPreview!);
    await expect(site.getByTestId("carousel-item").filter({ hasText: "Draft Phone 2" }).first()).toBeAttached();

    // Everyone else still sees what is published.
    await page.goto(carrierUrl(code, "/faqs/booking"));
    await expect(page.locator("main")).toContainText(published);
    await expect(page.locator("main")).not.toContainText(draft);
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
    await page.goto(carrierUrl(code, "/"));
    await expect(page.getByTestId("carousel-item").filter({ hasText: "Test Phone X" }).first()).toBeAttached();

    // Without a valid token there is no preview, only a clear refusal; and no token for another carrier.
    const refused = await page.goto(carrierUrl(code, "/preview?token=forged.token&path=/faqs/booking"));
    expect(refused?.status()).toBe(403);
    await expect(page.getByTestId("preview-refused")).toBeVisible();
    if (otherFaq) expect(await previewUrlFor(editorToken, FAQ, otherFaq.documentId)).toBeUndefined();

    // Publishing puts the answer live within 2 seconds.
    await cms.goto(editView(FAQ, faq.documentId, "en"));
    await cms.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(cms.getByText(/Published( document)?/).first()).toBeVisible({ timeout: 15_000 });
    const publishedAt = Date.now();
    await expect(async () => {
      await page.goto(carrierUrl(code, "/faqs/booking"));
      await expect(page.locator("main")).toContainText(draft, { timeout: 200 });
    }).toPass({ timeout: 2_000, intervals: [100, 200, 300] });
    expect(Date.now() - publishedAt).toBeLessThan(2_000);
    await site.close();
    await cms.close();
  } finally {
    if (editorId !== undefined) await admin("DELETE", `/admin/users/${editorId}`, adminToken);
    await cmsDelete("faq-items", faq.documentId, { locale: "en" });
    await cmsDelete("faq-categories", category.documentId, { locale: "en" });
    await cmsDelete("landing-pages", landing.documentId, { locale: "en" });
    await cmsDelete("carriers", carrier.documentId);
  }
});
