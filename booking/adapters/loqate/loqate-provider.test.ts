import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LoqateError, createLoqateProvider, isLoqateError } from "./loqate-provider";
import { townOf } from "../../ports/address-provider";

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}

/** A fetch that answers from recorded responses and remembers what it was asked. */
function recordedFetch(answer: string | ((url: URL) => string), status = 200) {
  const calls: URL[] = [];
  const fetch = async (input: string) => {
    const url = new URL(input);
    calls.push(url);
    const name = typeof answer === "string" ? answer : answer(url);
    return { ok: status >= 200 && status < 300, status, json: async () => fixture(name) };
  };
  return { fetch, calls };
}

describe("Loqate provider: find", () => {
  it("calls Capture Interactive Find v1.10 with Key, Text, Countries, Limit and Language", async () => {
    const { fetch, calls } = recordedFetch("find-postcode-gb");
    const provider = createLoqateProvider({ apiKey: "AA11-AA11-AA11-AA11", fetch, language: "en", limit: 7 });
    await provider.find({ text: "E1 6A", country: "GB" });
    const url = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe("https://api.addressy.com/Capture/Interactive/Find/v1.10/json3.ws");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      Key: "AA11-AA11-AA11-AA11",
      Text: "E1 6A",
      Countries: "GB",
      Limit: "7",
      Language: "en",
    });
  });

  it("maps Address items to retrievable results and every other type to containers", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("find-postcode-gb").fetch });
    expect(await provider.find({ text: "E1 6A", country: "GB" })).toEqual([
      { id: "GB|RM|ENG|6AN-E1", text: "E1 6AN", description: "Commercial Street, London - 3 Addresses", retrievable: false },
      { id: "GB|RM|ENG|6AP-E1", text: "E1 6AP", description: "Commercial Street, London - 12 Addresses", retrievable: false },
      { id: "GB|RM|B|27016342", text: "2 Fashion Street", description: "London, E1 6AQ", retrievable: true },
    ]);
  });

  it("searches inside a container", async () => {
    const { fetch, calls } = recordedFetch("find-container-gb");
    const provider = createLoqateProvider({ apiKey: "k", fetch });
    const results = await provider.find({ text: "E1 6AN", container: "GB|RM|ENG|6AN-E1", country: "GB" });
    expect(calls[0]!.searchParams.get("Container")).toBe("GB|RM|ENG|6AN-E1");
    expect(results.map((r) => r.text)).toEqual(["Flat 1, 14 Commercial Street", "Flat 2, 14 Commercial Street", "Flat 3, 14 Commercial Street"]);
    expect(results.every((r) => r.retrievable)).toBe(true);
  });

  it("treats a Street item as a container", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("find-street-de").fetch, language: "de" });
    const [street, address] = await provider.find({ text: "Kastanienallee", country: "DE" });
    expect(street).toMatchObject({ retrievable: false, text: "Kastanienallee" });
    expect(address).toMatchObject({ retrievable: true, description: "10435 Berlin" });
  });

  it("returns an empty list when Loqate finds nothing", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("find-no-results").fetch });
    expect(await provider.find({ text: "zzzz", country: "GB" })).toEqual([]);
  });

  it("omits an empty container and defaults the language and limit", async () => {
    const { fetch, calls } = recordedFetch("find-no-results");
    await createLoqateProvider({ apiKey: "k", fetch }).find({ text: "x", container: "", country: "AU" });
    expect(calls[0]!.searchParams.has("Container")).toBe(false);
    expect(calls[0]!.searchParams.get("Language")).toBe("en");
    expect(calls[0]!.searchParams.get("Limit")).toBe("10");
  });
});

describe("Loqate provider: retrieve", () => {
  it("calls Capture Interactive Retrieve v1.2 with Key and Id and maps the address", async () => {
    const { fetch, calls } = recordedFetch("retrieve-gb");
    const provider = createLoqateProvider({ apiKey: "k", fetch });
    const address = await provider.retrieve("GB|RM|B|27016301|A1");
    expect(`${calls[0]!.origin}${calls[0]!.pathname}`).toBe("https://api.addressy.com/Capture/Interactive/Retrieve/v1.2/json3.ws");
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ Key: "k", Id: "GB|RM|B|27016301|A1" });
    expect(address).toEqual({
      line_1: "Flat 1",
      line_2: "14 Commercial Street",
      district: "",
      city: "London",
      post_town: "London",
      postal_code: "E1 6AN",
      country: "GB",
    });
  });

  it("maps a UK order address's third line, post town and county (spec §3)", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("retrieve-gb-three-lines").fetch });
    const address = await provider.retrieve("GB|RM|B|51234567");
    expect(address).toEqual({
      line_1: "Flat 3",
      line_2: "The Old Mill",
      line_3: "Mill Lane",
      district: "",
      city: "Sevenoaks",
      post_town: "Sevenoaks",
      county: "Kent",
      postal_code: "TN13 1AA",
      country: "GB",
    });
    expect(townOf(address!)).toBe("Sevenoaks");
  });

  it("keeps Line4 and Line5 after Line3, and Province where there is no ProvinceName", async () => {
    const fetch = async () => ({
      ok: true,
      status: 200,
      json: async () => ({
        Items: [
          {
            Line1: "Unit 2",
            Line2: "Riverside Works",
            Line3: "Mill Lane",
            Line4: "Dunton Green",
            Line5: "",
            City: "Sevenoaks",
            Province: "Kent",
            ProvinceName: "",
            PostalCode: "TN13 2AA",
            CountryIso2: "GB",
          },
        ],
      }),
    });
    expect(await createLoqateProvider({ apiKey: "k", fetch }).retrieve("x")).toMatchObject({ line_3: "Mill Lane, Dunton Green", county: "Kent", post_town: "Sevenoaks" });
  });

  it("keeps the district Loqate gives (the town falls back to it)", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("retrieve-us").fetch });
    expect(await provider.retrieve("US|US|A|Z212345678|1")).toMatchObject({ district: "Brooklyn", city: "New York", country: "US" });
  });

  it("returns null for no item or a country the platform does not serve", async () => {
    expect(await createLoqateProvider({ apiKey: "k", fetch: recordedFetch("find-no-results").fetch }).retrieve("x")).toBeNull();
    expect(await createLoqateProvider({ apiKey: "k", fetch: recordedFetch("retrieve-unsupported-country").fetch }).retrieve("x")).toBeNull();
  });
});

describe("Loqate provider: geocode", () => {
  it("uses the UK geocoder for GB and parses string coordinates", async () => {
    const { fetch, calls } = recordedFetch("geocode-uk");
    const point = await createLoqateProvider({ apiKey: "k", fetch }).geocode({ country: "GB", text: " E1 6AN " });
    expect(`${calls[0]!.origin}${calls[0]!.pathname}`).toBe("https://api.addressy.com/Geocoding/UK/Geocode/v2.10/json3.ws");
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ Key: "k", Location: "E1 6AN" });
    expect(point).toEqual({ latitude: 51.5196, longitude: -0.0743 });
  });

  it("uses the international geocoder with the country elsewhere", async () => {
    const { fetch, calls } = recordedFetch("geocode-international-de");
    const point = await createLoqateProvider({ apiKey: "k", fetch }).geocode({ country: "DE", text: "Kastanienallee 12, 10435 Berlin" });
    expect(`${calls[0]!.origin}${calls[0]!.pathname}`).toBe("https://api.addressy.com/Geocoding/International/Geocode/v1.10/json3.ws");
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ Key: "k", Country: "DE", Location: "Kastanienallee 12, 10435 Berlin" });
    expect(point).toEqual({ latitude: 52.53654, longitude: 13.4085 });
  });

  it("returns null when nothing is found, and asks nothing for blank text", async () => {
    const { fetch, calls } = recordedFetch("find-no-results");
    const provider = createLoqateProvider({ apiKey: "k", fetch });
    expect(await provider.geocode({ country: "US", text: "nowhere" })).toBeNull();
    expect(await provider.geocode({ country: "US", text: "  " })).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe("Loqate provider: errors", () => {
  it("throws a LoqateError carrying Loqate's Error, Description, Cause and Resolution", async () => {
    const provider = createLoqateProvider({ apiKey: "bad", fetch: recordedFetch("error-unknown-key").fetch });
    const error = await provider.find({ text: "E1", country: "GB" }).catch((e: unknown) => e);
    expect(isLoqateError(error)).toBe(true);
    expect(error).toBeInstanceOf(LoqateError);
    expect(error).toMatchObject({
      code: "2",
      description: "Unknown key",
      reason: "The key you are using to access the service was not found.",
      resolution: expect.stringContaining("AA11-AA11-AA11-AA11"),
      isAccountProblem: true,
    });
  });

  it("reports errors from retrieve and geocode the same way", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("error-out-of-credit").fetch });
    await expect(provider.retrieve("x")).rejects.toMatchObject({ code: "3", description: "Account out of credit" });
    await expect(provider.geocode({ country: "GB", text: "E1 6AN" })).rejects.toBeInstanceOf(LoqateError);
  });

  it("turns an HTTP failure into a LoqateError", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: recordedFetch("find-no-results", 503).fetch });
    await expect(provider.find({ text: "E1", country: "GB" })).rejects.toMatchObject({ code: "http_503" });
  });

  it("turns a network failure into a LoqateError", async () => {
    const provider = createLoqateProvider({
      apiKey: "k",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(provider.find({ text: "E1", country: "GB" })).rejects.toMatchObject({ code: "network", reason: "fetch failed" });
  });

  it("refuses an answer without Items", async () => {
    const provider = createLoqateProvider({ apiKey: "k", fetch: async () => ({ ok: true, status: 200, json: async () => ({ nope: 1 }) }) });
    await expect(provider.find({ text: "E1", country: "GB" })).rejects.toMatchObject({ code: "bad_response" });
  });

  it("needs an API key", () => {
    expect(() => createLoqateProvider({ apiKey: "" })).toThrow(/apiKey/);
  });
});
