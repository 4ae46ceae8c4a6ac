/**
 * AddressProvider backed by the demo address book, for development, tests and demos without a
 * Loqate key. It answers like Loqate's Capture service: a postcode or street that holds several
 * addresses comes back as a container (retrievable=false), which `find` with `container` opens.
 */
import type { AddressProvider, AddressSuggestion, CountryCode, FullAddress, GeoPoint } from "../../ports/address-provider";
import { normalisePostcode } from "../../domain/postcode";
import { ADDRESS_BOOK, POSTCODE_CENTRES, type AddressBookEntry } from "./address-book";

export interface EmbeddedAddressProviderOptions {
  /** Replaces the demo address book (tests). */
  entries?: readonly AddressBookEntry[];
  /** Most suggestions one find returns. */
  limit?: number;
}

/** Lower case with spaces and punctuation removed, so 'e1 6an', 'E16AN' and 'E1-6AN' compare equal. */
function compact(value: string): string {
  return value.toLocaleLowerCase("en").replace(/[\s,.'’\-/]+/g, "");
}

function slug(value: string): string {
  return value
    .toLocaleLowerCase("en")
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
}

const postcodeContainerId = (e: AddressBookEntry) => `${e.country}|postcode|${compact(e.postal_code).toUpperCase()}`;
const streetContainerId = (e: AddressBookEntry) => `${e.country}|street|${slug(e.street)}|${slug(e.city)}`;

function addressText(e: AddressBookEntry): string {
  return [e.line_1, e.line_2].filter(Boolean).join(", ");
}

function addressDescription(e: AddressBookEntry): string {
  return [e.district, e.city, e.postal_code].filter(Boolean).join(", ");
}

function asSuggestion(e: AddressBookEntry): AddressSuggestion {
  return { id: e.id, text: addressText(e), description: addressDescription(e), retrievable: true };
}

function plural(count: number): string {
  return `${count} Address${count === 1 ? "" : "es"}`;
}

function groupBy(entries: AddressBookEntry[], key: (e: AddressBookEntry) => string): Map<string, AddressBookEntry[]> {
  const groups = new Map<string, AddressBookEntry[]>();
  for (const entry of entries) {
    const k = key(entry);
    groups.set(k, [...(groups.get(k) ?? []), entry]);
  }
  return groups;
}

function mean(entries: AddressBookEntry[]): GeoPoint {
  const sum = entries.reduce((acc, e) => ({ lat: acc.lat + e.latitude, lng: acc.lng + e.longitude }), { lat: 0, lng: 0 });
  return { latitude: round(sum.lat / entries.length), longitude: round(sum.lng / entries.length) };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Finds a postcode written anywhere in free text ('…, London, E1 6AN', '…, IL 60606', '10119 Berlin'). */
function postcodeIn(country: CountryCode, text: string) {
  const parts = text.split(",").map((part) => part.trim().split(/\s+/).filter(Boolean));
  for (const words of parts.reverse()) {
    for (let size = 2; size >= 1; size--) {
      for (let start = words.length - size; start >= 0; start--) {
        const found = normalisePostcode(country, words.slice(start, start + size).join(" "));
        if (found.ok) return found;
      }
    }
  }
  return null;
}

export function createEmbeddedAddressProvider(options: EmbeddedAddressProviderOptions = {}): AddressProvider {
  const entries = options.entries ?? ADDRESS_BOOK;
  const limit = options.limit ?? 10;
  const byId = new Map(entries.map((e) => [e.id, e]));

  function inCountry(country: CountryCode) {
    return entries.filter((e) => e.country === country);
  }

  function geocodePostcode(country: CountryCode, raw: string): GeoPoint | null {
    const postcode = normalisePostcode(country, raw);
    if (!postcode.ok) return null;
    const exact = inCountry(country).filter((e) => compact(e.postal_code) === compact(postcode.postcode));
    if (exact.length) return mean(exact);
    const centres = POSTCODE_CENTRES[country];
    if (country === "GB") {
      const centre = centres[postcode.outward];
      return centre ? { latitude: centre[0], longitude: centre[1] } : null;
    }
    const prefix = Object.keys(centres)
      .filter((p) => postcode.postcode.startsWith(p))
      .sort((a, b) => b.length - a.length)[0];
    const centre = prefix ? centres[prefix] : undefined;
    return centre ? { latitude: centre[0], longitude: centre[1] } : null;
  }

  return {
    async find({ text, container, country }) {
      if (container) {
        const members = inCountry(country).filter((e) => postcodeContainerId(e) === container || streetContainerId(e) === container);
        return members.map(asSuggestion);
      }

      const query = compact(text ?? "");
      if (query.length < 2) return [];
      const candidates = inCountry(country);
      const suggestions: AddressSuggestion[] = [];
      const covered = new Set<string>();

      const addGroups = (matched: AddressBookEntry[], id: (e: AddressBookEntry) => string, label: (group: AddressBookEntry[]) => [string, string]) => {
        for (const group of groupBy(matched, id).values()) {
          if (group.length < 2) continue;
          const [groupText, description] = label(group);
          suggestions.push({ id: id(group[0]!), text: groupText, description, retrievable: false });
          group.forEach((e) => covered.add(e.id));
        }
      };

      // A postcode (or its start) opens the postcodes it begins.
      const byPostcode = candidates.filter((e) => compact(e.postal_code).startsWith(query));
      addGroups(byPostcode, postcodeContainerId, (group) => {
        const streets = new Set(group.map((e) => e.street));
        const where = streets.size === 1 ? `${group[0]!.street}, ${group[0]!.city}` : group[0]!.city;
        return [group[0]!.postal_code, `${where} - ${plural(group.length)}`];
      });

      // A street name (optionally with its town) opens the street.
      const byStreet = candidates.filter((e) => !covered.has(e.id) && (compact(`${e.street} ${e.city}`).includes(query) || compact(`${e.street} ${e.district}`).includes(query)));
      addGroups(byStreet, streetContainerId, (group) => [group[0]!.street, `${group[0]!.city} - ${plural(group.length)}`]);

      // Anything more specific (a house number, a flat) lists addresses.
      for (const entry of candidates) {
        if (covered.has(entry.id)) continue;
        const haystack = compact(`${entry.line_1} ${entry.line_2} ${entry.district} ${entry.city} ${entry.postal_code}`);
        if (haystack.includes(query)) suggestions.push(asSuggestion(entry));
      }
      return suggestions.slice(0, limit);
    },

    async retrieve(id): Promise<FullAddress | null> {
      const entry = byId.get(id);
      if (!entry) return null;
      return {
        line_1: entry.line_1,
        line_2: entry.line_2,
        ...(entry.line_3 ? { line_3: entry.line_3 } : {}),
        district: entry.district,
        city: entry.city,
        ...(entry.post_town ? { post_town: entry.post_town } : {}),
        ...(entry.county ? { county: entry.county } : {}),
        postal_code: entry.postal_code,
        country: entry.country,
      };
    },

    async geocode({ country, text }) {
      const value = (text ?? "").trim();
      if (!value) return null;

      const asPostcode = geocodePostcode(country, value);
      if (asPostcode) return asPostcode;

      const query = compact(value);
      const candidates = inCountry(country);
      const exact = candidates
        .filter((e) => query.includes(compact(`${e.line_1}${e.line_2}`)) && query.includes(compact(e.postal_code)))
        .sort((a, b) => compact(addressText(b)).length - compact(addressText(a)).length)[0];
      if (exact) return { latitude: exact.latitude, longitude: exact.longitude };

      const postcode = postcodeIn(country, value);
      if (postcode) {
        const point = geocodePostcode(country, postcode.postcode);
        if (point) return point;
      }

      const street = candidates.filter((e) => query.includes(compact(e.street)) && query.includes(compact(e.city)));
      return street.length ? mean(street) : null;
    },
  };
}
