import { describe, expect, it, vi } from "vitest";
import { carrierSchema, landingPageSchema, parseEntries, themeSchema } from "./schemas";

const minimalCarrier = { documentId: "d1", code: "alpha", name: "Alpha", countryCode: "GB", currency: "GBP" };

describe("carrier content parsing", () => {
  it("fills safe defaults for switches and fields the CMS left empty", () => {
    const carrier = carrierSchema.parse({ ...minimalCarrier, maxDevicesPerBasket: null, theme: null, domains: null });
    expect(carrier).toMatchObject({
      defaultLocale: "en",
      supportedLocales: [],
      domains: [],
      maxDevicesPerBasket: 5,
      singleMakeId: 2,
      payButtonVariant: "pay",
      confirmOnly: false,
      maintenance: false,
      fleetDaysPerWeek: 5,
      timezone: "Europe/London",
    });
    expect(carrier.theme.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("lower-cases domains and drops unknown locales", () => {
    const carrier = carrierSchema.parse({ ...minimalCarrier, domains: [" Repairs.Alpha.EXAMPLE ", ""], supportedLocales: ["de", "fr", "en"] });
    expect(carrier.domains).toEqual(["repairs.alpha.example"]);
    expect(carrier.supportedLocales).toEqual(["de", "en"]);
  });

  it("reads the referrer makes (ADR 135): lower-case codes of safe characters to positive make ids; the rest is left out", () => {
    expect(carrierSchema.parse(minimalCarrier).referrerMakes).toEqual({});
    expect(carrierSchema.parse({ ...minimalCarrier, referrerMakes: "samsung" }).referrerMakes).toEqual({});
    const carrier = carrierSchema.parse({ ...minimalCarrier, referrerMakes: { Samsung: 1, "apple store": 2, google: "3", pixel: 0, "fix.it_~-": 3 } });
    expect(carrier.referrerMakes).toEqual({ samsung: 1, "fix.it_~-": 3 });
  });

  it("rejects a carrier without a valid code, country or currency", () => {
    expect(carrierSchema.safeParse({ ...minimalCarrier, code: "Bad Code" }).success).toBe(false);
    expect(carrierSchema.safeParse({ ...minimalCarrier, countryCode: "FR" }).success).toBe(false);
    expect(carrierSchema.safeParse({ ...minimalCarrier, currency: "JPY" }).success).toBe(false);
  });

  it("replaces theme values that could break out of the style element with defaults", () => {
    const theme = themeSchema.parse({
      primaryColor: "red;}</style><script>",
      fontFamily: "Arial; } body { display:none",
      logoUrl: "javascript:alert(1)",
    });
    expect(theme.primaryColor).toBe("#1f4fd1");
    expect(theme.fontFamily).toBe("system-ui, sans-serif");
    expect(theme.logoUrl).toBeNull();
  });

  it("accepts logo URLs that are site paths, http(s) or image data URIs", () => {
    for (const logoUrl of ["/brand/logo.svg", "https://cdn.example/logo.png", "data:image/svg+xml;base64,PHN2Zy8+"]) {
      expect(themeSchema.parse({ logoUrl }).logoUrl).toBe(logoUrl);
    }
    expect(themeSchema.parse({ logoUrl: "//evil.example/x.svg" }).logoUrl).toBeNull();
  });
});

describe("URLs from the CMS (ADR 058)", () => {
  it("drops script, data and protocol-relative addresses from the carrier's link, redirect and chat fields", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const carrier = carrierSchema.parse({
      ...minimalCarrier,
      liveChatUrl: "javascript:alert(document.cookie)",
      externalSupportPickerUrl: " JAVASCRIPT:alert(1)",
      externalLandingRedirectUrl: "data:text/html,<script>alert(1)</script>",
      web: "//evil.example",
    });
    expect(carrier).toMatchObject({ liveChatUrl: null, externalSupportPickerUrl: null, externalLandingRedirectUrl: null, web: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("liveChatUrl"));
    warn.mockRestore();
  });

  it("keeps https addresses in those fields", () => {
    const carrier = carrierSchema.parse({
      ...minimalCarrier,
      liveChatUrl: "https://chat.example/widget.js",
      externalSupportPickerUrl: "https://support.example/picker",
      web: "https://www.alpha.example",
    });
    expect(carrier).toMatchObject({ liveChatUrl: "https://chat.example/widget.js", externalSupportPickerUrl: "https://support.example/picker", web: "https://www.alpha.example" });
  });

  it("keeps only a plain e-mail address for the mailto: link", () => {
    expect(carrierSchema.parse({ ...minimalCarrier, email: "help@alpha.example" }).email).toBe("help@alpha.example");
    expect(carrierSchema.parse({ ...minimalCarrier, email: "x@y.example?bcc=all@z.example" }).email).toBeNull();
  });

  it("drops a carousel item whose picture address is unsafe, keeping the page and the other items", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const landing = landingPageSchema.parse({
      carrierCode: "alpha",
      heroTitle: "Hi",
      popularSmartphones: [
        { title: "Bad", imagePath: "javascript:alert(1)" },
        { title: "Good", imagePath: "/images/devices/iphone-15.svg" },
      ],
    });
    expect(landing.popularSmartphones).toEqual([{ title: "Good", imagePath: "/images/devices/iphone-15.svg" }]);
    warn.mockRestore();
  });
});

describe("site icons (ADR 277)", () => {
  it("reads the CMS's icons as the head's links: use, address, sizes and type, blanks as null, none as an empty list", () => {
    expect(carrierSchema.parse(minimalCarrier).icons).toEqual([]);
    const carrier = carrierSchema.parse({
      ...minimalCarrier,
      icons: [
        { id: 1, rel: "icon", url: "/brand/favicon.svg", sizes: "any", mimeType: "image/svg+xml" },
        { id: 2, rel: "apple-touch-icon", url: "https://cdn.example/touch.png", sizes: "180x180", mimeType: "" },
        { id: 3, rel: "icon", url: "data:image/png;base64,iVBORw0KGgo=", sizes: null, mimeType: null },
      ],
    });
    expect(carrier.icons).toEqual([
      { rel: "icon", href: "/brand/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { rel: "apple-touch-icon", href: "https://cdn.example/touch.png", sizes: "180x180", type: null },
      { rel: "icon", href: "data:image/png;base64,iVBORw0KGgo=", sizes: null, type: null },
    ]);
  });

  it("leaves out an icon with a script or non-image address, another use, odd sizes or a type that is no image, keeping the rest", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const good = { rel: "icon", url: "/favicon.ico", mimeType: "image/x-icon" };
    const carrier = carrierSchema.parse({
      ...minimalCarrier,
      icons: [
        { rel: "icon", url: "javascript:alert(1)" },
        { rel: "icon", url: "data:text/html;base64,PHNjcmlwdD4=" },
        { rel: "icon", url: "//evil.example/x.png" },
        { rel: "stylesheet", url: "/x.css" },
        { rel: "icon", url: "/x.png", sizes: "big" },
        { rel: "icon", url: "/x.js", mimeType: "text/javascript" },
        good,
      ],
    });
    expect(carrier.icons).toEqual([{ rel: "icon", href: "/favicon.ico", sizes: null, type: "image/x-icon" }]);
    expect(carrierSchema.parse({ ...minimalCarrier, icons: "not a list" }).icons).toEqual([]);
    warn.mockRestore();
  });
});

describe("landing page parsing", () => {
  it("turns missing lists into empty lists and blank texts into null", () => {
    const landing = landingPageSchema.parse({ carrierCode: "alpha", heroTitle: "We come to you!", trackingTitle: "  ", sellingPoints: null });
    expect(landing.sellingPoints).toEqual([]);
    expect(landing.popularTablets).toEqual([]);
    expect(landing.trackingTitle).toBeNull();
  });

  it("drops an invalid entry and reports it, keeping the valid ones", () => {
    const issues: string[] = [];
    const parsed = parseEntries(landingPageSchema, [{ carrierCode: "a", heroTitle: "Hi" }, { carrierCode: "b" }], (issue) => issues.push(issue));
    expect(parsed).toHaveLength(1);
    expect(issues[0]).toContain("heroTitle");
  });
});
