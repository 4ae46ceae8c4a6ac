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
  district: string;
  city: string;
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

/** Spec §3: town falls back to district, then city, then the literal 'Not Set'. */
export function townOf(address: Pick<FullAddress, "district" | "city">): string {
  return address.district?.trim() || address.city?.trim() || "Not Set";
}
