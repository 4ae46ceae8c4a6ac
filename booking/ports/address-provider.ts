/** Address lookup (spec §3 "Address selection result", "Full address"; §7 loqate find/retrieve/geocode). */
export type CountryCode = "GB" | "DE" | "AU" | "US" | "CA";

export interface AddressSuggestion {
  id: string;
  text: string;
  description: string;
  /** true: `id` can be retrieved as a full address; false: a container to search inside. */
  retrievable: boolean;
}

export interface FullAddress {
  line_1: string;
  line_2: string;
  /** Spec §3 "UK order addresses": a third address line, when the provider gives one. */
  line_3?: string;
  district: string;
  city: string;
  /** The Royal Mail post town (UK), when the provider gives it apart from the city. */
  post_town?: string;
  /** The county (UK; a state or province elsewhere), when the provider gives one. */
  county?: string;
  postal_code: string;
  country: CountryCode;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface AddressProvider {
  find(input: { text: string; container?: string; country: CountryCode }): Promise<AddressSuggestion[]>;
  retrieve(id: string): Promise<FullAddress | null>;
  geocode(input: { country: CountryCode; text: string }): Promise<GeoPoint | null>;
}

/** Spec §3: town falls back to district, then (the UK post town, then) city, then the literal 'Not Set' (ADR 132). */
export function townOf(address: Pick<FullAddress, "district" | "city" | "post_town">): string {
  return address.district?.trim() || address.post_town?.trim() || address.city?.trim() || "Not Set";
}
