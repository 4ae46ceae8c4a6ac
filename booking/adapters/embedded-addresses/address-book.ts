/**
 * The demo address book: a few realistic-looking addresses per country, in the postcode areas the
 * demo carriers serve (tenants/<code>/engine.json). House numbers and flats are made up.
 */
import type { CountryCode } from "../../ports/address-provider";

export interface AddressBookEntry {
  id: string;
  country: CountryCode;
  line_1: string;
  line_2: string;
  /** UK order addresses (spec §3): a third line, the post town and the county, where the address has them. */
  line_3?: string;
  post_town?: string;
  county?: string;
  /** The street the address is on, used to group addresses into a street container. */
  street: string;
  district: string;
  city: string;
  postal_code: string;
  latitude: number;
  longitude: number;
}

type Row = [
  line_1: string,
  line_2: string,
  street: string,
  district: string,
  city: string,
  postal_code: string,
  lat: number,
  lng: number,
  uk?: Pick<AddressBookEntry, "line_3" | "post_town" | "county">,
];

function book(country: CountryCode, rows: Row[]): AddressBookEntry[] {
  return rows.map(([line_1, line_2, street, district, city, postal_code, latitude, longitude, uk], i) => ({
    id: `${country}-${String(i + 1).padStart(3, "0")}`,
    country,
    line_1,
    line_2,
    ...uk,
    street,
    district,
    city,
    postal_code,
    latitude,
    longitude,
  }));
}

export const ADDRESS_BOOK: readonly AddressBookEntry[] = [
  ...book("GB", [
    ["Flat 1", "14 Commercial Street", "Commercial Street", "", "London", "E1 6AN", 51.51962, -0.07431],
    ["Flat 2", "14 Commercial Street", "Commercial Street", "", "London", "E1 6AN", 51.51962, -0.07431],
    ["Flat 3", "14 Commercial Street", "Commercial Street", "", "London", "E1 6AN", 51.51962, -0.07431],
    ["96 Commercial Street", "", "Commercial Street", "", "London", "E1 6LZ", 51.52058, -0.07509],
    ["27 Fournier Street", "", "Fournier Street", "", "London", "E1 6QE", 51.51972, -0.07277],
    ["Flat 12", "10 Westferry Road", "Westferry Road", "", "London", "E14 8LX", 51.50617, -0.02648],
    ["Flat 4", "9 Great Scotland Yard", "Great Scotland Yard", "", "London", "SW1A 2HN", 51.5059, -0.12553],
    ["221 Westminster Bridge Road", "", "Westminster Bridge Road", "", "London", "SE1 7JW", 51.4989, -0.11135],
    ["42 Old Street", "", "Old Street", "", "London", "EC1V 9AE", 51.52432, -0.09624],
    ["Flat 7", "55 Oldham Street", "Oldham Street", "", "Manchester", "M1 1JR", 53.48311, -2.23383],
    ["12 Deansgate", "", "Deansgate", "", "Manchester", "M3 2BW", 53.48311, -2.24631],
    ["Flat 2", "40 Broad Street", "Broad Street", "", "Birmingham", "B1 2HF", 52.47695, -1.91125],
    ["31 Briggate", "", "Briggate", "", "Leeds", "LS1 6HD", 53.79717, -1.54227],
    ["Flat 2", "44 Grey Street", "Grey Street", "", "Newcastle upon Tyne", "NE1 6AE", 54.97167, -1.61231],
    // An address of three lines with its post town and county, as a UK order address list gives one.
    [
      "Flat 5",
      "Earl Grey House",
      "Grey Street",
      "",
      "Newcastle upon Tyne",
      "NE1 6EE",
      54.9721,
      -1.6129,
      { line_3: "75 Grey Street", post_town: "Newcastle upon Tyne", county: "Tyne and Wear" },
    ],
  ]),
  ...book("DE", [
    ["Kastanienallee 12", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.53654, 13.4085],
    ["Kastanienallee 30", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.5381, 13.4099],
    ["Kastanienallee 77", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.5401, 13.4113],
    ["Torstraße 112", "", "Torstraße", "Mitte", "Berlin", "10119", 52.5295, 13.4005],
    ["Invalidenstraße 43", "", "Invalidenstraße", "Mitte", "Berlin", "10115", 52.53, 13.38],
    ["Friedrichstraße 185", "", "Friedrichstraße", "Mitte", "Berlin", "10117", 52.5125, 13.3898],
    ["Oranienstraße 25", "", "Oranienstraße", "Kreuzberg", "Berlin", "10999", 52.5008, 13.4218],
    ["Leopoldstraße 50", "", "Leopoldstraße", "Schwabing", "München", "80802", 48.1608, 11.5861],
    ["Sendlinger Straße 12", "", "Sendlinger Straße", "Altstadt", "München", "80331", 48.135, 11.5696],
    ["Maximilianstraße 3", "", "Maximilianstraße", "Altstadt", "München", "80539", 48.1393, 11.5806],
    ["Mönckebergstraße 7", "", "Mönckebergstraße", "Altstadt", "Hamburg", "20095", 53.5507, 10.0017],
    ["Schanzenstraße 40", "", "Schanzenstraße", "Sternschanze", "Hamburg", "20357", 53.5626, 9.9641],
  ]),
  ...book("AU", [
    ["Unit 5", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.8773, 151.2137],
    ["Unit 6", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.8773, 151.2137],
    ["Unit 12", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.8773, 151.2137],
    ["45 Pitt Street", "", "Pitt Street", "", "Sydney", "2000", -33.8638, 151.2095],
    ["88 George Street", "", "George Street", "The Rocks", "Sydney", "2000", -33.8593, 151.2086],
    ["12 Oxford Street", "", "Oxford Street", "Paddington", "Sydney", "2021", -33.8841, 151.2261],
    ["210 Collins Street", "", "Collins Street", "", "Melbourne", "3000", -37.8151, 144.9666],
    ["18 Brunswick Street", "", "Brunswick Street", "Fitzroy", "Melbourne", "3065", -37.807, 144.9785],
    ["77 Chapel Street", "", "Chapel Street", "Windsor", "Melbourne", "3181", -37.8556, 144.9931],
  ]),
  ...book("US", [
    ["Apt 4B", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.7583, -73.9927],
    ["Apt 7C", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.7583, -73.9927],
    ["Apt 12A", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.7583, -73.9927],
    ["75 9th Ave", "", "9th Ave", "Manhattan", "New York", "10011", 40.7424, -74.0048],
    ["1 Main St", "", "Main St", "Brooklyn", "New York", "11201", 40.7033, -73.9904],
    ["233 S Wacker Dr", "", "S Wacker Dr", "", "Chicago", "60606", 41.8789, -87.6359],
    ["401 N Michigan Ave", "", "N Michigan Ave", "", "Chicago", "60611", 41.8896, -87.624],
    ["500 W Madison St", "", "W Madison St", "", "Chicago", "60661", 41.882, -87.6404],
    ["Apt 3", "1520 N Wells St", "N Wells St", "", "Chicago", "60610", 41.91, -87.6347],
  ]),
  ...book("CA", [
    ["Suite 1201", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.6394, -79.3981],
    ["Suite 1505", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.6394, -79.3981],
    ["Suite 2304", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.6394, -79.3981],
    ["290 Queen St W", "", "Queen St W", "", "Toronto", "M5V 2A1", 43.6498, -79.3905],
    ["20 Bay St", "", "Bay St", "", "Toronto", "M5J 2N8", 43.6426, -79.3769],
    ["1055 W Georgia St", "", "W Georgia St", "", "Vancouver", "V6E 3P3", 49.2856, -123.1221],
    ["800 Robson St", "", "Robson St", "", "Vancouver", "V6Z 3B7", 49.2822, -123.1208],
    ["Unit 2", "2150 Commercial Dr", "Commercial Dr", "", "Vancouver", "V5N 4B3", 49.2664, -123.0695],
  ]),
];

/**
 * Centres of the postcode districts and prefixes the demo carriers serve, so a postcode that is
 * not in the address book still geocodes (UK: outward code; elsewhere: longest matching prefix).
 */
export const POSTCODE_CENTRES: Readonly<Record<CountryCode, Readonly<Record<string, readonly [number, number]>>>> = {
  GB: {
    SW1A: [51.501, -0.134],
    SW1E: [51.498, -0.14],
    SW1H: [51.499, -0.133],
    SW1P: [51.495, -0.131],
    SW1Y: [51.507, -0.134],
    WC1E: [51.522, -0.132],
    WC1N: [51.523, -0.121],
    WC2H: [51.514, -0.128],
    WC2N: [51.509, -0.124],
    W1B: [51.515, -0.142],
    W1D: [51.513, -0.132],
    W1F: [51.514, -0.136],
    W1J: [51.507, -0.144],
    EC1A: [51.518, -0.1],
    EC1M: [51.521, -0.102],
    EC1V: [51.527, -0.098],
    EC2A: [51.523, -0.083],
    EC4M: [51.514, -0.1],
    SE1: [51.499, -0.095],
    E1: [51.517, -0.064],
    E1W: [51.507, -0.06],
    E2: [51.53, -0.06],
    E3: [51.527, -0.024],
    E8: [51.543, -0.064],
    E14: [51.508, -0.02],
    E15: [51.541, 0.0],
    E20: [51.543, -0.014],
    M1: [53.478, -2.233],
    M2: [53.48, -2.244],
    M3: [53.484, -2.252],
    M4: [53.485, -2.226],
    M15: [53.466, -2.256],
    M16: [53.459, -2.268],
    B1: [52.478, -1.909],
    B2: [52.479, -1.897],
    B3: [52.483, -1.9],
    B4: [52.484, -1.89],
    B5: [52.47, -1.893],
    B15: [52.461, -1.926],
    LS1: [53.797, -1.546],
    LS2: [53.802, -1.544],
    LS6: [53.819, -1.57],
    LS7: [53.82, -1.535],
    NE1: [54.971, -1.613],
    NE2: [54.986, -1.6],
    NE4: [54.97, -1.64],
  },
  DE: {
    "10": [52.52, 13.405],
    "12": [52.47, 13.43],
    "13": [52.56, 13.32],
    "80": [48.137, 11.575],
    "81": [48.12, 11.6],
    "20": [53.551, 9.994],
    "22": [53.58, 10.02],
  },
  AU: {
    "20": [-33.869, 151.209],
    "21": [-33.8, 151.15],
    "30": [-37.814, 144.963],
    "31": [-37.85, 145.02],
  },
  US: {
    "100": [40.758, -73.986],
    "101": [40.75, -73.985],
    "102": [40.713, -74.006],
    "112": [40.678, -73.944],
    "606": [41.878, -87.63],
    "607": [41.9, -87.66],
    "608": [41.85, -87.65],
  },
  CA: {
    M4: [43.68, -79.36],
    M5: [43.651, -79.383],
    M6: [43.66, -79.44],
    V5: [49.26, -123.07],
    V6: [49.283, -123.121],
  },
};
