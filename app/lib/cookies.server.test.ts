import { describe, expect, it } from "vitest";
import { businessCookie, localeCookie, readBusinessCookie, readLocaleCookie, readTestClockOffset } from "./cookies.server";

const withCookies = (cookie: string | null) => new Request("http://x.localhost/", cookie === null ? {} : { headers: { Cookie: cookie } });

describe("plain cookies", () => {
  it("keep their plain text on the wire and their attributes", async () => {
    expect(await localeCookie.serialize("de")).toBe("lng=de; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(await businessCookie.serialize("business")).toBe("account_type=business; Path=/; HttpOnly; SameSite=Lax");
  });

  it("read the locale a visitor picked, and nothing that is not a language code", async () => {
    expect(await readLocaleCookie(withCookies("a=1; lng=de"))).toBe("de");
    expect(await readLocaleCookie(withCookies("lng=german"))).toBeNull();
    expect(await readLocaleCookie(withCookies(null))).toBeNull();
  });

  it("read the landing page's business account", async () => {
    expect(await readBusinessCookie(withCookies("lang=en; account_type=business"))).toBe(true);
    expect(await readBusinessCookie(withCookies("account_type=personal"))).toBe(false);
    expect(await readBusinessCookie(withCookies(null))).toBe(false);
  });

  it("read the test clock as whole milliseconds, possibly negative", async () => {
    expect(await readTestClockOffset(withCookies("engine_clock_offset_ms=-3600000"))).toBe(-3_600_000);
    expect(await readTestClockOffset(withCookies("x=1; engine_clock_offset_ms=86400000; y=2"))).toBe(86_400_000);
    expect(await readTestClockOffset(withCookies("engine_clock_offset_ms=1.5"))).toBeNull();
    expect(await readTestClockOffset(withCookies("engine_clock_offset_ms=1234567890123456"))).toBeNull();
    expect(await readTestClockOffset(withCookies("engine_clock_offset_ms=%E2%82%AC"))).toBeNull();
    expect(await readTestClockOffset(withCookies(null))).toBeNull();
  });
});
