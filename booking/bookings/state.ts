/**
 * The booking as the web sees it (spec §3 Booking, Cart, Booking device; snake_case as in the spec),
 * built from the rows and the catalogue, with totals from domain/pricing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { together, type DbOrTx } from "../db/open";
import { bookingReadStatement } from "../db/prepared";
import * as s from "../db/schema";
import { findHold } from "../availability/availability";
import { keptWhere, revisionOf, type Keep } from "../catalogue/revision";
import { pricedProblems, saleTitle as loadSaleTitle, type Extra, type Locale, type PricedProblem } from "../catalogue/queries";
import type { CarrierContext } from "../domain/carrier";
import { cartTotals, priceDevice, restrictedProblems, type CartTotals, type DevicePricing, type PricedExtra, type PricedLine, type ProblemRef } from "../domain/pricing";
import { fullDate } from "../domain/time";
import { bookingDevices, canonicalReference, type BookingRow, type DeviceRow } from "./repository";
import { BookingNotFoundError } from "../domain/errors";
import { discountProblem, findDiscount, type DiscountProblem, type DiscountRow } from "./discount";

export interface LoadedDevice {
  row: DeviceRow;
  version: typeof s.modelVersions.$inferSelect;
  model: typeof s.models.$inferSelect;
  make: typeof s.makes.$inferSelect | null;
  offered: PricedProblem[];
  availableExtras: Extra[];
  colour: { code: string; name: string; hex: string } | null;
  pricing: DevicePricing;
}

export interface LoadedBasket {
  booking: BookingRow;
  devices: LoadedDevice[];
  discount: DiscountRow | null;
  discountProblem: DiscountProblem | null;
  totals: CartTotals;
  saleTitle: string | null;
  inWarranty: boolean;
}

const tr = (value: s.Localized, locale: Locale) => value[locale] || value.en;

/** What of the catalogue a basket is priced from: its versions and models, their priced repairs, makes, extras, colours, the sale title. */
interface BasketCatalogue {
  catalogue: { version: typeof s.modelVersions.$inferSelect; model: typeof s.models.$inferSelect }[];
  problemsByModel: Map<number, PricedProblem[]>;
  makeRows: (typeof s.makes.$inferSelect)[];
  extraRows: (typeof s.extras.$inferSelect)[];
  colourRows: (typeof s.modelColours.$inferSelect)[];
  sale: string | null;
}

async function readBasketCatalogue(db: DbOrTx, carrier: CarrierContext, versionIds: number[], makeIds: number[], locale: Locale): Promise<BasketCatalogue> {
  const catalogue = versionIds.length
    ? await db
        .select({ version: s.modelVersions, model: s.models })
        .from(s.modelVersions)
        .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
        .where(inArray(s.modelVersions.id, versionIds))
    : [];
  const modelIds = [...new Set(catalogue.map((c) => c.model.id))];
  const [problemsByModel, makeRows, extraRows, colourRows, sale] = await together(
    db,
    () => pricedProblems(db, carrier, modelIds, locale),
    () => (makeIds.length ? db.select().from(s.makes).where(inArray(s.makes.id, makeIds)) : Promise.resolve([])),
    () => (versionIds.length ? db.select().from(s.extras).where(eq(s.extras.active, true)) : Promise.resolve([])),
    () => (modelIds.length ? db.select().from(s.modelColours).where(inArray(s.modelColours.modelId, modelIds)) : Promise.resolve([])),
    () => loadSaleTitle(db, locale),
  );
  return { catalogue, problemsByModel, makeRows, extraRows, colourRows, sale };
}

/** Where a basket's catalogue parts may be kept (ADRs 210, 222). */
export type KeepCatalogue = Keep;

/**
 * The basket's catalogue parts, read once per catalogue revision: pricing a basket from the catalogue
 * is six queries, checking the revision is one (none when read with the booking). The booking's own
 * rows are never kept. Without `keep` (a transaction that did not name its database) they are read.
 */
async function basketCatalogue(db: DbOrTx, carrier: CarrierContext, versionIds: number[], makeIds: number[], locale: Locale, keep: KeepCatalogue | null): Promise<BasketCatalogue> {
  const key = `basket|${carrier.code}|${carrier.currency}|${locale}|${[...versionIds].sort((a, b) => a - b).join(",")}|${[...makeIds].sort((a, b) => a - b).join(",")}`;
  return keptWhere(db, carrier, keep, key, () => readBasketCatalogue(db, carrier, versionIds, makeIds, locale));
}

export async function loadBasket(
  db: DbOrTx,
  carrier: CarrierContext,
  booking: BookingRow,
  now: Date,
  locale: Locale = "en",
  keep: KeepCatalogue | null = db instanceof PgTransaction ? null : { owner: db },
): Promise<LoadedBasket> {
  const rows = await bookingDevices(db, carrier, booking.id);
  const versionIds = [...new Set(rows.map((r) => r.modelVersionId))];
  const makeIds = [...new Set(rows.map((r) => r.makeId))];
  const [{ catalogue, problemsByModel, makeRows, extraRows, colourRows, sale }, discount] = await together(
    db,
    () => basketCatalogue(db, carrier, versionIds, makeIds, locale, keep),
    () => (booking.discountCode ? findDiscount(db, carrier, booking.discountCode) : Promise.resolve(null)),
  );
  const byVersion = new Map(catalogue.map((c) => [c.version.id, c]));
  const inWarranty = booking.inWarranty === true;
  const devices: LoadedDevice[] = [];
  for (const row of rows) {
    const entry = byVersion.get(row.modelVersionId);
    if (!entry) continue;
    const offered = problemsByModel.get(entry.model.id) ?? [];
    const availableExtras: Extra[] = extraRows
      .filter((e) => e.deviceTypes.includes(entry.model.deviceType) && typeof e.prices[carrier.currency] === "number")
      .sort((a, b) => a.id - b.id)
      .map((e) => ({ id: e.id, code: e.code, title: tr(e.title, locale), description: tr(e.description, locale), price: e.prices[carrier.currency]!, currency: carrier.currency }));
    const chosenExtras: PricedExtra[] = availableExtras.filter((e) => row.extraIds.includes(e.id)).map((e) => ({ id: e.id, code: e.code, title: e.title, price: e.price }));
    const colour = colourRows.find((c) => c.modelId === entry.model.id && c.code === row.colourCode);
    devices.push({
      row,
      version: entry.version,
      model: entry.model,
      make: makeRows.find((m) => m.id === row.makeId) ?? null,
      offered,
      availableExtras,
      colour: colour ? { code: colour.code, name: tr(colour.name, locale), hex: colour.hex } : null,
      pricing: priceDevice(
        { key: row.key, batteryRequiredForScreenRepair: entry.model.batteryRequiredForScreenRepair, offered, selectedProblemIds: row.problemIds, extras: chosenExtras },
        inWarranty,
      ),
    });
  }
  // A completed booking used its code already; its problems are no longer the basket's.
  const problem = booking.discountCode && booking.checkoutStatus !== "SUCCESS" ? discountProblem(discount, booking.id, now) : null;
  const totals = cartTotals({
    devices: devices.map((d) => d.pricing),
    inWarranty,
    discount: discount && !problem ? { code: discount.code, kind: discount.kind, value: discount.value } : null,
    carrier,
    saleTitle: sale,
  });
  return { booking, devices, discount, discountProblem: problem, totals, saleTitle: sale, inWarranty };
}

export interface BookingDeviceView {
  /** Public device id (manage page: IMEI, proof of purchase). */
  id: number;
  /** The device key inside the booking. */
  reference: string;
  model_version: { id: number; name: string; model: string; model_id: number; make_id: number; type_id: number };
  device: {
    model_version_id: number;
    imei: string | null;
    customer_reference: string | null;
    full_model_code: string | null;
    title: string;
    image_path: string;
    device_type: s.DeviceKind;
    device_make: string | null;
    battery_required_for_screen_repair: boolean;
    colour: { code: string; name: string; hex: string } | null;
    appliance_model_code: string | null;
  };
  /** Spec §4 device/insurance-status: whether the device is insured (null: not asked or cleared by a new model version). */
  insured: boolean | null;
  selected_problems: ProblemRef[];
  selected_problems_pricing: PricedLine[];
  /** The free battery replacement that comes with a screen repair on models that need it. */
  free_battery: PricedLine | null;
  restricted_problems: number[];
  ask_back_glass: boolean;
  ask_frame: boolean;
  upsell_options: Extra[];
  selected_upsells: PricedExtra[];
  triage_answers: Record<string, string>;
  problem_count: number;
  device_total: number;
  proof_of_purchase_supplied: boolean;
}

export interface Cart extends CartTotals {
  devices: Record<string, BookingDeviceView>;
  discount_code_status: "applied" | DiscountProblem | null;
}

export interface AddressView {
  postcode: string;
  line_1: string;
  line_2: string;
  town: string;
  latitude: number | null;
  longitude: number | null;
}

export interface BookingState {
  reference: string;
  checkout_status: s.CheckoutStatus;
  date: string | null;
  full_date: string | null;
  /** The booking's hold on its day's capacity. */
  availability: { area: { code: string; name: string } | null; date_held: boolean; hold_expires_at: string | null };
  /** The customer asked to be called about a preferred date (spec §4 requestPreferredDateCallback). */
  request_preferred_date_callback: boolean;
  email: string | null;
  email_consent: boolean;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_address: s.BillingAddressValue | null;
  address: AddressView | null;
  postcode: string | null;
  card_client_token: string | null;
  pay_later_client_token: string | null;
  pay_later_session_id: string | null;
  purchase_date: string | null;
  in_warranty: boolean | null;
  warranty_imei: string | null;
  /** Per device key: problem ids that cannot be chosen with the current selection. */
  restricted_problems: Record<string, number[]>;
  order_id: number | null;
  store_code: string | null;
  store_ignored: boolean;
  drop_off_company_store_id: number | null;
  repair_location: "doorstep" | "drop_off";
  is_mail_in_repair: boolean;
  is_business_account: boolean;
  sale_title: string | null;
  /** Attribution from the landing URL (spec §7 POST /build): who sent the visitor, by which channel, the Lucid reference. */
  referrer: string | null;
  channel: string | null;
  lucid_ref: string | null;
  devices: Record<string, BookingDeviceView>;
  device_count: number;
  discount_code: string | null;
  cart: Cart;
  totals: { full_price: number; discount_total: number; cart_total: number; currency: string };
  payment_method: string | null;
  paid_via_credit: boolean;
  created_at: string;
  updated_at: string;
}

export function deviceView(d: LoadedDevice): BookingDeviceView {
  const selectedIds = d.pricing.lines.map((l) => l.problem.id);
  return {
    id: d.row.id,
    reference: d.row.key,
    model_version: { id: d.version.id, name: d.version.name, model: d.model.title, model_id: d.model.id, make_id: d.row.makeId, type_id: d.model.typeId },
    device: {
      model_version_id: d.version.id,
      imei: d.row.imei,
      customer_reference: d.row.customerReference,
      full_model_code: d.version.fullModelCode ?? d.row.applianceModelCode,
      title: d.model.deviceType === "appliance" ? `${d.model.title} (${d.version.name})` : `${d.model.title} ${d.version.name}`,
      image_path: d.model.imagePath,
      device_type: d.model.deviceType,
      device_make: d.make?.name ?? null,
      battery_required_for_screen_repair: d.model.batteryRequiredForScreenRepair,
      colour: d.colour,
      appliance_model_code: d.row.applianceModelCode,
    },
    insured: d.row.insured ?? null,
    selected_problems: d.pricing.lines.map((l) => l.problem),
    selected_problems_pricing: d.pricing.lines,
    free_battery: d.pricing.free_battery,
    restricted_problems: restrictedProblems(d.offered, selectedIds, d.model.batteryRequiredForScreenRepair),
    ask_back_glass: d.offered.some((p) => p.code === "back-glass-replacement"),
    ask_frame: d.offered.some((p) => p.code === "frame-replacement"),
    upsell_options: d.availableExtras,
    selected_upsells: d.pricing.extras,
    triage_answers: d.row.triageAnswers,
    problem_count: d.pricing.lines.length,
    device_total: d.pricing.subtotal,
    proof_of_purchase_supplied: !!d.row.proofFileKey,
  };
}

/** A booking read with what its state shows besides the basket, in one statement (`readBooking`). */
export interface BookingRead {
  booking: BookingRow;
  hold: HoldRow | null;
  area: { code: string; name: string } | null;
  /** The catalogue revision (ADR 210) when the booking was read. */
  revision: string;
  /** The paid order's basket, for a completed booking. */
  orderCart: unknown;
}

type HoldRow = typeof s.capacityHolds.$inferSelect;

/**
 * The booking with its hold, its area's name, its order's basket and the catalogue revision, in one
 * query (ADR 222): the four reads a booking's state needs besides its devices. BK01 when unknown.
 */
export async function readBooking(db: DbOrTx, carrier: CarrierContext, reference: unknown): Promise<BookingRead> {
  const ref = canonicalReference(reference);
  const [row] = await bookingReadStatement(db).execute({ carrierCode: carrier.code, reference: ref });
  if (!row) throw new BookingNotFoundError();
  return {
    booking: row.booking,
    hold: row.hold,
    area: row.areaCode !== null && row.areaName !== null ? { code: row.areaCode, name: row.areaName } : null,
    revision: revisionOf(row.catalogueHash, row.carrierHash),
    orderCart: row.orderCart,
  };
}

/** The booking's state read with `readBooking`: its devices are the one further query while its catalogue revision is kept. */
export async function readBookingState(db: DbOrTx, carrier: CarrierContext, reference: unknown, now: Date, locale: Locale = "en"): Promise<BookingState> {
  const read = await readBooking(db, carrier, reference);
  return bookingState(db, carrier, read.booking, now, locale, read);
}

export async function bookingState(db: DbOrTx, carrier: CarrierContext, booking: BookingRow, now: Date, locale: Locale = "en", read?: BookingRead): Promise<BookingState> {
  const keep = db instanceof PgTransaction ? null : { owner: db, revision: read?.revision };
  // Side by side outside a transaction (ADR 219); read with the booking when it was (ADR 222).
  const [basket, hold, area] = await together(
    db,
    () => loadBasket(db, carrier, booking, now, locale, keep),
    () => (read ? Promise.resolve(read.hold) : findHold(db, carrier, booking.id)),
    () =>
      read
        ? Promise.resolve(read.area ? [read.area] : [])
        : booking.areaCode
          ? db
              .select({ code: s.serviceAreas.code, name: s.serviceAreas.name })
              .from(s.serviceAreas)
              .where(and(eq(s.serviceAreas.carrierCode, carrier.code), eq(s.serviceAreas.code, booking.areaCode)))
          : Promise.resolve([]),
  );
  const live = Object.fromEntries(basket.devices.map((d) => [d.row.key, deviceView(d)]));
  // A completed booking shows the basket as it was priced and paid (the order's snapshot), whatever
  // the catalogue says today; only the per-device fields that can still change come from the rows.
  const snapshot = booking.checkoutStatus !== "SUCCESS" ? null : read ? snapshotOf(read.orderCart) : await orderSnapshot(db, carrier, booking.id);
  const devices = snapshot ? mergeSnapshot(snapshot.devices, live) : live;
  const held = !!hold && !!booking.date && hold.day === booking.date && (hold.expiresAt === null || hold.expiresAt.getTime() > now.getTime());
  const totals = snapshot?.totals ?? basket.totals;
  return {
    reference: booking.reference,
    checkout_status: booking.checkoutStatus,
    date: booking.date,
    full_date: booking.date ? fullDate(booking.date) : null,
    availability: { area: area[0] ?? null, date_held: held, hold_expires_at: held && hold?.expiresAt ? hold.expiresAt.toISOString() : null },
    request_preferred_date_callback: booking.requestPreferredDateCallback,
    email: booking.email,
    email_consent: booking.emailConsent,
    first_name: booking.firstName,
    last_name: booking.lastName,
    phone_number: booking.phoneNumber,
    billing_first_name: booking.billingFirstName,
    billing_last_name: booking.billingLastName,
    billing_address: booking.billingAddress,
    address: booking.address,
    postcode: booking.postcode,
    card_client_token: null,
    pay_later_client_token: null,
    pay_later_session_id: null,
    purchase_date: booking.purchaseDate,
    in_warranty: booking.inWarranty,
    warranty_imei: booking.warrantyImei,
    restricted_problems: Object.fromEntries(Object.values(devices).map((d) => [d.reference, d.restricted_problems])),
    order_id: booking.orderRef,
    store_code: booking.storeCode,
    store_ignored: booking.storeIgnored,
    drop_off_company_store_id: booking.dropOffStoreId,
    repair_location: booking.dropOffStoreId ? "drop_off" : "doorstep",
    is_mail_in_repair: booking.isMailInRepair,
    is_business_account: booking.isBusinessAccount,
    sale_title: totals.sale_title,
    referrer: booking.referrer,
    channel: booking.channel,
    lucid_ref: booking.lucidRef,
    devices,
    device_count: Object.keys(devices).length,
    discount_code: booking.discountCode,
    cart: {
      ...totals,
      devices,
      discount_code: booking.discountCode,
      discount_code_status: booking.discountCode ? (basket.discountProblem ?? "applied") : null,
    },
    totals: { full_price: totals.full_price, discount_total: totals.discount_total, cart_total: totals.total_price, currency: totals.currency },
    payment_method: booking.paymentMethod,
    paid_via_credit: booking.paidViaCredit,
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
  };
}

async function orderSnapshot(db: DbOrTx, carrier: CarrierContext, bookingId: number): Promise<{ totals: CartTotals; devices: Record<string, BookingDeviceView> } | null> {
  const [order] = await db
    .select({ cart: s.orders.cart })
    .from(s.orders)
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.bookingId, bookingId)));
  return order ? snapshotOf(order.cart) : null;
}

function snapshotOf(cart: unknown): { totals: CartTotals; devices: Record<string, BookingDeviceView> } | null {
  if (!cart) return null;
  const { devices, ...totals } = cart as CartTotals & { devices: Record<string, BookingDeviceView> };
  return { totals, devices };
}

function mergeSnapshot(snapshot: Record<string, BookingDeviceView>, live: Record<string, BookingDeviceView>): Record<string, BookingDeviceView> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([key, device]) => {
      const now = live[key];
      return [key, now ? { ...device, device: { ...device.device, imei: now.device.imei }, proof_of_purchase_supplied: now.proof_of_purchase_supplied } : device];
    }),
  );
}
