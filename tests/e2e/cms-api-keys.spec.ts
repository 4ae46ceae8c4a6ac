import { expect, test } from "@playwright/test";
import { adminLogin, cmsCall, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, pickCarrier } from "../support/cms-admin-ui";
import { uniqueCode } from "../support/cms";
import { partnerGet } from "../support/partner-api";

/**
 * Issue 23 item 3 in the browser (ADR 182–184): an operator creates a partner API key in Strapi's
 * admin, sees its key once in the panel, the key works on the app's /api/v4 (a plain fetch, as curl
 * would), on its carrier's host but not on another carrier's (ADR 254), a reload no longer shows it,
 * and the panel shows the key's last use after that call.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const APP_URL = (process.env.APP_URL ?? "http://127.0.0.1:3100").replace(/\/$/, "");
const CARRIER = "api::carrier.carrier";
const API_KEY = "api::ops-api-key.ops-api-key";
/** A seeded carrier the engine sells for: its keys reach the engine with its sync. */
const CODE = "patchpoint-north";

test.use({ actionTimeout: 15_000 });

/** What a partner's curl gets: the status of a catalogue call with the key as a bearer header. */
const partnerCall = async (key: string) => (await fetch(`${APP_URL}/api/v4/device/types`, { headers: { Authorization: `Bearer ${key}` } })).status;

test("an operator creates an API key in the admin, sees it once, and its last use after a call", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = uniqueCode("keys").split("-").pop();
  const email = `keys-ui-${suffix}@repair.localhost`;
  const password = `KeysUi-${suffix}-Pass1`;
  const name = `Shop tills ${suffix}`;
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  const carriers = await cmsCall("GET", `/content-manager/collection-types/${CARRIER}?filters[code][$eq]=${CODE}`, adminToken);
  const carrierId = carriers.body.results[0].documentId as string;
  let operatorId: number | undefined;
  try {
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrierId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const cms = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await logIntoAdmin(cms, email, password);
    await cms.goto(editView(API_KEY, "create"));
    await expect(cms.getByRole("textbox", { name: "Name", exact: true })).toBeVisible({ timeout: 30_000 });
    await dismissAnnouncements(cms);
    await expect(cms.getByText("Save the key first; then its secret is shown here, once.")).toBeVisible();

    await pickCarrier(cms, CODE);
    await cms.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await cms.getByRole("checkbox", { name: "catalogue:read" }).click();
    await cms.getByRole("checkbox", { name: "stores:read" }).click();
    await cms.getByRole("button", { name: "Save", exact: true }).click();
    await expect(cms.getByText(/Saved( document)?/).first()).toBeVisible({ timeout: 15_000 });

    // The panel of the saved entry: the key is shown once, on request.
    await cms.getByRole("button", { name: "Show the key (once)" }).click();
    const shown = cms.getByTestId("api-key-secret");
    await expect(shown).toHaveText(/^rpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await expect(cms.getByText(/you will not see this again/)).toBeVisible();
    await expect(cms.getByRole("button", { name: "Copy" })).toBeVisible();
    const key = (await shown.textContent())!.trim();

    // The partner's first call works within seconds of the CMS's sync.
    await expect.poll(() => partnerCall(key), { timeout: 10_000 }).toBe(200);
    expect(await partnerCall(`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`)).toBe(401);
    // Key and host agree (ADR 254): its own carrier's host answers; another carrier's host refuses it.
    const port = new URL(APP_URL).port;
    expect((await partnerGet(key, `${CODE}.localhost:${port}`, "/api/v4/device/types")).status).toBe(200);
    expect(await partnerGet(key, `patchpoint.localhost:${port}`, "/api/v4/device/types")).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", messages: ["This API key belongs to another carrier. Call the API on the host of the key's own carrier."] },
    });

    // A reload shows that the key was shown, never the key; last use is the call above.
    await cms.reload();
    await expect(cms.getByTestId("api-key-issued")).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByTestId("api-key-secret")).toHaveCount(0);
    await expect(cms.getByText(key)).toHaveCount(0);
    await expect(cms.getByTestId("api-key-last-used")).not.toHaveText("not used yet");
    await expect(cms.getByTestId("api-key-status")).toHaveText("Active");
    await cms.close();
  } finally {
    const left = await cmsCall("GET", `/content-manager/collection-types/${API_KEY}?filters[name][$eq]=${encodeURIComponent(name)}`, adminToken);
    for (const entry of left.body?.results ?? []) await cmsCall("DELETE", `/content-manager/collection-types/${API_KEY}/${entry.documentId}`, adminToken);
    if (operatorId !== undefined) {
      await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrierId}`, adminToken, { operators: { disconnect: [{ id: operatorId }] } });
      await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
    }
  }
});
