import { beforeEach, describe, expect, it, vi } from "vitest";

const carriers = [{ code: "patchpoint", domains: ["repair.patchpoint.example"] }];
vi.mock("~/content/content.server", () => ({
  getCarriers: async () => carriers,
  refreshCarriersAfterMiss: async () => carriers,
}));
vi.mock("~/env.server", () => ({ env: () => ({ DEFAULT_CARRIER: "patchpoint", TRUST_FORWARDED_HOST: false }) }));

import type { Carrier } from "~/content/schemas";

const { hostNamesCarrier, pickLocale, requireCarrier } = await import("./tenant.server");
const at = (host: string) => new Request(`http://${host}/`, { headers: { host } });

describe("a host that names its carrier, and one that only falls back to DEFAULT_CARRIER", () => {
  beforeEach(() => vi.clearAllMocks());

  it("serves the default carrier on any host, but only its own hosts name it", async () => {
    expect((await requireCarrier(at("made-up-1.example"))).code).toBe("patchpoint");
    expect(await hostNamesCarrier(at("made-up-1.example"))).toBe(false);
    expect(await hostNamesCarrier(at("repair.patchpoint.example"))).toBe(true);
    expect(await hostNamesCarrier(at("patchpoint.localhost:3000"))).toBe(true);
  });
});

describe("the language a page is rendered in (ADR 120)", () => {
  const germanAndEnglish = { code: "flickwerk", defaultLocale: "de", supportedLocales: ["de", "en"] } as unknown as Carrier;
  const englishOnly = { code: "patchpoint", defaultLocale: "en", supportedLocales: ["en"] } as unknown as Carrier;
  const visit = (path: string, cookie?: string) => new Request(`http://flickwerk.localhost${path}`, cookie ? { headers: { Cookie: cookie } } : {});

  it("takes ?lng= when the carrier offers it, over the cookie, and asks for it to be kept", async () => {
    expect(await pickLocale(visit("/booking/device/model?make=2&kind=phone&lng=en"), germanAndEnglish)).toEqual({ locale: "en", persist: true });
    expect(await pickLocale(visit("/manage/booking?order_ref=1&email=a%40b.example&lng=de", "lng=en"), germanAndEnglish)).toEqual({ locale: "de", persist: true });
  });

  it("keeps the cookie's choice on every later page, a redirect's target included", async () => {
    expect(await pickLocale(visit("/booking/device/make", "lng=en"), germanAndEnglish)).toEqual({ locale: "en", persist: false });
    expect(await pickLocale(visit("/booking/basket", "a=1; lng=de"), germanAndEnglish)).toEqual({ locale: "de", persist: false });
  });

  it("ignores a language the carrier does not offer, an unknown or mangled one, and two different ones", async () => {
    expect(await pickLocale(visit("/?lng=de"), englishOnly)).toEqual({ locale: "en", persist: false });
    expect(await pickLocale(visit("/?lng=de", "lng=de"), englishOnly)).toEqual({ locale: "en", persist: false });
    for (const query of ["lng=fr", "lng=EN", "lng=en%00", "lng=", "lng=en&lng=de", "lng=%3Cscript%3E"]) {
      expect(await pickLocale(visit(`/faqs?${query}`, "lng=de"), germanAndEnglish), query).toEqual({ locale: "de", persist: false });
      expect(await pickLocale(visit(`/faqs?${query}`), germanAndEnglish), query).toEqual({ locale: "de", persist: false });
    }
  });
});
