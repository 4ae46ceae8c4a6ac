import { describe, expect, it } from "vitest";
import { bookingTokenFrom, parseBookingCode } from "./booking-code";

const form = (code: string | null) => {
  const data = new URLSearchParams();
  if (code !== null) data.set("code", code);
  return data;
};

describe("the booking code", () => {
  it("takes a typed code as it is, trimmed", () => {
    expect(bookingTokenFrom("  ABCDE-12345 ")).toBe("ABCDE-12345");
  });

  it("takes the text after the last '=' of a scanned code", () => {
    expect(bookingTokenFrom("https://book.example/booking/continue?carrier=x&token=ABCDE-12345")).toBe("ABCDE-12345");
    expect(bookingTokenFrom("a=b=c=XYZ")).toBe("XYZ");
  });

  it("says 'Your booking code is missing' when empty, blank or a scan without a token", () => {
    for (const value of [null, "", "   ", "token="]) {
      expect(parseBookingCode(form(value))).toEqual({ ok: false, errorKey: "booking-location.continue.codeMissing" });
    }
  });

  it("accepts a code", () => {
    expect(parseBookingCode(form("token=abcde12345"))).toEqual({ ok: true, token: "abcde12345" });
  });
});
