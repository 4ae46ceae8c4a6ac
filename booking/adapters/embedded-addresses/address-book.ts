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
    ["Flat 4", "9 Great Scotland Yard", "Great Scotland Yard", "", "London", "SW1A 2HN", 51.50590, -0.12553],
    ["221 Westminster Bridge Road", "", "Westminster Bridge Road", "", "London", "SE1 7JW", 51.49890, -0.11135],
    ["42 Old Street", "", "Old Street", "", "London", "EC1V 9AE", 51.52432, -0.09624],
    ["Flat 7", "55 Oldham Street", "Oldham Street", "", "Manchester", "M1 1JR", 53.48311, -2.23383],
    ["12 Deansgate", "", "Deansgate", "", "Manchester", "M3 2BW", 53.48311, -2.24631],
    ["Flat 2", "40 Broad Street", "Broad Street", "", "Birmingham", "B1 2HF", 52.47695, -1.91125],
    ["31 Briggate", "", "Briggate", "", "Leeds", "LS1 6HD", 53.79717, -1.54227],
    ["Flat 2", "44 Grey Street", "Grey Street", "", "Newcastle upon Tyne", "NE1 6AE", 54.97167, -1.61231],
    // An address of three lines with its post town and county, as a UK order address list gives one.
    ["Flat 5", "Earl Grey House", "Grey Street", "", "Newcastle upon Tyne", "NE1 6EE", 54.97210, -1.61290, { line_3: "75 Grey Street", post_town: "Newcastle upon Tyne", county: "Tyne and Wear" }],
  ]),
  ...book("DE", [
    ["Kastanienallee 12", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.53654, 13.40850],
    ["Kastanienallee 30", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.53810, 13.40990],
    ["Kastanienallee 77", "", "Kastanienallee", "Prenzlauer Berg", "Berlin", "10435", 52.54010, 13.41130],
    ["Torstraße 112", "", "Torstraße", "Mitte", "Berlin", "10119", 52.52950, 13.40050],
    ["Invalidenstraße 43", "", "Invalidenstraße", "Mitte", "Berlin", "10115", 52.53000, 13.38000],
    ["Friedrichstraße 185", "", "Friedrichstraße", "Mitte", "Berlin", "10117", 52.51250, 13.38980],
    ["Oranienstraße 25", "", "Oranienstraße", "Kreuzberg", "Berlin", "10999", 52.50080, 13.42180],
    ["Leopoldstraße 50", "", "Leopoldstraße", "Schwabing", "München", "80802", 48.16080, 11.58610],
    ["Sendlinger Straße 12", "", "Sendlinger Straße", "Altstadt", "München", "80331", 48.13500, 11.56960],
    ["Maximilianstraße 3", "", "Maximilianstraße", "Altstadt", "München", "80539", 48.13930, 11.58060],
    ["Mönckebergstraße 7", "", "Mönckebergstraße", "Altstadt", "Hamburg", "20095", 53.55070, 10.00170],
    ["Schanzenstraße 40", "", "Schanzenstraße", "Sternschanze", "Hamburg", "20357", 53.56260, 9.96410],
  ]),
  ...book("AU", [
    ["Unit 5", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.87730, 151.21370],
    ["Unit 6", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.87730, 151.21370],
    ["Unit 12", "120 Crown Street", "Crown Street", "Surry Hills", "Sydney", "2010", -33.87730, 151.21370],
    ["45 Pitt Street", "", "Pitt Street", "", "Sydney", "2000", -33.86380, 151.20950],
    ["88 George Street", "", "George Street", "The Rocks", "Sydney", "2000", -33.85930, 151.20860],
    ["12 Oxford Street", "", "Oxford Street", "Paddington", "Sydney", "2021", -33.88410, 151.22610],
    ["210 Collins Street", "", "Collins Street", "", "Melbourne", "3000", -37.81510, 144.96660],
    ["18 Brunswick Street", "", "Brunswick Street", "Fitzroy", "Melbourne", "3065", -37.80700, 144.97850],
    ["77 Chapel Street", "", "Chapel Street", "Windsor", "Melbourne", "3181", -37.85560, 144.99310],
  ]),
  ...book("US", [
    ["Apt 4B", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.75830, -73.99270],
    ["Apt 7C", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.75830, -73.99270],
    ["Apt 12A", "350 W 42nd St", "W 42nd St", "Manhattan", "New York", "10036", 40.75830, -73.99270],
    ["75 9th Ave", "", "9th Ave", "Manhattan", "New York", "10011", 40.74240, -74.00480],
    ["1 Main St", "", "Main St", "Brooklyn", "New York", "11201", 40.70330, -73.99040],
    ["233 S Wacker Dr", "", "S Wacker Dr", "", "Chicago", "60606", 41.87890, -87.63590],
    ["401 N Michigan Ave", "", "N Michigan Ave", "", "Chicago", "60611", 41.88960, -87.62400],
    ["500 W Madison St", "", "W Madison St", "", "Chicago", "60661", 41.88200, -87.64040],
    ["Apt 3", "1520 N Wells St", "N Wells St", "", "Chicago", "60610", 41.91000, -87.63470],
  ]),
  ...book("CA", [
    ["Suite 1201", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.63940, -79.39810],
    ["Suite 1505", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.63940, -79.39810],
    ["Suite 2304", "90 Queens Wharf Rd", "Queens Wharf Rd", "", "Toronto", "M5V 0J4", 43.63940, -79.39810],
    ["290 Queen St W", "", "Queen St W", "", "Toronto", "M5V 2A1", 43.64980, -79.39050],
    ["20 Bay St", "", "Bay St", "", "Toronto", "M5J 2N8", 43.64260, -79.37690],
    ["1055 W Georgia St", "", "W Georgia St", "", "Vancouver", "V6E 3P3", 49.28560, -123.12210],
    ["800 Robson St", "", "Robson St", "", "Vancouver", "V6Z 3B7", 49.28220, -123.12080],
    ["Unit 2", "2150 Commercial Dr", "Commercial Dr", "", "Vancouver", "V5N 4B3", 49.26640, -123.06950],
  ]),
];

/**
 * Centres of the postcode districts and prefixes the demo carriers serve, so a postcode that is
 * not in the address book still geocodes (UK: outward code; elsewhere: longest matching prefix).
 */
export const POSTCODE_CENTRES: Readonly<Record<CountryCode, Readonly<Record<string, readonly [number, number]>>>> = {
  GB: {
    SW1A: [51.5010, -0.1340], SW1E: [51.4980, -0.1400], SW1H: [51.4990, -0.1330], SW1P: [51.4950, -0.1310],
    SW1Y: [51.5070, -0.1340], WC1E: [51.5220, -0.1320], WC1N: [51.5230, -0.1210], WC2H: [51.5140, -0.1280],
    WC2N: [51.5090, -0.1240], W1B: [51.5150, -0.1420], W1D: [51.5130, -0.1320], W1F: [51.5140, -0.1360],
    W1J: [51.5070, -0.1440], EC1A: [51.5180, -0.1000], EC1M: [51.5210, -0.1020], EC1V: [51.5270, -0.0980],
    EC2A: [51.5230, -0.0830], EC4M: [51.5140, -0.1000], SE1: [51.4990, -0.0950],
    E1: [51.5170, -0.0640], E1W: [51.5070, -0.0600], E2: [51.5300, -0.0600], E3: [51.5270, -0.0240],
    E8: [51.5430, -0.0640], E14: [51.5080, -0.0200], E15: [51.5410, 0.0000], E20: [51.5430, -0.0140],
    M1: [53.4780, -2.2330], M2: [53.4800, -2.2440], M3: [53.4840, -2.2520], M4: [53.4850, -2.2260],
    M15: [53.4660, -2.2560], M16: [53.4590, -2.2680],
    B1: [52.4780, -1.9090], B2: [52.4790, -1.8970], B3: [52.4830, -1.9000], B4: [52.4840, -1.8900],
    B5: [52.4700, -1.8930], B15: [52.4610, -1.9260],
    LS1: [53.7970, -1.5460], LS2: [53.8020, -1.5440], LS6: [53.8190, -1.5700], LS7: [53.8200, -1.5350],
    NE1: [54.9710, -1.6130], NE2: [54.9860, -1.6000], NE4: [54.9700, -1.6400],
  },
  DE: {
    "10": [52.5200, 13.4050], "12": [52.4700, 13.4300], "13": [52.5600, 13.3200],
    "80": [48.1370, 11.5750], "81": [48.1200, 11.6000],
    "20": [53.5510, 9.9940], "22": [53.5800, 10.0200],
  },
  AU: {
    "20": [-33.8690, 151.2090], "21": [-33.8000, 151.1500],
    "30": [-37.8140, 144.9630], "31": [-37.8500, 145.0200],
  },
  US: {
    "100": [40.7580, -73.9860], "101": [40.7500, -73.9850], "102": [40.7130, -74.0060], "112": [40.6780, -73.9440],
    "606": [41.8780, -87.6300], "607": [41.9000, -87.6600], "608": [41.8500, -87.6500],
  },
  CA: {
    M4: [43.6800, -79.3600], M5: [43.6510, -79.3830], M6: [43.6600, -79.4400],
    V5: [49.2600, -123.0700], V6: [49.2830, -123.1210],
  },
};
