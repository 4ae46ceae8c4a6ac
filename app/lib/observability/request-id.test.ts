import { describe, expect, it } from "vitest";
import { requestIdFrom } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the request id", () => {
  it("keeps an incoming X-Request-Id that is a short safe token", () => {
    expect(requestIdFrom("edge-7f3a9c21")).toBe("edge-7f3a9c21");
    expect(requestIdFrom("0d6c1a52-5b8e-4c1e-9a57-1f3b6f1d2c11")).toBe("0d6c1a52-5b8e-4c1e-9a57-1f3b6f1d2c11");
    expect(requestIdFrom(["lb:12345678", "other"])).toBe("lb:12345678");
  });

  it("generates one when the header is missing, too short, too long or carries unsafe characters", () => {
    for (const incoming of [undefined, null, "", "short", "x".repeat(65), "abc def ghi", "id\r\nSet-Cookie: a=b", "<script>alert(1)</script>", "ümlautümlaut"]) {
      expect(requestIdFrom(incoming), String(incoming)).toMatch(UUID);
    }
  });

  it("generates a different id for every request", () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
