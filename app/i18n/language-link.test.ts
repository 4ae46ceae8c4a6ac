import { describe, expect, it } from "vitest";
import { languageSwitchHref } from "./language-link";

const at = (url: string) => {
  const parsed = new URL(url, "http://flickwerk.localhost");
  return { pathname: parsed.pathname, search: parsed.search };
};
const queryOf = (href: string) => Object.fromEntries(new URL(href, "http://flickwerk.localhost").searchParams);

describe("the header's language link", () => {
  it("keeps a device step's path and its whole query, adding only the language", () => {
    const href = languageSwitchHref(at("/booking/device/model?make=2&kind=phone&q=iphone"), "de");
    expect(href.startsWith("/booking/device/model?")).toBe(true);
    expect(queryOf(href)).toEqual({ make: "2", kind: "phone", q: "iphone", lng: "de" });
  });

  it("keeps the manage page's lookup, an e-mail with a plus and an at sign included", () => {
    const href = languageSwitchHref(at("/manage/booking?order_ref=1234567&email=ada%2Bshop%40example.com&modal=cancel"), "en");
    expect(new URL(href, "http://x.localhost").pathname).toBe("/manage/booking");
    expect(queryOf(href)).toEqual({ order_ref: "1234567", email: "ada+shop@example.com", modal: "cancel", lng: "en" });
  });

  it("keeps the waiting-list offer's token and the payment page's state", () => {
    expect(queryOf(languageSwitchHref(at("/booking/waiting-list/offer?token=Ab-9_xYz"), "de"))).toEqual({ token: "Ab-9_xYz", lng: "de" });
    expect(languageSwitchHref(at("/booking/payment?billing=edit"), "en")).toBe("/booking/payment?billing=edit&lng=en");
  });

  it("replaces the language the page was opened with, every copy of it, and nothing else", () => {
    expect(languageSwitchHref(at("/booking/device/colour?lng=en&model=101&make=2"), "de")).toBe("/booking/device/colour?model=101&make=2&lng=de");
    expect(languageSwitchHref(at("/faqs?lng=en&lng=fr"), "de")).toBe("/faqs?lng=de");
  });

  it("links a page without a query to itself with the language alone", () => {
    expect(languageSwitchHref(at("/"), "en")).toBe("/?lng=en");
    expect(languageSwitchHref({ pathname: "/help/screen", search: "" }, "de")).toBe("/help/screen?lng=de");
  });
});
