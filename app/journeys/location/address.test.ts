import { describe, expect, it } from "vitest";
import { addressErrorText, geocodeText, parseManualAddress, payloadFromFullAddress, postcodeContainer, townOf } from "./address";
import { addressSearchHref } from "./address-search-href";

const full = { line_1: "Flat 1", line_2: "14 Commercial Street", district: "", city: "London", postal_code: "E1 6AN" };

describe("a retrieved address", () => {
  it("takes its town from the district, then the city, then 'Not Set'", () => {
    expect(townOf({ district: "Mitte", city: "Berlin" })).toBe("Mitte");
    expect(townOf({ district: " ", city: "London" })).toBe("London");
    expect(townOf({ district: "", city: "" })).toBe("Not Set");
  });

  it("becomes the booking address payload with its point", () => {
    expect(payloadFromFullAddress(full, { latitude: 51.5, longitude: -0.07 })).toEqual({
      line_1: "Flat 1",
      line_2: "14 Commercial Street",
      town: "London",
      postcode: "E1 6AN",
      latitude: 51.5,
      longitude: -0.07,
    });
    expect(payloadFromFullAddress({ ...full, line_1: "" }, null)).toMatchObject({ line_1: "14 Commercial Street", line_2: "", latitude: null, longitude: null });
  });

  it("keeps a UK order address's third line after line 2 and its county after the town (spec §3, ADR 132)", () => {
    const uk = { line_1: "Flat 3", line_2: "The Old Mill", line_3: "Mill Lane", district: "", city: "Sevenoaks", post_town: "Sevenoaks", county: "Kent", postal_code: "TN13 1AA" };
    expect(payloadFromFullAddress(uk, null)).toEqual({
      line_1: "Flat 3",
      line_2: "The Old Mill, Mill Lane",
      town: "Sevenoaks, Kent",
      postcode: "TN13 1AA",
      latitude: null,
      longitude: null,
    });
    // Empty lines close up; line 3 alone becomes line 2.
    expect(payloadFromFullAddress({ ...uk, line_2: "" }, null)).toMatchObject({ line_1: "Flat 3", line_2: "Mill Lane" });
    expect(payloadFromFullAddress({ ...uk, line_1: "", line_2: "" }, null)).toMatchObject({ line_1: "Mill Lane", line_2: "" });
    // The post town comes before the city; the district still wins (spec §3 town fallback).
    expect(townOf({ district: "", city: "London", post_town: "Sevenoaks" })).toBe("Sevenoaks");
    expect(payloadFromFullAddress({ ...uk, district: "Dunton Green" }, null).town).toBe("Dunton Green, Kent");
    // No county, a county that is the town, or no town at all: the town alone.
    expect(payloadFromFullAddress({ ...uk, county: "" }, null).town).toBe("Sevenoaks");
    expect(payloadFromFullAddress({ ...uk, county: "sevenoaks" }, null).town).toBe("Sevenoaks");
    expect(payloadFromFullAddress({ ...uk, city: "", post_town: "" }, null).town).toBe("Not Set");
    // Within the booking address's lengths: a town of 80 characters drops the county.
    expect(payloadFromFullAddress({ ...uk, post_town: "T".repeat(78) }, null).town).toBe("T".repeat(78));
    expect(geocodeText(payloadFromFullAddress(uk, null))).toBe("Flat 3, The Old Mill, Mill Lane, Sevenoaks, Kent, TN13 1AA");
  });

  it("is geocoded by its lines, town and postcode", () => {
    expect(geocodeText({ line_1: "Flat 1", line_2: "14 Commercial Street", town: "London", postcode: "E1 6AN" })).toBe("Flat 1, 14 Commercial Street, London, E1 6AN");
    expect(geocodeText({ line_1: "Torstraße 112", line_2: "", town: "Not Set", postcode: "10119" })).toBe("Torstraße 112, 10119");
  });
});

describe("manual address entry", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    return data;
  };

  it("needs line 1, the town and the postcode; line 2 is optional", () => {
    const result = parseManualAddress(form({ line_1: " ", line_2: "", town: "", postcode: "" }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors).toEqual({
        line_1: "booking-location.address.line1Missing",
        town: "booking-location.address.townMissing",
        postcode: "landing.postcodeMissing",
      });
      expect(result.values.line_1).toBe(" ");
    }
    expect(parseManualAddress(form({ line_1: " 27 Fournier Street ", town: "London", postcode: "E1 6QE" }))).toEqual({
      ok: true,
      address: { line_1: "27 Fournier Street", line_2: "", town: "London", postcode: "E1 6QE" },
    });
  });

  it("keeps the booking's postcode where the address must stay at it", () => {
    const result = parseManualAddress(form({ line_1: "1 Street", town: "London", postcode: "SW1A 1AA" }), "E1 6AN");
    expect(result.ok && result.address.postcode).toBe("E1 6AN");
  });
});

describe("address search", () => {
  it("links a container to a deeper search inside it", () => {
    expect(addressSearchHref("E1 6AN", { id: "GB|postcode|E16AN", label: "E1 6AN" })).toBe("/booking/address-search?text=E1+6AN&container=GB%7Cpostcode%7CE16AN&within=E1+6AN");
  });

  it("finds the container that is the postcode itself", () => {
    const options = [
      { id: "street", text: "Commercial Street", description: "London - 4 Addresses", retrievable: false },
      { id: "pc", text: "E1 6AN", description: "Commercial Street, London - 3 Addresses", retrievable: false },
      { id: "GB-004", text: "96 Commercial Street", description: "London, E1 6LZ", retrievable: true },
    ];
    expect(postcodeContainer(options, "e16an")?.id).toBe("pc");
    expect(postcodeContainer(options.slice(0, 1), "E1 6AN")?.id).toBe("street");
    expect(postcodeContainer(options.slice(2), "E1 6AN")).toBeNull();
  });

  it("shows the first server message in English, a translated text otherwise", () => {
    expect(addressErrorText({ code: "BK04", messages: ["Sorry, we don't cover that address yet."] }, "en")).toEqual({ message: "Sorry, we don't cover that address yet." });
    expect(addressErrorText({ code: "BK04", messages: ["Sorry, we don't cover that address yet."] }, "de")).toEqual({ key: "booking-location.address.notCovered" });
    expect(addressErrorText({ code: "VALIDATION", messages: [] }, "en")).toEqual({ key: "booking-location.address.saveFailed" });
    // The engine's field code says which refusal it was: its text in the page's language (ADR 126).
    const postcode = { code: "BK04", messages: ["Sorry, we don't cover that postcode yet."], fieldCodes: { postcode: ["POSTCODE_NOT_COVERED"] } };
    expect(addressErrorText(postcode, "de")).toEqual({ key: "landing.postcodeNotCovered" });
    expect(addressErrorText(postcode, "en")).toEqual({ key: "landing.postcodeNotCovered" });
  });
});
