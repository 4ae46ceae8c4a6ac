/**
 * Test data for the engine's unit tests: a small catalogue and carriers whose every number is known,
 * independent of the demo seed files in tenants/ (which people edit).
 */
import { catalogueFileSchema, engineFileSchema, type CatalogueFile, type EngineFile, type EngineFileInput } from "../catalogue/seed-schema";
import type { CarrierContext, CarrierContextInput } from "../domain/carrier";
import { carrierContext } from "../domain/carrier";

const L = (en: string, de = en) => ({ en, de });
const everyCurrency = (gbp: number, nonSale?: number) => {
  const amount = (price: number) => (nonSale !== undefined ? { price, non_sale_price: Math.round((nonSale * price) / gbp) } : { price });
  return { GBP: amount(gbp), EUR: amount(gbp + 1000), AUD: amount(gbp * 2), USD: amount(gbp + 500), CAD: amount(gbp + 2000) };
};

export const IDS = {
  samsung: 1,
  apple: 2,
  bosch: 10,
  iphone15: 105,
  iphone15v128: 1015,
  iphone15v256: 1016,
  galaxyS24: 111,
  galaxyS24v128: 1033,
  ipad10: 125,
  ipad10v64: 1075,
  galaxyTab: 129,
  galaxyTabV: 1084,
  washer: 131,
  washerFree: 1088,
  screen: 1,
  battery: 2,
  backGlass: 3,
  chargingPort: 5,
  applianceNotStarting: 7,
  protector: 1,
  premium: 3,
} as const;

export const PRICES_GBP = {
  iphone15: { screen: 25900, battery: 8900, backGlass: 14900, chargingPort: 9900 },
  galaxyS24: { screen: 19900, battery: 7900, chargingPort: 8900 },
  ipad10: { screen: 22900, battery: 11900 },
  galaxyTab: { screen: 18900 },
  washer: { applianceNotStarting: 11900 },
  protector: 1499,
  premium: 2500,
} as const;

export function catalogueFixture(): CatalogueFile {
  return catalogueFileSchema.parse({
    version: 1,
    sale_title: L("Spring repair sale", "Frühjahrs-Reparaturaktion"),
    device_types: [
      { id: 1, code: "phone-tablet", title: L("Phones and tablets", "Smartphones und Tablets") },
      { id: 2, code: "appliance", title: L("Home appliances", "Haushaltsgeräte") },
    ],
    makes: [
      { id: IDS.samsung, code: "samsung", name: "Samsung", type_id: 1 },
      { id: IDS.apple, code: "apple", name: "Apple", type_id: 1 },
      { id: 3, code: "google", name: "Google", type_id: 1 },
      { id: IDS.bosch, code: "bosch", name: "Bosch", type_id: 2 },
    ],
    problems: [
      {
        id: IDS.screen,
        code: "screen-replacement",
        type_id: 1,
        title: L("Screen replacement", "Displaytausch"),
        description: L("New screen"),
        symptoms: [L("Cracked glass")],
        order: 0,
      },
      { id: IDS.battery, code: "battery-replacement", type_id: 1, title: L("Battery replacement", "Akkutausch"), description: L("New battery"), symptoms: [], order: 1 },
      { id: IDS.backGlass, code: "back-glass-replacement", type_id: 1, title: L("Back glass replacement"), description: L("New back"), symptoms: [], order: 2 },
      { id: IDS.chargingPort, code: "charging-port-replacement", type_id: 1, title: L("Charging port replacement"), description: L("New port"), symptoms: [], order: 4 },
      { id: IDS.applianceNotStarting, code: "appliance-not-starting", type_id: 2, title: L("Does not start"), description: L("Won't start"), symptoms: [], order: 0 },
    ],
    models: [
      {
        id: IDS.iphone15,
        slug: "iphone-15",
        title: "iPhone 15",
        make_ids: [IDS.apple],
        type_id: 1,
        device_type: "phone",
        priority: 5,
        release_year: 2023,
        battery_required_for_screen_repair: true,
        image_path: "/images/devices/iphone-15.svg",
        versions: [
          { id: IDS.iphone15v128, name: "128GB", storage_gb: 128, full_model_code: "A3090" },
          { id: IDS.iphone15v256, name: "256GB", storage_gb: 256, full_model_code: "A3090" },
        ],
        colours: [
          { code: "black", name: L("Black", "Schwarz"), hex: "#222222" },
          { code: "pink", name: L("Pink", "Rosé"), hex: "#f4c6d0" },
        ],
        problems: ["screen-replacement", "battery-replacement", "back-glass-replacement", "charging-port-replacement"],
      },
      {
        id: 109,
        slug: "iphone-se-2022",
        title: "iPhone SE (2022)",
        make_ids: [IDS.apple],
        type_id: 1,
        device_type: "phone",
        priority: 9,
        release_year: 2022,
        battery_required_for_screen_repair: false,
        image_path: "/images/devices/iphone-se-2022.svg",
        versions: [{ id: 1027, name: "64GB", storage_gb: 64, full_model_code: "A2783" }],
        colours: [],
        problems: ["screen-replacement"],
      },
      {
        id: IDS.galaxyS24,
        slug: "galaxy-s24",
        title: "Galaxy S24",
        make_ids: [IDS.samsung],
        type_id: 1,
        device_type: "phone",
        priority: 11,
        release_year: 2024,
        battery_required_for_screen_repair: false,
        image_path: "/images/devices/galaxy-s24.svg",
        versions: [{ id: IDS.galaxyS24v128, name: "128GB", storage_gb: 128, full_model_code: "SM-S921B" }],
        colours: [],
        problems: ["screen-replacement", "battery-replacement", "charging-port-replacement"],
      },
      {
        id: IDS.ipad10,
        slug: "ipad-10th-gen",
        title: "iPad (10th generation)",
        make_ids: [IDS.apple],
        type_id: 1,
        device_type: "tablet",
        priority: 107,
        release_year: 2022,
        battery_required_for_screen_repair: false,
        image_path: "/images/devices/ipad-10th-gen.svg",
        versions: [{ id: IDS.ipad10v64, name: "64GB", storage_gb: 64, full_model_code: "A2696" }],
        colours: [],
        problems: ["screen-replacement", "battery-replacement"],
      },
      {
        id: IDS.galaxyTab,
        slug: "galaxy-tab-s9",
        title: "Galaxy Tab S9",
        make_ids: [IDS.samsung],
        type_id: 1,
        device_type: "tablet",
        priority: 111,
        release_year: 2023,
        battery_required_for_screen_repair: false,
        image_path: "/images/devices/galaxy-tab-s9.svg",
        versions: [{ id: IDS.galaxyTabV, name: "128GB", storage_gb: 128, full_model_code: "SM-X710" }],
        colours: [],
        problems: ["screen-replacement"],
      },
      {
        id: IDS.washer,
        slug: "washing-machine",
        title: "Washing machine",
        make_ids: [IDS.bosch],
        type_id: 2,
        device_type: "appliance",
        priority: 201,
        release_year: null,
        battery_required_for_screen_repair: false,
        image_path: "/images/devices/washing-machine.svg",
        versions: [{ id: IDS.washerFree, name: "Freestanding", storage_gb: null, full_model_code: null }],
        colours: [],
        problems: ["appliance-not-starting"],
      },
    ],
    prices: {
      "iphone-15": {
        "screen-replacement": everyCurrency(PRICES_GBP.iphone15.screen, 29900),
        "battery-replacement": everyCurrency(PRICES_GBP.iphone15.battery),
        "back-glass-replacement": everyCurrency(PRICES_GBP.iphone15.backGlass),
        "charging-port-replacement": everyCurrency(PRICES_GBP.iphone15.chargingPort),
      },
      "iphone-se-2022": { "screen-replacement": everyCurrency(9900) },
      "galaxy-s24": {
        "screen-replacement": everyCurrency(PRICES_GBP.galaxyS24.screen),
        "battery-replacement": everyCurrency(PRICES_GBP.galaxyS24.battery),
        "charging-port-replacement": everyCurrency(PRICES_GBP.galaxyS24.chargingPort),
      },
      "ipad-10th-gen": { "screen-replacement": everyCurrency(PRICES_GBP.ipad10.screen), "battery-replacement": everyCurrency(PRICES_GBP.ipad10.battery) },
      "galaxy-tab-s9": { "screen-replacement": everyCurrency(PRICES_GBP.galaxyTab.screen) },
      "washing-machine": { "appliance-not-starting": everyCurrency(PRICES_GBP.washer.applianceNotStarting) },
    },
    extras: [
      {
        id: IDS.protector,
        code: "screen-protector",
        title: L("Screen protector"),
        description: L("Glass"),
        device_types: ["phone", "tablet"],
        prices: { GBP: 1499, EUR: 1900, AUD: 2995, USD: 1999, CAD: 2499 },
      },
      {
        id: IDS.premium,
        code: "premium-service",
        title: L("Premium service"),
        description: L("First window"),
        device_types: ["phone", "tablet", "appliance"],
        prices: { GBP: 2500, EUR: 2900, AUD: 4900, USD: 2900, CAD: 3900 },
      },
    ],
    triage_questions: [
      {
        id: 1,
        code: "switches-on",
        models: ["washing-machine"],
        required: true,
        question: L("Does the appliance switch on?"),
        options: [
          { code: "yes", label: L("Yes", "Ja") },
          { code: "no", label: L("No", "Nein") },
        ],
      },
      {
        id: 2,
        code: "noise",
        models: ["washing-machine"],
        required: false,
        question: L("Is it noisy?"),
        options: [
          { code: "yes", label: L("Yes") },
          { code: "no", label: L("No") },
        ],
      },
    ],
    /** A subset of tenants/catalogue.json's IRIS codes (ADR 273). */
    iris_codes: [
      { section: "condition", code: "1", title: L("Constantly", "Ständig") },
      { section: "condition", code: "2", title: L("Intermittently", "Zeitweise") },
      { section: "symptom", code: "131", title: L("Display dead or faulty", "Display ohne Funktion oder fehlerhaft") },
      { section: "defect", code: "A", title: L("Mechanical damage (broken, cracked)", "Mechanischer Schaden (gebrochen, gerissen)") },
      { section: "repair", code: "A", title: L("Part replaced", "Teil ersetzt") },
    ],
  });
}

/** Two London stores: the Strand takes drop-offs and has opening hours, Bank has neither. */
export const LONDON_STORES: NonNullable<EngineFileInput["stores"]> = [
  {
    code: "LDN-01",
    name: "Strand",
    address: { line_1: "1 Strand", line_2: "", town: "London" },
    postcode: "WC2N 5DU",
    latitude: 51.508,
    longitude: -0.126,
    drop_off_available: true,
    opening_hours: [{ days: [1, 2, 3, 4, 5, 6], opens: "09:00", closes: "18:00" }],
  },
  {
    code: "LDN-02",
    name: "Bank",
    address: { line_1: "1 Cornhill", line_2: "", town: "London" },
    postcode: "EC3V 3ND",
    latitude: 51.513,
    longitude: -0.088,
    drop_off_available: false,
    opening_hours: [],
  },
];

export interface EngineFixtureOptions {
  code: string;
  country?: "GB" | "DE" | "AU" | "US" | "CA";
  currency?: "GBP" | "EUR" | "AUD" | "USD" | "CAD";
  weekdays?: number[];
  slots?: number;
  technicians?: number;
  sameDayUntil?: string | null;
  /** The roster's lead time in minutes (ADR 110); default 60. */
  leadMinutes?: number;
  /** Start of the first window (default 08:00) and minutes from one window to the next (default 90). */
  firstTimeslot?: string;
  intervalMinutes?: number;
  closedDates?: string[];
  /** Per area code ('central', 'east', 'berlin'): the area's own slots per technician a day. */
  areaSlots?: Record<string, number>;
  extra?: Partial<Pick<EngineFileInput, "stores" | "discount_codes" | "price_overrides" | "offering" | "webhooks">>;
}

/** A GB carrier with two London areas unless told otherwise: 'central' (SW1A, WC2N …) and 'east' (E1, E14). */
export function engineFixture(options: EngineFixtureOptions): EngineFile {
  const country = options.country ?? "GB";
  const technicians = options.technicians ?? 2;
  const tech = (area: string, n: number, lat: number, lng: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${options.code}-${area}-${i + 1}`,
      name: `Tech ${area} ${i + 1}`,
      van_registration: `VAN${i + 1}`,
      home_base: { lat: lat + 0.01 * (i + 1), lng: lng - 0.01 * (i + 1) },
    }));
  const areas =
    country === "DE"
      ? [
          {
            code: "berlin",
            name: "Berlin",
            country,
            postcode_prefixes: ["10", "12"],
            centre: { lat: 52.52, lng: 13.405 },
            radius_km: 20,
            technicians: tech("berlin", technicians, 52.52, 13.405),
          },
        ]
      : [
          {
            code: "central",
            name: "London Central",
            country,
            postcode_prefixes: ["SW1A", "WC2N", "SE1"],
            centre: { lat: 51.5074, lng: -0.1278 },
            radius_km: 8,
            technicians: tech("central", technicians, 51.5074, -0.1278),
          },
          {
            code: "east",
            name: "London East",
            country,
            postcode_prefixes: ["E1", "E14"],
            centre: { lat: 51.5155, lng: -0.0225 },
            radius_km: 5,
            technicians: tech("east", 1, 51.5155, -0.0225),
          },
        ];
  return engineFileSchema.parse({
    version: 1,
    carrier_code: options.code,
    country,
    currency: options.currency ?? (country === "DE" ? "EUR" : "GBP"),
    roster: {
      working_weekdays: options.weekdays ?? [1, 2, 3, 4, 5],
      slots_per_technician_per_day: options.slots ?? 3,
      first_timeslot: options.firstTimeslot ?? "08:00",
      timeslot_minutes: 60,
      timeslot_interval_minutes: options.intervalMinutes ?? 90,
      same_day_booking_until: options.sameDayUntil === undefined ? "12:00" : options.sameDayUntil,
      ...(options.leadMinutes === undefined ? {} : { same_day_lead_minutes: options.leadMinutes }),
      closed_dates: options.closedDates ?? [],
    },
    service_areas: areas.map((area) => (options.areaSlots?.[area.code] ? { ...area, slots_per_technician_per_day: options.areaSlots[area.code] } : area)),
    stores: options.extra?.stores ?? [],
    discount_codes: options.extra?.discount_codes ?? [
      { code: "TENOFF", kind: "percent", value: 10, expires_at: "2030-12-31T23:59:59Z", single_use: false },
      { code: "FIVER", kind: "fixed", value: 500, expires_at: null, single_use: false },
      { code: "ONCE20", kind: "percent", value: 20, expires_at: null, single_use: true },
      { code: "OLD15", kind: "percent", value: 15, expires_at: "2024-05-31T23:59:59Z", single_use: false },
      { code: "BIGFIXED", kind: "fixed", value: 500000, expires_at: null, single_use: false },
      { code: "FREE", kind: "percent", value: 100, expires_at: null, single_use: false },
    ],
    price_overrides: options.extra?.price_overrides ?? [],
    offering: options.extra?.offering,
    webhooks: options.extra?.webhooks ?? [],
  });
}

export function carrierFixture(code: string, overrides: Partial<CarrierContextInput> = {}): CarrierContext {
  return carrierContext({
    code,
    countryCode: "GB",
    currency: "GBP",
    timezone: "Europe/London",
    singleMakeOnly: false,
    singleMakeId: 2,
    allowWarrantyRepairs: true,
    maxDevicesPerBasket: 5,
    hasCallOutCharge: true,
    callOutCharge: 5900,
    warrantyRepairChargeable: false,
    warrantyRepairCharge: 0,
    storeRequired: false,
    use3DSecure: false,
    usesKlarna: false,
    allowsInStoreDropOff: false,
    ...overrides,
  });
}
