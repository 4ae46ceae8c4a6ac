/**
 * A flashed toast (ADR 066) against the root loader's revalidation (ADR 127). An action that keeps
 * its page (4xx) flashes its toast into the `__toast` cookie; the root loader of the revalidation
 * after the post takes it and clears the cookie. The router hands the page the action's answer while
 * that revalidation is still on its way, so nothing the page does on that answer may start another
 * revalidation: it would abort the first after the server had already cleared the cookie, and the
 * toast was lost. A slow network makes the window wide: each revalidation answers late here.
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import http from "node:http";
import { appPort } from "../support/app";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { basketToPayment, bookingWithDevice, payWith, text, toast } from "../support/booking-journey";

let carriers: CmsEntry[] = [];

test.beforeAll(async () => {
  carriers = await seededCarriers({ sort: "code:asc" });
  expect(carriers.length).toBeGreaterThan(0);
});

const on = (carrier: CmsEntry, flag: string) => carrier[flag] === true;
const plainFlow = (c: CmsEntry) => !on(c, "storeRequired") && !on(c, "allowsInStoreDropOff") && !on(c, "addressLookup") && !on(c, "applianceVariant") && !on(c, "confirmOnly");

function pick(description: string, matches: (carrier: CmsEntry) => boolean): CmsEntry {
  const found = carriers.find((carrier) => !carrier.maintenance && matches(carrier));
  expect(found, description).toBeTruthy();
  return found!;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  setCookies: string[];
  body: Buffer;
}

/** Sends the browser's request on to the app from Node (which cannot resolve *.localhost) and reads the whole answer. */
async function forward(route: Route): Promise<Answer> {
  const request = route.request();
  const url = new URL(request.url());
  const headers = await request.allHeaders();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port: appPort, path: `${url.pathname}${url.search}`, method: request.method(), headers: { ...headers, host: url.host, "accept-encoding": "identity" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined || ["content-length", "transfer-encoding", "content-encoding", "set-cookie"].includes(name)) continue;
            out[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: response.statusCode ?? 0, headers: out, setCookies: response.headers["set-cookie"] ?? [], body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/**
 * A slow network for the data revalidations of `path` (GETs of its `.data`): the server answers at
 * once and the browser takes the answer's cookies as its headers arrive, as a browser does, but the
 * rest of the answer comes `delayMs` late, on a CPU 8 times slower. Meanwhile another request may abort this one.
 */
async function slowRevalidations(page: Page, path: string, delayMs: number) {
  // A slow phone as well: the page takes longer to render the action's answer than the server to answer.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  await page.route(`**${path}.data*`, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const answer = await forward(route);
    if (answer.setCookies.some((cookie) => /^__toast=;/.test(cookie) || /^__toast=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie))) {
      await page.context().clearCookies({ name: "__toast" });
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
}

test.describe("a flashed toast on a slow network", () => {
  test("the basket's 'promo code not recognised' shows although the revalidation answers late", async ({ page }) => {
    const carrier = pick("a UK carrier", (c) => c.countryCode === "GB" && c.defaultLocale === "en" && plainFlow(c) && !on(c, "singleMakeOnly"));
    await bookingWithDevice(page, carrier);
    await slowRevalidations(page, "/booking/basket", 1_500);
    await page.getByLabel(text("en", "basket.promoLabel")).fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: text("en", "basket.promoApply") }).click();
    await expect(page.getByTestId("error-code")).toHaveText("Sorry, we don't recognise that promo code.");
    await expect(toast(page, "error", "Sorry, we don't recognise that promo code.")).toBeVisible({ timeout: 10_000 });
  });

  test.describe("in German", () => {
    test.use({ locale: "de-DE" });

    test("a declined card's toast shows although the revalidation answers late", async ({ page }) => {
      const carrier = pick("the German carrier", (c) => c.countryCode === "DE" && c.defaultLocale === "de" && plainFlow(c));
      await bookingWithDevice(page, carrier);
      await basketToPayment(page, "de", carrier);
      await slowRevalidations(page, "/booking/payment", 1_500);
      await payWith(page, "de", "card-declined");
      await expect(page.getByTestId("payment-error")).toContainText(text("de", "toasts.paymentDeclined", {}, "booking"));
      await expect(toast(page, "error", text("de", "toasts.paymentDeclined", {}, "booking"))).toBeVisible({ timeout: 10_000 });
    });
  });
});
