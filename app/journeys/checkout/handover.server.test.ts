import { describe, expect, it } from "vitest";
import { bookingTokenFrom } from "./booking-code";
import { continueUrlFor, handoverFor } from "./handover.server";

describe("hand-over to the customer's phone", () => {
  it("points the QR code at /booking/continue on the carrier's own host, the token after the last '='", () => {
    const url = continueUrlFor("https://repairs.skyline.example/booking/in-store-booking-confirmation?x=1", "AB12C-DE34F");
    expect(url).toBe("https://repairs.skyline.example/booking/continue?token=AB12C-DE34F");
    expect(bookingTokenFrom(url)).toBe("AB12C-DE34F");
  });

  it("draws the QR code as an SVG on the server", async () => {
    const handover = await handoverFor("https://repairs.skyline.example/x", { token: "AB12C-DE34F", expires_at: "2026-01-01T10:00:00.000Z" });
    expect(handover.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(handover).toMatchObject({
      token: "AB12C-DE34F",
      continueUrl: "https://repairs.skyline.example/booking/continue?token=AB12C-DE34F",
      expiresAt: "2026-01-01T10:00:00.000Z",
    });
  });
});
