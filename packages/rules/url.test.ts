import { describe, expect, it } from "vitest";
import { URL_RULES, checkUrl, mailtoHref, safeRedirectTarget, safeUrl, telHref, type UrlRules } from "./url.js";

const production = { ...URL_RULES.web, production: true };
const development = { ...URL_RULES.web, production: false };
const image = { ...URL_RULES.image, production: true };

const scripts = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "JavaScript:alert(document.cookie)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:alert(1)",
  " javascript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u00a0javascript:alert(1)",
  "javascript\u0000:alert(1)",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml;base64,PHN2Zy8+",
  "//evil.example/x",
  "\\\\evil.example/x",
  "/\\evil.example/x",
  "https:\\\\evil.example",
  "file:///etc/passwd",
  "blob:https://evil.example/1",
];

describe("URL policy: links, redirects and scripts to another site", () => {
  it.each(scripts)("refuses %j", (url) => {
    expect(checkUrl(url, production).ok).toBe(false);
    expect(checkUrl(url, development).ok).toBe(false);
  });

  it("accepts an https address, without the spaces an editor typed around it", () => {
    expect(checkUrl("https://support.skyline-mobile.example/picker?x=1#top", production)).toEqual({
      ok: true,
      url: "https://support.skyline-mobile.example/picker?x=1#top",
    });
    expect(safeUrl("  https://chat.example/widget.js ", production)).toBe("https://chat.example/widget.js");
    expect(safeUrl("HTTPS://Chat.Example/w.js", production)).toBe("HTTPS://Chat.Example/w.js");
  });

  it("refuses plain http in production and accepts it in development", () => {
    expect(checkUrl("http://chat.example/w.js", production)).toMatchObject({ ok: false, reason: expect.stringContaining("https://") });
    expect(safeUrl("http://chat.example/w.js", development)).toBe("http://chat.example/w.js");
  });

  it("accepts plain http to loopback hosts (the demo and tests) even in production", () => {
    for (const url of ["http://localhost:3000/x", "http://patchpoint.localhost:3000/", "http://127.0.0.1:1337/chat.js", "http://[::1]/"]) {
      expect(safeUrl(url, production)).toBe(url);
    }
    expect(safeUrl("http://localhost.evil.example/", production)).toBeNull();
  });

  it("refuses site-relative paths, bare host names and addresses without a host", () => {
    for (const url of ["/booking", "www.example.com", "example.com/x", "https:evil.example", "https:///evil.example", "https://", ""]) {
      expect(checkUrl(url, production).ok).toBe(false);
    }
  });

  it("refuses tel: and mailto: where a web address belongs", () => {
    expect(checkUrl("tel:+442079460000", production).ok).toBe(false);
    expect(checkUrl("mailto:help@example.com", production).ok).toBe(false);
  });

  it("refuses what is not text", () => {
    for (const value of [null, undefined, 42, { href: "https://x.example" }]) expect(checkUrl(value).ok).toBe(false);
  });

  it("never gives a script or data address as a redirect target", () => {
    expect(safeRedirectTarget("javascript:alert(1)")).toBeNull();
    expect(safeRedirectTarget("data:text/html,x")).toBeNull();
    expect(safeRedirectTarget("//evil.example")).toBeNull();
    expect(safeRedirectTarget("https://www.bluegum-repairs.example/au")).toBe("https://www.bluegum-repairs.example/au");
  });
});

describe("URL policy: images", () => {
  it("accepts https, site paths and base64 image data", () => {
    for (const url of ["https://cdn.example/logo.png", "/images/devices/iphone-15.svg", "data:image/svg+xml;base64,PHN2Zy8+", "data:image/png;base64,iVBORw0KGgo="]) {
      expect(safeUrl(url, image)).toBe(url);
    }
  });

  it("refuses data that is not a base64 image, and scripts", () => {
    for (const url of ["data:text/html;base64,PGI+", "data:image/svg+xml,<svg onload=alert(1)>", "data:image/gif;base64,R0lGOD", "javascript:alert(1)", "//evil.example/x.png"]) {
      expect(safeUrl(url, image)).toBeNull();
    }
  });
});

describe("URL policy: e-mail and phone links", () => {
  const contact: UrlRules = { mailto: true, tel: true, production: true };

  it("accepts mailto: and tel: where the field is an e-mail or phone link", () => {
    expect(safeUrl("mailto:help@patchpoint.example", contact)).toBe("mailto:help@patchpoint.example");
    expect(safeUrl("tel:+442079460000", contact)).toBe("tel:+442079460000");
  });

  it("refuses a mailto: or tel: that carries more than an address or a number", () => {
    expect(safeUrl("mailto:help@x.example?body=hi", contact)).toBeNull();
    expect(safeUrl("tel:javascript:alert(1)", contact)).toBeNull();
    expect(safeUrl("mailto:", contact)).toBeNull();
  });

  it("builds the links from the carrier's e-mail and phone text", () => {
    expect(mailtoHref("help@patchpoint.example")).toBe("mailto:help@patchpoint.example");
    expect(mailtoHref("not an address")).toBeNull();
    expect(mailtoHref(null)).toBeNull();
    expect(telHref("020 7946 0000")).toBe("tel:02079460000");
    expect(telHref("+44 (0)20 7946 0000")).toBe("tel:+4402079460000");
    expect(telHref("call us")).toBeNull();
  });
});
