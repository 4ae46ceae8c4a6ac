import { describe, expect, it } from "vitest";
import { buildCsp, inlineHashes, originOf, thirdPartiesFor, type CspSettings } from "./csp";

const live: CspSettings = {
  widgets: { cardDropIn: "braintree", payLaterWidget: "klarna", captchaWidget: "recaptcha" },
  tileUrlTemplate: "https://tiles.example.org/{z}/{x}/{y}.png",
};
const offline: CspSettings = { widgets: { cardDropIn: null, payLaterWidget: null, captchaWidget: null }, tileUrlTemplate: null };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((part) => {
      const [name, ...values] = part.split(" ");
      return [name!, values];
    }),
  );
}

function policyFor(pathname: string, settings: CspSettings = live) {
  return directives(buildCsp({ nonce: "abc123", parties: thirdPartiesFor(pathname, settings), tileOrigin: originOf(settings.tileUrlTemplate) }));
}

describe("the Content-Security-Policy", () => {
  it("locks every page down: self by default, no plugins, no foreign base, frames or form targets, reports to the endpoint", () => {
    const policy = policyFor("/");
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-report"]);
    expect(policy.has("report-to")).toBe(false);
  });

  it("runs scripts and the theme style only from the site or with the request's nonce", () => {
    const policy = policyFor("/faqs");
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("allows no third party on content pages, booking steps before payment or manage", () => {
    for (const path of ["/", "/faqs", "/help/battery", "/booking/basket", "/booking/details", "/manage/booking"]) {
      expect(thirdPartiesFor(path, live), path).toEqual([]);
      const policy = policyFor(path);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("frame-src"), path).toEqual(["'self'"]);
    }
  });

  it("allows Braintree, PayPal and Klarna on the payment step with the live providers", () => {
    expect(thirdPartiesFor("/booking/payment", live)).toEqual(["braintree", "paypal", "klarna"]);
    const policy = policyFor("/booking/payment");
    expect(policy.get("script-src")).toEqual(
      expect.arrayContaining(["https://js.braintreegateway.com", "https://assets.braintreegateway.com", "https://*.paypal.com", "https://x.klarnacdn.net"]),
    );
    expect(policy.get("frame-src")).toEqual(
      expect.arrayContaining(["https://assets.braintreegateway.com", "https://*.paypal.com", "https://*.klarna.com", "https://*.cardinalcommerce.com"]),
    );
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["https://api.braintreegateway.com", "https://*.klarna.com"]));
    expect(policy.get("script-src")).not.toContain("https://www.gstatic.com/recaptcha/");
  });

  it("allows no provider on the payment step when payments and pay later are the offline sandboxes", () => {
    expect(thirdPartiesFor("/booking/payment", offline)).toEqual([]);
    expect(thirdPartiesFor("/booking/payment", { ...offline, widgets: { ...offline.widgets, cardDropIn: "braintree" } })).toEqual(["braintree", "paypal"]);
  });

  it("lets the development outbox page show e-mail pictures from anywhere, and nothing else more", () => {
    expect(thirdPartiesFor("/dev/outbox", offline)).toEqual(["mailImages"]);
    const policy = policyFor("/dev/outbox");
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:", "http:"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("frame-src")).toEqual(["'self'"]);
  });

  it("allows reCAPTCHA on the contact page only when the captcha is on", () => {
    expect(thirdPartiesFor("/contact", live)).toEqual(["recaptcha"]);
    expect(thirdPartiesFor("/contact", offline)).toEqual([]);
    expect(policyFor("/contact").get("script-src")).toEqual(["'self'", "'nonce-abc123'", "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]);
  });

  it("allows images from the tile server's origin on the tracking page only", () => {
    expect(policyFor("/my/technician/a%40b.example/PP-1234").get("img-src")).toEqual(["'self'", "data:", "https://tiles.example.org"]);
    expect(policyFor("/manage/booking").get("img-src")).toEqual(["'self'", "data:"]);
    expect(thirdPartiesFor("/my/technician/a%40b.example/PP-1234", offline)).toEqual([]);
  });

  it("allows a carrier's live chat widget from its origin where the page shows live chat", () => {
    const policy = directives(buildCsp({ nonce: "n", parties: ["liveChat"], liveChatOrigin: originOf("https://chat.example.com/widget.js?id=1") }));
    expect(policy.get("script-src")).toContain("https://chat.example.com");
    expect(policy.get("frame-src")).toContain("https://chat.example.com");
  });

  it("relaxes scripts, styles and websockets for Vite's dev server in development only", () => {
    const policy = directives(buildCsp({ nonce: "n", development: true }));
    expect(policy.get("script-src")).toContain("'unsafe-inline'");
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["ws:", "wss:"]));
    expect(policy.get("object-src")).toEqual(["'none'"]);
  });

  it("takes only http(s) origins from a URL or a tile template", () => {
    expect(originOf("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf("not a url")).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe("a page allowed by hashes (the render cache, ADR 073)", () => {
  it("hashes each inline script and style of the page as the browser does, but not external scripts", async () => {
    const { createHash } = await import("node:crypto");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const html = `<style>:root{--brand:#c00}</style><script src="/assets/a.js"></script><script>window.__remixContext = {"é":1};</script><script type="module" async="">import "/assets/b.js";</script><script>window.__remixContext = {"é":1};</script>`;
    const hashes = inlineHashes(html);
    expect(hashes.scripts).toEqual([sha('window.__remixContext = {"é":1};'), sha('import "/assets/b.js";')]);
    expect(hashes.styles).toEqual([sha(":root{--brand:#c00}")]);
    const policy = directives(buildCsp({ nonce: "n", hashes }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-n'", ...hashes.scripts]);
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-n'", ...hashes.styles]);
  });
});
