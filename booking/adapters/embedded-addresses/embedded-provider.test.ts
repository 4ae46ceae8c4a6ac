import { describe, expect, it } from "vitest";
import { normalisePostcode } from "../../domain/postcode";
import { townOf, type CountryCode } from "../../ports/address-provider";
import { ADDRESS_BOOK } from "./address-book";
import { createEmbeddedAddressProvider } from "./embedded-provider";

const provider = createEmbeddedAddressProvider();
const COUNTRIES: CountryCode[] = ["GB", "DE", "AU", "US", "CA"];

describe("the demo address book", () => {
  it.each(COUNTRIES)("holds 8 to 15 addresses in %s with valid postcodes and coordinates", (country) => {
    const entries = ADDRESS_BOOK.filter((e) => e.country === country);
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(entries.length).toBeLessThanOrEqual(15);
    for (const entry of entries) {
      expect(normalisePostcode(country, entry.postal_code).ok, entry.postal_code).toBe(true);
      expect(Math.abs(entry.latitude)).toBeGreaterThan(30);
      expect(Math.abs(entry.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it("has unique ids", () => {
    expect(new Set(ADDRESS_BOOK.map((e) => e.id)).size).toBe(ADDRESS_BOOK.length);
  });
});

describe("embedded address provider: find", () => {
  it("returns a postcode holding several addresses as a container, case- and space-insensitively", async () => {
    for (const text of ["E1 6AN", "e16an", " e1 6an "]) {
      const results = await provider.find({ text, country: "GB" });
      expect(results[0]).toEqual({
        id: "GB|postcode|E16AN",
        text: "E1 6AN",
        description: "Commercial Street, London - 3 Addresses",
        retrievable: false,
      });
      expect(results).toHaveLength(1);
    }
  });

  it("opens a container into its addresses", async () => {
    const members = await provider.find({ text: "", container: "GB|postcode|E16AN", country: "GB" });
    expect(members.map((m) => m.text)).toEqual(["Flat 1, 14 Commercial Street", "Flat 2, 14 Commercial Street", "Flat 3, 14 Commercial Street"]);
    expect(members.every((m) => m.retrievable)).toBe(true);
    expect(members[0]!.description).toBe("London, E1 6AN");
  });

  it("returns a street with several addresses as a container", async () => {
    const results = await provider.find({ text: "commercial street", country: "GB" });
    expect(results).toEqual([{ id: "GB|street|commercial-street|london", text: "Commercial Street", description: "London - 4 Addresses", retrievable: false }]);
    const members = await provider.find({ text: "", container: results[0]!.id, country: "GB" });
    expect(members).toHaveLength(4);
  });

  it("lists single addresses directly when the text names a building", async () => {
    const results = await provider.find({ text: "14 Commercial", country: "GB" });
    expect(results).toHaveLength(3);
    expect(results.every((r) => r.retrievable)).toBe(true);
    const fournier = await provider.find({ text: "27 fournier street", country: "GB" });
    expect(fournier).toEqual([{ id: expect.any(String), text: "27 Fournier Street", description: "London, E1 6QE", retrievable: true }]);
  });

  it("mixes containers and addresses for a partial postcode", async () => {
    const results = await provider.find({ text: "E1", country: "GB" });
    expect(results.filter((r) => !r.retrievable).map((r) => r.text)).toEqual(["E1 6AN"]);
    expect(results.filter((r) => r.retrievable).map((r) => r.description)).toEqual(expect.arrayContaining(["London, E1 6LZ", "London, E1 6QE", "London, E14 8LX"]));
  });

  it("searches each country's own addresses", async () => {
    const berlin = await provider.find({ text: "10435", country: "DE" });
    expect(berlin[0]).toMatchObject({ text: "10435", retrievable: false, description: "Kastanienallee, Berlin - 3 Addresses" });
    expect(await provider.find({ text: "10435", country: "GB" })).toEqual([]);
    expect((await provider.find({ text: "2010", country: "AU" }))[0]).toMatchObject({ retrievable: false });
    expect((await provider.find({ text: "10036", country: "US" }))[0]).toMatchObject({ retrievable: false });
    expect((await provider.find({ text: "m5v0j4", country: "CA" }))[0]).toMatchObject({ text: "M5V 0J4", retrievable: false });
  });

  it("finds German streets with umlauts and ß", async () => {
    const results = await provider.find({ text: "torstraße", country: "DE" });
    expect(results).toEqual([expect.objectContaining({ text: "Torstraße 112", description: "Mitte, Berlin, 10119", retrievable: true })]);
    expect((await provider.find({ text: "Mönckebergstraße 7", country: "DE" }))[0]?.description).toContain("20095");
  });

  it("returns nothing for too little or unknown text", async () => {
    expect(await provider.find({ text: "E", country: "GB" })).toEqual([]);
    expect(await provider.find({ text: "Nowhere Lane", country: "GB" })).toEqual([]);
    expect(await provider.find({ text: "", container: "GB|postcode|ZZ99ZZ", country: "GB" })).toEqual([]);
  });

  it("caps the number of suggestions", async () => {
    const small = createEmbeddedAddressProvider({ limit: 2 });
    expect(await small.find({ text: "London", country: "GB" })).toHaveLength(2);
  });
});

describe("embedded address provider: retrieve", () => {
  it("returns the full address of a retrievable id", async () => {
    const [first] = await provider.find({ text: "", container: "GB|postcode|E16AN", country: "GB" });
    const address = await provider.retrieve(first!.id);
    expect(address).toEqual({
      line_1: "Flat 1",
      line_2: "14 Commercial Street",
      district: "",
      city: "London",
      postal_code: "E1 6AN",
      country: "GB",
    });
    expect(townOf(address!)).toBe("London");
  });

  it("gives a UK order address's third line, post town and county where the address has them (spec §3)", async () => {
    const [result] = await provider.find({ text: "Earl Grey House", country: "GB" });
    expect(result).toMatchObject({ text: "Flat 5, Earl Grey House", retrievable: true });
    const address = await provider.retrieve(result!.id);
    expect(address).toEqual({
      line_1: "Flat 5",
      line_2: "Earl Grey House",
      line_3: "75 Grey Street",
      district: "",
      city: "Newcastle upon Tyne",
      post_town: "Newcastle upon Tyne",
      county: "Tyne and Wear",
      postal_code: "NE1 6EE",
      country: "GB",
    });
    expect(townOf(address!)).toBe("Newcastle upon Tyne");
  });

  it("gives the suburb as the town where there is one", async () => {
    const [result] = await provider.find({ text: "1 Main St", country: "US" });
    const address = await provider.retrieve(result!.id);
    expect(address).toMatchObject({ district: "Brooklyn", city: "New York", postal_code: "11201" });
    expect(townOf(address!)).toBe("Brooklyn");
  });

  it("returns null for a container or an unknown id", async () => {
    expect(await provider.retrieve("GB|postcode|E16AN")).toBeNull();
    expect(await provider.retrieve("GB-999")).toBeNull();
  });
});

describe("embedded address provider: geocode", () => {
  it("geocodes a postcode in the address book", async () => {
    expect(await provider.geocode({ country: "GB", text: "e1 6qe" })).toEqual({ latitude: 51.51972, longitude: -0.07277 });
  });

  it("geocodes other postcodes of a served district from the district centre", async () => {
    expect(await provider.geocode({ country: "GB", text: "SW1A 1AA" })).toEqual({ latitude: 51.501, longitude: -0.134 });
    expect(await provider.geocode({ country: "DE", text: "10247" })).toEqual({ latitude: 52.52, longitude: 13.405 });
    expect(await provider.geocode({ country: "US", text: "10001-1234" })).toEqual({ latitude: 40.758, longitude: -73.986 });
    expect(await provider.geocode({ country: "CA", text: "M5H 2N2" })).toEqual({ latitude: 43.651, longitude: -79.383 });
  });

  it("geocodes a retrieved address written out as text", async () => {
    expect(await provider.geocode({ country: "GB", text: "Flat 12, 10 Westferry Road, London, E14 8LX" })).toEqual({
      latitude: 51.50617,
      longitude: -0.02648,
    });
    expect(await provider.geocode({ country: "US", text: "233 S Wacker Dr, Chicago, IL 60606" })).toEqual({
      latitude: 41.8789,
      longitude: -87.6359,
    });
  });

  it("falls back to the postcode written in the text", async () => {
    expect(await provider.geocode({ country: "DE", text: "Unbekannte Straße 1, 80331 München" })).toEqual({
      latitude: 48.135,
      longitude: 11.5696,
    });
    expect(await provider.geocode({ country: "CA", text: "1 Unknown St, Toronto, ON M5V 2A1" })).toEqual({
      latitude: 43.6498,
      longitude: -79.3905,
    });
  });

  it("returns null outside the demo areas or for nonsense", async () => {
    expect(await provider.geocode({ country: "GB", text: "ZE1 0AA" })).toBeNull();
    expect(await provider.geocode({ country: "GB", text: "somewhere nice" })).toBeNull();
    expect(await provider.geocode({ country: "GB", text: " " })).toBeNull();
  });
});
