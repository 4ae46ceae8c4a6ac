/**
 * The carrier's site icons (spec §3 "icons", issue 39, ADR 277) against the running Strapi and app:
 * an operator's icons in the CMS reach every page's head as <link rel="icon"> / <link
 * rel="apple-touch-icon"> and the partner API's GET /wefix-booking/carrier/{carrier} as `icons`; a
 * change shows in both; a script address is refused on save; with none set the head has no icon link
 * (the browser's default).
 *
 * Needs CMS_URL, APP_URL and the CMS tokens (skipped without CMS_URL), like render-cache.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appGet, waitFor } from "../support/app";
import { cmsCreateNoted, cmsUpdate, deleteCreated, everyDayRoster, testCarrier, uniqueCode, westminsterAreaWithTechnician, type CmsEntry, type Created } from "../support/cms";
import { carrierHost, deletePartnerKey, issuePartnerKey, partnerGet } from "../support/partner-api";

const CMS_URL = process.env.CMS_URL;
const code = uniqueCode("icons");
const host = `${code}.localhost`;

type Icon = { rel: string; href: string; sizes: string | null; type: string | null };

/** The icon links of the page's head, as attributes. */
async function headIcons(pageHost = host): Promise<Icon[]> {
  const page = await appGet(pageHost, "/contact");
  expect(page.status).toBe(200);
  const head = page.body.slice(0, page.body.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*\brel="(icon|apple-touch-icon)"[^>]*>/g)].map(([tag]) => ({
    rel: /\brel="([^"]*)"/.exec(tag)![1]!,
    href: /\bhref="([^"]*)"/.exec(tag)![1]!.replace(/&amp;/g, "&"),
    sizes: /\bsizes="([^"]*)"/.exec(tag)?.[1] ?? null,
    type: /\btype="([^"]*)"/.exec(tag)?.[1] ?? null,
  }));
}

describe.skipIf(!CMS_URL)("the carrier's site icons, from the CMS to the page head and the partner API (ADR 277)", () => {
  const created: Created[] = [];
  let carrier: CmsEntry;
  let key: { key: string; documentId: string };

  const apiIcons = async (): Promise<Icon[] | null> => {
    const answer = await partnerGet(key.key, carrierHost(code), `/api/v4/wefix-booking/carrier/${code}`);
    return answer.status === 200 ? (answer.body as { data: { carrier: { icons: Icon[] } } }).data.carrier.icons : null;
  };
  /** Both the head and the API show `icons`, once the CMS's webhook reached the app; otherwise what they last showed. */
  const bothShow = async (icons: Icon[]) => {
    for (const [where, read] of [
      ["page head", () => headIcons()],
      ["carrier call", apiIcons],
    ] as const) {
      let last: Icon[] | null = null;
      await waitFor(async () => JSON.stringify((last = await read())) === JSON.stringify(icons), { timeoutMs: 15_000 }).catch(() => undefined);
      expect(last, where).toEqual(icons);
    }
  };

  beforeAll(async () => {
    carrier = await cmsCreateNoted(created, "carriers", testCarrier(code, { icons: [{ rel: "icon", url: "/brand/first.svg", sizes: "any", mimeType: "image/svg+xml" }] }));
    // A carrier the engine serves (an area with a technician, a roster): its partner keys reach the app with its operations data.
    await westminsterAreaWithTechnician(code, created);
    await cmsCreateNoted(created, "ops-rosters", everyDayRoster(code, { slotsPerTechnicianPerDay: 4 }));
    key = await issuePartnerKey(code, `Icons ${code}`, ["bookings:write"]);
  }, 30_000);

  afterAll(async () => {
    if (key) await deletePartnerKey(key.documentId).catch(() => undefined);
    await deleteCreated(created);
  });

  it("shows the operator's icons in the head and the carrier call, and an operator's change in both", async () => {
    await bothShow([{ rel: "icon", href: "/brand/first.svg", sizes: "any", type: "image/svg+xml" }]);

    await cmsUpdate("carriers", carrier.documentId, {
      icons: [
        { rel: "icon", url: "https://cdn.example/favicon-32.png", sizes: "32x32", mimeType: "image/png" },
        { rel: "apple-touch-icon", url: "/brand/touch-180.png", sizes: "180x180", mimeType: "image/png" },
      ],
    });
    await bothShow([
      { rel: "icon", href: "https://cdn.example/favicon-32.png", sizes: "32x32", type: "image/png" },
      { rel: "apple-touch-icon", href: "/brand/touch-180.png", sizes: "180x180", type: "image/png" },
    ]);
  });

  it("refuses a script address or a type that is no image on save, keeping the icons the site shows", async () => {
    const before = await headIcons();
    await expect(cmsUpdate("carriers", carrier.documentId, { icons: [{ rel: "icon", url: "javascript:alert(1)" }] })).rejects.toThrow(/→ 400: .*Site icon 1 image address must be/);
    await expect(cmsUpdate("carriers", carrier.documentId, { icons: [{ rel: "icon", url: "/x.js", mimeType: "text/javascript" }] })).rejects.toThrow(/→ 400/);
    expect(await headIcons()).toEqual(before);
  });

  it("draws no icon link and answers no icons once the operator removes them (the browser's default icon)", async () => {
    await cmsUpdate("carriers", carrier.documentId, { icons: [] });
    await bothShow([]);
  });

  it("seeds a demo carrier's favicon from its logo file (tenants/<code>/logo.svg, inlined)", async () => {
    const logo = readFileSync(path.join(process.cwd(), "tenants", "skyline", "logo.svg")).toString("base64");
    expect(await headIcons("skyline.localhost")).toEqual([{ rel: "icon", href: `data:image/svg+xml;base64,${logo}`, sizes: "any", type: "image/svg+xml" }]);
  });
});
