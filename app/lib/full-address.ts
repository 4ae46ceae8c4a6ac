/**
 * A provider's full address as the booking address (spec §3 "Full address", "UK order addresses",
 * "Booking address payload"), shared by the booking's address search and the manage screen's
 * change of address.
 */
export interface FullAddressLike {
  line_1: string;
  line_2: string;
  /** Spec §3 "UK order addresses": line_3, post_town and county, when the provider gives them. */
  line_3?: string;
  district: string;
  city: string;
  post_town?: string;
  county?: string;
  postal_code: string;
}

export interface GeoPointLike {
  latitude: number;
  longitude: number;
}

export interface AddressPayload {
  line_1: string;
  line_2: string;
  town: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
}

/** Spec §3: town falls back to district, then (the UK post town, then) city, then the literal 'Not Set' (ADR 132). */
export function townOf(address: Pick<FullAddressLike, "district" | "city" | "post_town">): string {
  return address.district?.trim() || address.post_town?.trim() || address.city?.trim() || "Not Set";
}

/** The booking address's lengths (the engine refuses longer ones). */
const LINE_MAX = 120;
const TOWN_MAX = 80;

/**
 * The booking address has two lines and a town (ADR 132): the provider's lines 1–3, empty ones
 * dropped, fill line 1 and then line 2 (line 3 after line 2, comma separated); the county follows
 * the town ("Sevenoaks, Kent") unless it is the town itself or would not fit.
 */
function addressLines(address: FullAddressLike): { line_1: string; line_2: string } {
  const lines = [address.line_1, address.line_2, address.line_3 ?? ""].map((line) => line.trim()).filter(Boolean);
  const [first = "", ...rest] = lines;
  let second = "";
  for (const line of rest) {
    const joined = second ? `${second}, ${line}` : line;
    if (joined.length > LINE_MAX) break;
    second = joined;
  }
  return { line_1: first, line_2: second };
}

function townWithCounty(address: FullAddressLike): string {
  const town = townOf(address);
  const county = address.county?.trim() ?? "";
  if (!county || town === "Not Set" || town.toLocaleLowerCase() === county.toLocaleLowerCase()) return town;
  const joined = `${town}, ${county}`;
  return joined.length > TOWN_MAX ? town : joined;
}

/** The text geocoded for a retrieved address: its lines, town and postcode. */
export function geocodeText(address: Pick<AddressPayload, "line_1" | "line_2" | "town" | "postcode">): string {
  return [address.line_1, address.line_2, address.town === "Not Set" ? "" : address.town, address.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

export function payloadFromFullAddress(address: FullAddressLike, point: GeoPointLike | null): AddressPayload {
  return {
    ...addressLines(address),
    town: townWithCounty(address),
    postcode: address.postal_code.trim(),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
  };
}
