/**
 * AddressProvider on Loqate's REST API (json3 endpoints):
 * - Capture Interactive Find v1.10: Key, Text, Container, Countries, Limit, Language →
 *   Items[{ Id, Type, Text, Highlight, Description }]; Type 'Address' can be retrieved, any other
 *   type (Postcode, Street, BuildingNumber …) is a container for a further Find.
 * - Capture Interactive Retrieve v1.2: Key, Id → Items[{ Line1, Line2, Line3, Line4, Line5, District,
 *   City, Province, ProvinceName, PostalCode, CountryIso2, … }]. Line3–Line5 become `line_3`, City
 *   (the Royal Mail post town in the UK) also `post_town`, ProvinceName (else Province) `county`.
 * - Geocoding: UK Geocode v2.10 for GB (Key, Location) and International Geocode v1.10 elsewhere
 *   (Key, Country, Location) → Items[{ Latitude, Longitude, … }].
 * Loqate reports a failure as HTTP 200 with a single item { Error, Description, Cause, Resolution };
 * that becomes a thrown LoqateError.
 */
import type { AddressProvider, AddressSuggestion, CountryCode, FullAddress, GeoPoint } from "../../ports/address-provider";

export const LOQATE_BASE_URL = "https://api.addressy.com";
export const LOQATE_FIND_PATH = "/Capture/Interactive/Find/v1.10/json3.ws";
export const LOQATE_RETRIEVE_PATH = "/Capture/Interactive/Retrieve/v1.2/json3.ws";
export const LOQATE_UK_GEOCODE_PATH = "/Geocoding/UK/Geocode/v2.10/json3.ws";
export const LOQATE_INTERNATIONAL_GEOCODE_PATH = "/Geocoding/International/Geocode/v1.10/json3.ws";

type FetchLike = (
  input: string,
  init?: { method?: string; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface LoqateProviderOptions {
  apiKey: string;
  fetch?: FetchLike;
  baseUrl?: string;
  /** Preferred result language (Find's Language), e.g. 'en' or 'de'. */
  language?: string;
  /** Find's Limit. */
  limit?: number;
  timeoutMs?: number;
}

/** A Loqate error item (or a failed HTTP exchange with Loqate) as a typed error. */
export class LoqateError extends Error {
  override readonly name = "LoqateError";
  /** Loqate's Error number as a string ('2' unknown key, '3' out of credit …), or 'http_<status>' / 'network' / 'bad_response'. */
  readonly code: string;
  readonly description: string;
  /** Loqate's Cause text. */
  readonly reason: string;
  readonly resolution: string;

  constructor(input: { code: string; description: string; reason?: string; resolution?: string }) {
    super(`Loqate error ${input.code}: ${input.description}${input.reason ? ` (${input.reason})` : ""}`);
    this.code = input.code;
    this.description = input.description;
    this.reason = input.reason ?? "";
    this.resolution = input.resolution ?? "";
  }

  /** Loqate's account-side failures (bad key, out of credit, limits): retrying will not help. */
  get isAccountProblem(): boolean {
    return ["2", "3", "4", "5", "6", "7", "8", "11", "12", "16", "17", "18", "19", "20"].includes(this.code);
  }
}

export function isLoqateError(error: unknown): error is LoqateError {
  return error instanceof LoqateError;
}

type Item = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function coordinate(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

const COUNTRY_CODES: readonly CountryCode[] = ["GB", "DE", "AU", "US", "CA"];

export function createLoqateProvider(options: LoqateProviderOptions): AddressProvider {
  if (!options.apiKey) throw new Error("createLoqateProvider: apiKey is required");
  const doFetch: FetchLike = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const baseUrl = (options.baseUrl ?? LOQATE_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 8000;

  async function call(path: string, params: Record<string, string | undefined>): Promise<Item[]> {
    const query = new URLSearchParams({ Key: options.apiKey });
    for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
    const url = `${baseUrl}${path}?${query.toString()}`;

    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await doFetch(url, { method: "GET", headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new LoqateError({ code: "network", description: "Loqate could not be reached", reason: cause instanceof Error ? cause.message : String(cause) });
    }
    if (!response.ok) throw new LoqateError({ code: `http_${response.status}`, description: `Loqate answered HTTP ${response.status}` });

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new LoqateError({ code: "bad_response", description: "Loqate answered with something that is not JSON" });
    }
    const items = (body as { Items?: unknown } | null)?.Items;
    if (!Array.isArray(items)) throw new LoqateError({ code: "bad_response", description: "Loqate's answer has no Items" });

    const error = items.find((item): item is Item => !!item && typeof item === "object" && "Error" in item);
    if (error) {
      throw new LoqateError({
        code: text(error.Error),
        description: text(error.Description) || "Unknown error",
        reason: text(error.Cause),
        resolution: text(error.Resolution),
      });
    }
    return items.filter((item): item is Item => !!item && typeof item === "object");
  }

  return {
    async find({ text: search, container, country }): Promise<AddressSuggestion[]> {
      const items = await call(LOQATE_FIND_PATH, {
        Text: search ?? "",
        Container: container || undefined,
        Countries: country,
        Limit: String(options.limit ?? 10),
        Language: options.language ?? "en",
      });
      return items
        .filter((item) => text(item.Id))
        .map((item) => ({
          id: text(item.Id),
          text: text(item.Text),
          description: text(item.Description),
          retrievable: text(item.Type) === "Address",
        }));
    },

    async retrieve(id): Promise<FullAddress | null> {
      const [item] = await call(LOQATE_RETRIEVE_PATH, { Id: id });
      if (!item) return null;
      const iso2 = text(item.CountryIso2).toUpperCase();
      if (!COUNTRY_CODES.includes(iso2 as CountryCode)) return null;
      const line3 = [item.Line3, item.Line4, item.Line5]
        .map((line) => text(line).trim())
        .filter(Boolean)
        .join(", ");
      const county = text(item.ProvinceName).trim() || text(item.Province).trim();
      const postTown = text(item.City).trim();
      return {
        line_1: text(item.Line1),
        line_2: text(item.Line2),
        ...(line3 ? { line_3: line3 } : {}),
        district: text(item.District),
        city: text(item.City),
        ...(postTown ? { post_town: postTown } : {}),
        ...(county ? { county } : {}),
        postal_code: text(item.PostalCode),
        country: iso2 as CountryCode,
      };
    },

    async geocode({ country, text: location }): Promise<GeoPoint | null> {
      if (!location?.trim()) return null;
      const items =
        country === "GB"
          ? await call(LOQATE_UK_GEOCODE_PATH, { Location: location.trim() })
          : await call(LOQATE_INTERNATIONAL_GEOCODE_PATH, { Country: country, Location: location.trim() });
      for (const item of items) {
        const latitude = coordinate(item.Latitude);
        const longitude = coordinate(item.Longitude);
        if (latitude !== null && longitude !== null) return { latitude, longitude };
      }
      return null;
    },
  };
}
