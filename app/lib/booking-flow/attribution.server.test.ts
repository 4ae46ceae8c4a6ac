import { describe, expect, it } from "vitest";
import { inResponseScope } from "~/lib/http/response-scope.server";
import { attributionFromUrl, attributionToken, captureAttribution as capture } from "./attribution.server";
import { carrierForBooking, referrerMake } from "./context.server";
import { carrierSchema } from "~/content/schemas";

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

/** What the entry page reads, and the cookie its answer sets (null: none). */
async function captureAttribution(request: Request) {
  const { value, cookies } = await inResponseScope(() => capture(request));
  return { ...value, setCookie: cookies[0] ?? null };
}

describe("attribution from the landing URL (spec §7 POST /build, ADR 135)", () => {
  it("reads referrer and lucidRef as short tokens and drops junk", () => {
    expect(attributionFromUrl(new URL("http://x.localhost/?referrer=apple-store&lucidRef=LUC_42.a~b"))).toEqual({ referrer: "apple-store", lucidRef: "LUC_42.a~b" });
    expect(attributionFromUrl(new URL("http://x.localhost/?lucid_ref=abc"))).toEqual({ referrer: null, lucidRef: "abc" });
    expect(attributionFromUrl(new URL("http://x.localhost/?referrer=%3Cscript%3E&lucidRef=ok"))).toEqual({ referrer: null, lucidRef: "ok" });
    expect(attributionFromUrl(new URL(`http://x.localhost/?referrer=${"a".repeat(65)}`))).toBeNull();
    expect(attributionFromUrl(new URL("http://x.localhost/?referrer=a%20b&lucidRef="))).toBeNull();
    expect(attributionFromUrl(new URL("http://x.localhost/"))).toBeNull();
    expect(attributionToken(42)).toBeNull();
    expect(attributionToken(" spaced ")).toBe("spaced");
  });

  it("keeps what the URL carried in a signed cookie through the redirects; a new landing replaces it", async () => {
    const first = await captureAttribution(new Request("http://x.localhost/?referrer=apple-store&lucidRef=L1"));
    expect(first.attribution).toEqual({ referrer: "apple-store", lucidRef: "L1" });
    expect(first.setCookie).toMatch(/^__attribution=.+; Path=\/; HttpOnly; SameSite=Lax$/);

    const later = await captureAttribution(new Request("http://x.localhost/booking/postcode-search", { headers: { Cookie: cookieOf(first.setCookie!) } }));
    expect(later).toEqual({ attribution: { referrer: "apple-store", lucidRef: "L1" }, setCookie: null });

    const replaced = await captureAttribution(new Request("http://x.localhost/booking/start?referrer=other", { headers: { Cookie: cookieOf(first.setCookie!) } }));
    expect(replaced.attribution).toEqual({ referrer: "other", lucidRef: null });

    // Junk in the URL leaves what was kept alone.
    const junk = await captureAttribution(new Request("http://x.localhost/?referrer=%22%3E%3C", { headers: { Cookie: cookieOf(first.setCookie!) } }));
    expect(junk).toEqual({ attribution: { referrer: "apple-store", lucidRef: "L1" }, setCookie: null });
  });

  it("ignores a forged or unreadable cookie", async () => {
    const forged = `__attribution=${btoa(JSON.stringify({ referrer: "forged" }))}`;
    expect((await captureAttribution(new Request("http://x.localhost/", { headers: { Cookie: forged } }))).attribution).toEqual({ referrer: null, lucidRef: null });
    expect((await captureAttribution(new Request("http://x.localhost/", { headers: { Cookie: "__attribution=%%%" } }))).attribution).toEqual({ referrer: null, lucidRef: null });
  });
});

describe("the single make of a make's referrer (spec §5, ADR 135)", () => {
  const base = { documentId: "d1", code: "alpha", name: "Alpha", countryCode: "GB", currency: "GBP", referrerMakes: { samsung: 1 } };

  it("serves a booking built from the referrer of a make like a single-make carrier of that make", () => {
    const carrier = carrierSchema.parse(base);
    expect(referrerMake(carrier, "Samsung")).toBe(1);
    expect(carrierForBooking(carrier, { referrer: "samsung" })).toMatchObject({ singleMakeOnly: true, singleMakeId: 1 });
  });

  it("leaves the carrier as it is for another referrer, none, no booking, or a carrier that already has its one make", () => {
    const carrier = carrierSchema.parse(base);
    expect(carrierForBooking(carrier, { referrer: "apple" })).toBe(carrier);
    expect(carrierForBooking(carrier, { referrer: null })).toBe(carrier);
    expect(carrierForBooking(carrier, null)).toBe(carrier);
    const single = carrierSchema.parse({ ...base, singleMakeOnly: true, singleMakeId: 2 });
    expect(carrierForBooking(single, { referrer: "samsung" })).toMatchObject({ singleMakeOnly: true, singleMakeId: 2 });
  });
});
