/**
 * Staff log-in (issue 11 items 1–3, ADR 095–097) in Chromium, on a carrier that takes in-store
 * bookings (Skyline) and one that does not (PatchPoint): the Store Login link only where in-store
 * bookings are allowed, wrong passwords and unknown accounts refused alike, the lock-out, log-in to
 * the staff area and log-out, no way into another carrier, a disabled account's session ending, and
 * a role refused at a page it may not use (403). axe on every staff page.
 *
 * Demo accounts: tenants/<carrier>/staff.json, password in README.md. The lock-out counts per
 * account and per client address (all of this spec is one address: at most 19 failures a carrier).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import http from "node:http";
import { appPort, carrierUrl } from "../support/app";
import { cmsCreate, cmsUpdate } from "../support/cms";

const PASSWORD = "DemoStaff-2026!";
const WRONG = "The username or password is not correct.";
const LOCKED = "Too many attempts. Please try again later.";

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    serious.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) })),
    `axe on ${where}`,
  ).toEqual([]);
}

async function logIn(page: Page, carrier: string, username: string, password: string, path = "/store/login") {
  await page.goto(carrierUrl(carrier, path));
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("store-login-submit").click();
}

const alert = (page: Page) => page.getByTestId("store-login-alert");

/** A form post to the app as a given carrier's host, as a script on another site would send it (Node does not resolve *.localhost). */
function postForm(carrier: string, path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: appPort,
        path,
        method: "POST",
        headers: { host: `${carrier}.localhost:${appPort}`, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test.describe("store login link", () => {
  test("shows on a carrier with in-store bookings and leads to the staff log-in", async ({ page }) => {
    await page.goto(carrierUrl("skyline"));
    await expect(page.getByTestId("store-login-link")).toBeVisible();
    await expect(page.getByTestId("store-colleague-login")).toBeVisible();
    await page.getByTestId("store-login-link").click();
    await expect(page).toHaveURL(/\/store\/login$/);
    await expect(page.getByRole("heading", { name: "Staff login" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "skyline /store/login");
  });

  test("speaks the carrier's language on the log-in page", async ({ page }) => {
    await page.goto(carrierUrl("flickwerk", "/store/login"));
    await expect(page.getByRole("heading", { name: "Mitarbeiter-Login" })).toBeVisible();
    await expect(page.getByLabel("Benutzername")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "flickwerk /store/login");
  });

  test("is absent on a carrier without in-store bookings", async ({ page }) => {
    await page.goto(carrierUrl("patchpoint"));
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByTestId("store-login-link")).toHaveCount(0);
    await expect(page.getByTestId("store-colleague-login")).toHaveCount(0);
  });
});

test.describe("staff log-in on a carrier with in-store bookings", () => {
  test("refuses a wrong password and an unknown account with the same message", async ({ page }) => {
    await logIn(page, "skyline", "store.oxford", "not-the-password");
    await expect(alert(page)).toHaveText(WRONG);
    await expect(page.getByLabel("Username")).toHaveValue("store.oxford");
    await expect(page.getByLabel("Password")).toHaveValue("");
    await logIn(page, "skyline", "no.such.person", "not-the-password");
    await expect(alert(page)).toHaveText(WRONG);
    await expectNoSeriousA11yViolations(page, "a refused log-in");
  });

  test("refuses a log-in posted from another site, like every other form", async () => {
    const answer = await postForm("skyline", "/store/login", { username: "store.oxford", password: PASSWORD }, { Origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(String(answer.headers["set-cookie"] ?? "")).not.toContain("__staff");
  });

  test("names an empty field", async ({ page }) => {
    await logIn(page, "skyline", "", "");
    await expect(page.getByTestId("staff-username-error")).toHaveText("Please enter your username");
    await expect(page.getByTestId("staff-password-error")).toHaveText("Please enter your password");
  });

  test("locks an account after five failures, even for the right password, and an unknown account the same way", async ({ page }) => {
    for (let i = 0; i < 5; i++) {
      await logIn(page, "skyline", "store.london", `wrong-${i}`);
      await expect(alert(page)).toHaveText(WRONG);
    }
    await logIn(page, "skyline", "store.london", PASSWORD);
    await expect(alert(page)).toHaveText(LOCKED);
    await expect(page).toHaveURL(/\/store\/login/);
    for (let i = 0; i < 5; i++) {
      await logIn(page, "skyline", "ghost.account", `wrong-${i}`);
      await expect(alert(page)).toHaveText(WRONG);
    }
    await logIn(page, "skyline", "ghost.account", PASSWORD);
    await expect(alert(page)).toHaveText(LOCKED);
  });

  test("logs a store colleague in to the staff area and out again", async ({ page }) => {
    await logIn(page, "skyline", "Store.Oxford", PASSWORD);
    await expect(page).toHaveURL(carrierUrl("skyline", "/store"));
    const document = await page.reload();
    expect(document?.headers()).toMatchObject({ "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" });
    await expect(page.getByTestId("staff-welcome")).toHaveText("Logged in as Olivia Store");
    const details = page.getByTestId("staff-details");
    await expect(details).toContainText("Skyline Mobile");
    await expect(details).toContainText("Store colleague");
    await expect(details).toContainText("LON-OXFORD-ST");
    // A store colleague's role has no area page: no link, and the page itself answers 403.
    await expect(page.getByRole("link", { name: "Staff of the area" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "skyline /store");

    const cookies = await page.context().cookies(carrierUrl("skyline"));
    const staff = cookies.find((cookie) => cookie.name === "__staff");
    expect(staff).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookies.find((cookie) => cookie.name === "__booking")).toBeUndefined();

    await page.getByTestId("staff-logout").click();
    await expect(page).toHaveURL(/\/store\/login\?loggedOut=1$/);
    await expect(page.getByTestId("store-login-notice")).toHaveText("You are logged out.");
    await page.goto(carrierUrl("skyline", "/store"));
    await expect(page).toHaveURL(carrierUrl("skyline", "/store/login"));
  });

  test("sends a visitor who is not logged in to the log-in, and back to the page afterwards", async ({ page }) => {
    await page.goto(carrierUrl("skyline", "/store/area"));
    await expect(page).toHaveURL(carrierUrl("skyline", "/store/login?redirectTo=%2Fstore%2Farea"));
    await page.getByLabel("Username").fill("manager.central");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("store-login-submit").click();
    await expect(page).toHaveURL(carrierUrl("skyline", "/store/area"));
    await expect(page.getByRole("heading", { name: "Staff of the area" })).toBeVisible();
    const table = page.getByTestId("area-staff");
    await expect(table).toContainText("Sam Technician");
    await expect(table).toContainText("Maya Manager");
    await expect(table).not.toContainText("Olivia Store");
    await expectNoSeriousA11yViolations(page, "skyline /store/area");
  });

  test("answers 403 with a page that says so when a technician opens the area manager's page", async ({ page }) => {
    await logIn(page, "skyline", "tech.central", PASSWORD);
    await expect(page).toHaveURL(carrierUrl("skyline", "/store"));
    const response = await page.goto(carrierUrl("skyline", "/store/area"));
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("error-403-staff")).toBeVisible();
    await expect(page.getByRole("heading", { name: "You cannot use this page" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the staff 403 page");
    await page.getByRole("link", { name: "Back to the staff area" }).click();
    await expect(page.getByTestId("staff-welcome")).toHaveText("Logged in as Sam Technician");
  });

  test("ends a disabled account's open session, and it cannot log in again", async ({ page }) => {
    const username = `e2e.disable.${Date.now().toString(36)}`;
    const account = await cmsCreate("ops-staff-members", {
      carrierCode: "skyline",
      username,
      name: "Dana Disabled",
      role: "storeColleague",
      storeCodes: ["LON-KINGS-RD"],
      rolePermissions: ["store.booking"],
      disabled: false,
      password: PASSWORD,
    });
    await logIn(page, "skyline", username, PASSWORD);
    await expect(page.getByTestId("staff-welcome")).toHaveText("Logged in as Dana Disabled");
    await cmsUpdate("ops-staff-members", account.documentId, { disabled: true });
    await page.goto(carrierUrl("skyline", "/store"));
    await expect(page).toHaveURL(carrierUrl("skyline", "/store/login"));
    await logIn(page, "skyline", username, PASSWORD);
    await expect(alert(page)).toHaveText(WRONG);
  });
});

test.describe("staff log-in on a carrier without in-store bookings", () => {
  test("refuses another carrier's account, and another carrier's session cookie shows nothing", async ({ page, context }) => {
    await logIn(page, "patchpoint", "store.oxford", PASSWORD);
    await expect(alert(page)).toHaveText(WRONG);

    await logIn(page, "skyline", "manager.central", PASSWORD);
    await expect(page).toHaveURL(carrierUrl("skyline", "/store"));
    const skylineSession = (await context.cookies(carrierUrl("skyline"))).find((cookie) => cookie.name === "__staff")!;
    await context.addCookies([{ name: "__staff", value: skylineSession.value, domain: "patchpoint.localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
    await page.goto(carrierUrl("patchpoint", "/store/area"));
    await expect(page).toHaveURL(carrierUrl("patchpoint", "/store/login?redirectTo=%2Fstore%2Farea"));
    await expect(page.getByText("Maya Manager")).toHaveCount(0);
  });

  test("logs its own area manager in, who sees only this carrier's staff", async ({ page }) => {
    await logIn(page, "patchpoint", "manager.central", PASSWORD, "/store/login?redirectTo=%2Fstore%2Farea");
    await expect(page).toHaveURL(carrierUrl("patchpoint", "/store/area"));
    const table = page.getByTestId("area-staff");
    await expect(table).toContainText("Pat Technician");
    await expect(table).toContainText("Priya Manager");
    await expect(table).not.toContainText("Sam Technician");
    await page.goto(carrierUrl("patchpoint", "/store"));
    await expect(page.getByTestId("staff-details")).toContainText("PatchPoint");
    await expect(page.getByTestId("staff-pages").getByRole("link", { name: "Staff of the area" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "patchpoint /store");
  });

  test("refuses its technician at the area manager's page with 403", async ({ page }) => {
    await logIn(page, "patchpoint", "tech.central", PASSWORD);
    await expect(page.getByTestId("staff-welcome")).toHaveText("Logged in as Pat Technician");
    const response = await page.goto(carrierUrl("patchpoint", "/store/area"));
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You cannot use this page" })).toBeVisible();
  });
});
