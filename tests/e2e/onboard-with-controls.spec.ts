import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { bookThroughUi, uniqueEmail } from "../support/book-through-ui";
import { cmsCreateNoted, cmsDelete, cmsList, deleteCreated, testCarrier, uniqueCode, type Created } from "../support/cms";
import { adminLogin, cmsCall, cmsUrl, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, pickCarrier, saveDraft, setupItem, untilSetupState } from "../support/cms-admin-ui";

/**
 * Issue 24 item 4 (ADR 203–205): an operations colleague onboards a carrier with the admin's forms
 * alone — the carrier (its domain as a tag, its languages from a multi-select), the landing page, a
 * service area (postcode prefixes as tags), a technician (its area picked), a roster (weekdays
 * ticked, a closed date picked) — with no JSON typed and the carrier of each entry picked from the
 * carriers they may edit. The setup checklist is watched as each item turns green; then a customer
 * books and pays on the new carrier's site. Fences: the picker lists only their carriers; an editor
 * of another carrier sees neither this carrier's checklist nor any operations type.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const CARRIER = "api::carrier.carrier";
const LANDING = "api::landing-page.landing-page";
const AREA = "api::ops-service-area.ops-service-area";
const TECHNICIAN = "api::ops-technician.ops-technician";
const ROSTER = "api::ops-roster.ops-roster";
const POSTCODE = "SW1A 1AA";

test.use({ actionTimeout: 15_000 });

const item = setupItem;
const untilState = untilSetupState;

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText(/Published( document)?/).first()).toBeVisible({ timeout: 15_000 });
}

const typed = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

/** Types a value as a person would and checks the box holds it (the admin's number box can drop a leading minus typed while it re-renders under load). */
async function fillChecked(page: Page, label: string, value: string): Promise<void> {
  await expect(async () => {
    await typed(page, label).fill(value);
    await expect(typed(page, label)).toHaveValue(value, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("an operator onboards a carrier with the admin's controls only, watches the checklist turn green, and a customer books and pays", async ({ browser }) => {
  test.setTimeout(420_000);
  const code = uniqueCode("onb");
  const other = uniqueCode("onb-other");
  const suffix = code.split("-").pop();
  const email = `onboard-${suffix}@repair.localhost`;
  const password = `Onboard-${suffix}-Pass1`;
  const editorEmail = `onboard-ed-${suffix}@repair.localhost`;
  const editorPassword = `OnboardEd-${suffix}-Pass1`;
  const created: Created[] = [];
  const userIds: number[] = [];
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  const badDomain = "https://Shop.Example/repairs";
  const badMessage = 'domains[0] must be a lower-case host name without scheme, port or path (got "https://shop.example/repairs")';
  try {
    // Another carrier, made by the platform, with an editor of its own: neither is the operator's.
    const otherCarrier = await cmsCreateNoted(created, "carriers", testCarrier(other));
    // An onboarding colleague: operations and content, as one person does both for a new carrier.
    userIds.push(await inviteAdminUser(adminToken, ["Operations", "Carrier editor"], email, password));
    const editorId = await inviteAdminUser(adminToken, "Carrier editor", editorEmail, editorPassword);
    userIds.push(editorId);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${otherCarrier.documentId}`, adminToken, { editors: { connect: [{ id: editorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    // The operator's browser: the forms in one tab, the setup page in another, one log-in.
    const operator = await browser.newContext({ viewport: { width: 1440, height: 1100 } });
    const cms = await operator.newPage();
    await logIntoAdmin(cms, email, password);
    mkdirSync(REPORTS_DIR, { recursive: true });

    // Before: no carrier of theirs on the setup page.
    const setup = await operator.newPage();
    await setup.goto(`${cmsUrl()}/admin/carrier-setup`);
    await expect(setup.getByText("There is no carrier you may see.")).toBeVisible({ timeout: 30_000 });

    // The carrier: code, name, the domain as a tag (a wrong one flagged and refused in the save's words), the language from the list.
    await cms.goto(editView(CARRIER, "create"));
    await expect(typed(cms, "Carrier code")).toBeVisible({ timeout: 30_000 });
    await dismissAnnouncements(cms);
    await typed(cms, "Carrier code").fill(code);
    await typed(cms, "Brand name").fill(`Onboarded ${code}`);
    await typed(cms, "Customer service e-mail").fill(`help@${code}.example`);
    const domainBox = cms.getByRole("textbox", { name: "Add domains" });
    await domainBox.fill(badDomain);
    await domainBox.press("Enter");
    await expect(domainBox).toHaveValue("");
    await expect(cms.getByTestId("ops-domain-problem")).toHaveText(badMessage);
    await cms.getByRole("combobox", { name: "Supported languages" }).click();
    await cms.getByRole("option", { name: "English (en)" }).click();
    await cms.keyboard.press("Escape");
    await expect(cms.getByTestId("ops-locales")).toContainText("English (en)");
    await cms.getByRole("combobox", { name: "Country", exact: true }).click();
    await cms.getByRole("option", { name: "GB", exact: true }).click();
    await cms.getByRole("combobox", { name: "Currency", exact: true }).click();
    await cms.getByRole("option", { name: "GBP", exact: true }).click();
    // Saved with the wrong tag: the save refuses it with the same message, and nothing is made.
    await cms.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => cms.getByText(badMessage).count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-carrier-domain-refused.png"), fullPage: true });
    expect(await cmsList("carriers", { "filters[code][$eq]": code, status: "draft" })).toEqual([]);
    await cms.getByRole("button", { name: "Remove https://shop.example/repairs" }).click();
    await domainBox.fill(`${code}.localhost`);
    await cms.getByTestId("ops-domains").getByRole("button", { name: "Add", exact: true }).click();
    await expect(cms.getByTestId("ops-domain")).toHaveCount(1);
    await expect(cms.getByTestId("ops-domain-problem")).toHaveCount(0);
    // Visitors sent by a referrer get one brand: a row of its code and the brand's catalogue id, a wrong code flagged in the save's words.
    await typed(cms, "Referrer code").fill("apple store");
    await typed(cms, "Brand catalogue id").fill("2");
    await typed(cms, "Brand catalogue id").press("Enter");
    await expect(cms.getByTestId("ops-referrer-make-problem")).toHaveText(/^referrerMakes: the referrer code "apple store" must be 1 to 64 letters/);
    await cms.getByRole("button", { name: "Remove apple store → brand 2" }).click();
    await typed(cms, "Referrer code").fill("samsung");
    await typed(cms, "Brand catalogue id").fill("1");
    await cms.getByTestId("ops-referrer-makes").getByRole("button", { name: "Add", exact: true }).click();
    await expect(cms.getByTestId("ops-referrer-make")).toHaveText(["samsung → brand 1"]);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-carrier-domain-locale-tags.png"), fullPage: true });
    await saveDraft(cms);
    const [draft] = await cmsList("carriers", { "filters[code][$eq]": code, status: "draft" });
    expect(draft).toMatchObject({ domains: [`${code}.localhost`], supportedLocales: ["en"], referrerMakes: { samsung: 1 }, countryCode: "GB", currency: "GBP" });
    created.push(["carriers", draft!.documentId, {}]);

    // The checklist sees the new carrier, a draft: not published, nothing else there yet.
    await setup.reload();
    await expect(item(setup, "carrier")).toHaveAttribute("data-state", "missing", { timeout: 30_000 });
    for (const key of ["areas", "roster", "engine"]) await expect(item(setup, key)).toHaveAttribute("data-state", "missing");
    await expect(item(setup, "landing", "en")).toHaveAttribute("data-state", "missing");
    // The domain is there, but the site does not serve a draft.
    await expect(item(setup, "domain").getByText("The web app does not serve the carrier yet: publish its entry.")).toBeVisible();
    await publish(cms);
    await untilState(setup, "carrier", "done");
    // Published, the site serves it; a .localhost name still gets no certificate (it stays missing: no real domain in a test).
    await expect(async () => {
      await setup.getByRole("button", { name: "Check again" }).click();
      await expect(item(setup, "domain").getByText(/would get no certificate/)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });

    // The landing page, the carrier picked.
    await cms.goto(editView(LANDING, "create", "en"));
    await expect(typed(cms, "Headline")).toBeVisible({ timeout: 30_000 });
    await pickCarrier(cms, code);
    await typed(cms, "Headline").fill("Repairs at your door, set up with the forms");
    await typed(cms, "Sub-headline").fill("Fixed where you are.");
    await saveDraft(cms);
    await publish(cms);
    await untilState(setup, "landing", "done", "en");

    // A service area: its prefixes as tags, checked against the country chosen.
    await cms.goto(editView(AREA, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    // The carrier picker lists the carriers the operator may edit: the one they made, not the other.
    await cms.getByRole("combobox", { name: "Carrier", exact: true }).click();
    await expect(cms.getByRole("option")).toHaveText([`Onboarded ${code} (${code})`]);
    await cms.keyboard.press("Escape");
    await pickCarrier(cms, code);
    await typed(cms, "Area code").fill("westminster");
    await typed(cms, "Name").fill("Westminster");
    await cms.getByRole("combobox", { name: "Country", exact: true }).click();
    await cms.getByRole("option", { name: "GB", exact: true }).click();
    const prefixes = cms.getByRole("textbox", { name: "Add postcode prefixes" });
    // The country chosen reaches the prefixes' control (its format) before the operator types there.
    await expect(cms.getByTestId("ops-postcode-format")).toContainText("GB");
    // Typed as a person would, checking the box holds it before Enter (the admin's form can re-render
    // under load and drop what was typed a moment before, as with fillChecked's number boxes).
    await expect(async () => {
      await prefixes.fill("sw1a");
      await expect(prefixes).toHaveValue("sw1a", { timeout: 1_000 });
      await prefixes.press("Enter");
      await expect(cms.getByTestId("ops-postcode-prefix")).toHaveAttribute("data-prefix", "SW1A", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await fillChecked(cms, "Centre latitude", "51.501");
    await fillChecked(cms, "Centre longitude", "-0.1416");
    await fillChecked(cms, "Radius (km)", "5");
    await saveDraft(cms);
    await untilState(setup, "areas", "missing");
    await expect(item(setup, "areas").getByText("No area has a technician (westminster).")).toBeVisible();

    // A technician, the area picked from the carrier's areas.
    await cms.goto(editView(TECHNICIAN, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await pickCarrier(cms, code);
    await typed(cms, "Name").fill("Grace Hopper");
    await typed(cms, "Van registration").fill("LN24 ABC");
    await fillChecked(cms, "Home base latitude", "51.49");
    await fillChecked(cms, "Home base longitude", "-0.13");
    await cms.getByRole("combobox", { name: "Service area" }).click();
    await cms.getByRole("option", { name: "Westminster (westminster)" }).click();
    // Typed last and checked before the save: once, under load, the box lost a code typed right after the carrier was picked.
    await fillChecked(cms, "Technician code", `${code}-tech-1`);
    await expect(typed(cms, "Name")).toHaveValue("Grace Hopper");
    await saveDraft(cms);
    await untilState(setup, "areas", "done");
    await expect(item(setup, "engine")).toHaveAttribute("data-state", "missing");

    // The roster: every day ticked, today closed with the date picker.
    const today = new Date();
    await cms.goto(editView(ROSTER, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await pickCarrier(cms, code);
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await cms.getByRole("checkbox", { name: day, exact: true }).click();
    await fillChecked(cms, "Appointments per technician per day", "6");
    await cms.getByRole("combobox", { name: "Add a date" }).click();
    const cell = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(today);
    await cms.getByRole("gridcell", { name: cell, exact: true }).click();
    await expect(cms.getByTestId("ops-date")).toHaveCount(1);
    await saveDraft(cms);
    await untilState(setup, "roster", "done");
    // The engine has taken the carrier over.
    await untilState(setup, "engine", "done");
    await expect(item(setup, "engine").getByText(/^Bookable now; last sync .+, revision 20\d\d-/)).toBeVisible();
    await setup.getByRole("textbox", { name: "Postcode" }).fill("sw1a 1aa");
    await setup.getByRole("button", { name: "Test", exact: true }).click();
    await expect(setup.getByTestId("postcode-answer")).toHaveText(/^SW1A 1AA is served by Westminster \(westminster\); the next free day is \w+day, /, { timeout: 15_000 });
    await setup.screenshot({ path: path.join(REPORTS_DIR, "cms-onboarded-checklist.png"), fullPage: true });

    // Nothing typed as JSON, yet the carrier's entries hold what the engine reads.
    const [area] = await cmsList("ops-service-areas", { "filters[carrierCode][$eq]": code });
    expect(area).toMatchObject({ carrierCode: code, postcodePrefixes: ["SW1A"], country: "GB" });
    const [roster] = await cmsList("ops-rosters", { "filters[carrierCode][$eq]": code });
    expect(roster).toMatchObject({ workingWeekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect((roster!.closedDates as string[]).length).toBe(1);

    // A German-speaking operator reads the carrier's controls in German; a wrong tag gets the save's message.
    await cms.evaluate(() => localStorage.setItem("strapi-admin-language", "de"));
    await cms.goto(editView(CARRIER, draft!.documentId));
    const deBox = cms.getByRole("textbox", { name: "Domains hinzufügen" });
    await expect(deBox).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByRole("button", { name: `${code}.localhost entfernen` })).toBeVisible();
    await deBox.fill("fixly_shop.example");
    await deBox.press("Enter");
    await expect(cms.getByTestId("ops-domain-problem")).toHaveText('domains[1] must be a lower-case host name without scheme, port or path (got "fixly_shop.example")');
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-carrier-domains-de.png"), fullPage: true });
    await operator.close();

    // A customer on the new carrier's site books a covered postcode and pays (sandbox).
    const site = await browser.newPage();
    await expect
      .poll(
        async () => {
          await site.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent(POSTCODE)}`));
          return /\/booking\/device\//.test(site.url());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await site.close();
    const [carrier] = await cmsList("carriers", { "filters[code][$eq]": code });
    const order = await bookThroughUi(browser, carrier!, { email: uniqueEmail("onboarded"), postcode: POSTCODE });
    expect(order.orderRef).toMatch(/^\d+$/);
    // Today is closed: the first free day is a later one.
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(order.date > `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`).toBe(true);

    // Fences. The editor of the other carrier: not this carrier's checklist, no operations type, no carrier of theirs to pick for one.
    const editorToken = await adminLogin(editorEmail, editorPassword);
    const listed = await cmsCall("GET", "/admin/setup-checklist", editorToken);
    expect(listed.status).toBe(200);
    expect(listed.body.carriers.map((c: { code: string }) => c.code)).toEqual([other]);
    expect((await cmsCall("GET", `/admin/setup-checklist/${code}`, editorToken)).status).toBe(404);
    for (const uid of [AREA, TECHNICIAN, ROSTER]) expect((await cmsCall("GET", `/content-manager/collection-types/${uid}`, editorToken)).status).toBe(403);
    expect((await cmsCall("GET", `/admin/carrier-choices?uid=${AREA}`, editorToken)).body).toEqual({ carriers: [] });
    expect((await cmsCall("GET", `/admin/carrier-choices?uid=${LANDING}`, editorToken)).body.carriers.map((c: { code: string }) => c.code)).toEqual([other]);
    // The operator's choices: their carrier only, for content and operations types alike; a bad type is a 400.
    const operatorToken = await adminLogin(email, password);
    for (const uid of [AREA, LANDING]) {
      expect((await cmsCall("GET", `/admin/carrier-choices?uid=${uid}`, operatorToken)).body.carriers.map((c: { code: string }) => c.code)).toEqual([code]);
    }
    expect((await cmsCall("GET", "/admin/carrier-choices?uid=api::carrier.carrier", operatorToken)).status).toBe(400);
    // The operator cannot take the other carrier, nor put an entry under it.
    expect((await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${otherCarrier.documentId}`, operatorToken, { name: "Taken" })).status).toBe(403);
    expect(
      (
        await cmsCall("POST", `/content-manager/collection-types/${AREA}`, operatorToken, {
          carrierCode: other,
          code: "x",
          name: "X",
          country: "GB",
          postcodePrefixes: ["E1"],
          centreLat: 51.5,
          centreLng: -0.1,
          radiusKm: 3,
        })
      ).status,
    ).toBe(403);
  } finally {
    for (const collection of ["ops-rosters", "ops-technicians", "ops-service-areas"]) {
      for (const entry of await cmsList(collection, { "filters[carrierCode][$eq]": code }).catch(() => [])) await cmsDelete(collection, entry.documentId).catch(() => undefined);
    }
    for (const landing of await cmsList("landing-pages", { "filters[carrierCode][$eq]": code, locale: "en", status: "draft" }).catch(() => [])) {
      await cmsDelete("landing-pages", landing.documentId, { locale: "en" }).catch(() => undefined);
    }
    await deleteCreated(created);
    for (const id of userIds) await cmsCall("DELETE", `/admin/users/${id}`, adminToken);
  }
});
