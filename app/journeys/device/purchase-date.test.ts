import { describe, expect, it } from "vitest";
import { formatPurchaseDate, parsePurchaseDate } from "./purchase-date";

describe("purchase date (DD/MM/YYYY)", () => {
  it("reads DD/MM/YYYY as a calendar day", () => {
    expect(parsePurchaseDate("05/03/2025")).toEqual({ ok: true, iso: "2025-03-05" });
  });

  it("accepts single digits and dots or hyphens between the parts", () => {
    expect(parsePurchaseDate(" 5/3/2025 ")).toEqual({ ok: true, iso: "2025-03-05" });
    expect(parsePurchaseDate("05.03.2025")).toEqual({ ok: true, iso: "2025-03-05" });
  });

  it("asks for a date when the field is empty", () => {
    expect(parsePurchaseDate("  ")).toEqual({ ok: false, reason: "missing" });
    expect(parsePurchaseDate(undefined)).toEqual({ ok: false, reason: "missing" });
  });

  it("rejects other formats", () => {
    expect(parsePurchaseDate("2025-03-05")).toEqual({ ok: false, reason: "format" });
    expect(parsePurchaseDate("March 5th")).toEqual({ ok: false, reason: "format" });
    expect(parsePurchaseDate("05/03/25")).toEqual({ ok: false, reason: "format" });
  });

  it("rejects days that do not exist", () => {
    expect(parsePurchaseDate("31/04/2025")).toEqual({ ok: false, reason: "invalid" });
    expect(parsePurchaseDate("29/02/2025")).toEqual({ ok: false, reason: "invalid" });
    expect(parsePurchaseDate("29/02/2024")).toEqual({ ok: true, iso: "2024-02-29" });
    expect(parsePurchaseDate("10/13/2024")).toEqual({ ok: false, reason: "invalid" });
  });

  it("shows a stored day back as DD/MM/YYYY", () => {
    expect(formatPurchaseDate("2024-02-29")).toBe("29/02/2024");
    expect(formatPurchaseDate(null)).toBe("");
  });
});
