/**
 * Basket pricing (spec §3 Cart, §4 rules). Pure and exact: integers in minor units only.
 *
 * - A device's price is the sum of its selected problems and extras.
 * - Screen replacement on a model with battery_required_for_screen_repair removes a selected battery
 *   replacement and adds a free battery line (price 0, non_sale_price the battery's price).
 * - In warranty: the repair itself is free; extras are still paid; a carrier whose warranty repairs
 *   are chargeable adds its warranty repair charge once.
 * - Discount: percent (rounded half up to the minor unit) or fixed (never more than the price).
 * - Sale: a line is on sale when its non_sale_price is above its price.
 */
export const SCREEN_REPLACEMENT = "screen-replacement";
export const BATTERY_REPLACEMENT = "battery-replacement";
export const BACK_GLASS_REPLACEMENT = "back-glass-replacement";
export const FRAME_REPLACEMENT = "frame-replacement";

export interface ProblemRef {
  id: number;
  code: string;
  title: string;
}

export interface OfferedProblem extends ProblemRef {
  price: number;
  non_sale_price: number;
}

export interface PricedLine {
  problem: ProblemRef;
  price: number;
  non_sale_price: number;
}

export interface PricedExtra {
  id: number;
  code: string;
  title: string;
  price: number;
}

export interface DevicePricingInput {
  key: string;
  batteryRequiredForScreenRepair: boolean;
  offered: OfferedProblem[];
  selectedProblemIds: number[];
  extras: PricedExtra[];
}

export interface DevicePricing {
  key: string;
  lines: PricedLine[];
  free_battery: PricedLine | null;
  extras: PricedExtra[];
  /** What the device adds to the basket (problems free when in warranty). */
  subtotal: number;
  non_sale_subtotal: number;
  sale: boolean;
}

export interface DiscountInput {
  code: string;
  kind: "percent" | "fixed";
  value: number;
}

export interface PricingCarrier {
  currency: string;
  warrantyRepairChargeable: boolean;
  warrantyRepairCharge: number;
  hasCallOutCharge: boolean;
  callOutCharge: number;
}

export interface CartTotals {
  currency: string;
  /** Price before any discount. */
  full_price: number;
  /** What it would cost without the running sale. */
  non_sale_full_price: number;
  discount_code: string | null;
  discount_code_amount: number;
  discount_percentage: number | null;
  discount_total: number;
  /** What the customer pays: full_price − discount_total. */
  total_price: number;
  sale_active: boolean;
  sale_title: string | null;
  warranty_repair_is_chargeable: boolean;
  warranty_repair_charge: number;
  call_out_charge: { has_call_out_charge: boolean; amount: number };
}

/**
 * Keeps only problems the model offers, once each, in catalogue order; drops battery replacement
 * when a screen replacement is chosen on a model that needs a battery for a screen repair.
 */
export function normaliseSelection(offered: OfferedProblem[], selectedIds: number[], batteryRequiredForScreenRepair: boolean): number[] {
  const wanted = new Set(selectedIds);
  let chosen = offered.filter((p) => wanted.has(p.id));
  if (batteryRequiredForScreenRepair && chosen.some((p) => p.code === SCREEN_REPLACEMENT)) {
    chosen = chosen.filter((p) => p.code !== BATTERY_REPLACEMENT);
  }
  return chosen.map((p) => p.id);
}

/** Problems that cannot be chosen alongside the current selection (shown disabled). */
export function restrictedProblems(offered: OfferedProblem[], selectedIds: number[], batteryRequiredForScreenRepair: boolean): number[] {
  const screenChosen = offered.some((p) => p.code === SCREEN_REPLACEMENT && selectedIds.includes(p.id));
  if (!batteryRequiredForScreenRepair || !screenChosen) return [];
  return offered.filter((p) => p.code === BATTERY_REPLACEMENT).map((p) => p.id);
}

export function priceDevice(input: DevicePricingInput, inWarranty: boolean): DevicePricing {
  const ids = normaliseSelection(input.offered, input.selectedProblemIds, input.batteryRequiredForScreenRepair);
  const lines: PricedLine[] = input.offered
    .filter((p) => ids.includes(p.id))
    .map((p) => ({ problem: { id: p.id, code: p.code, title: p.title }, price: p.price, non_sale_price: p.non_sale_price }));
  const battery = input.offered.find((p) => p.code === BATTERY_REPLACEMENT);
  const free_battery =
    input.batteryRequiredForScreenRepair && battery && lines.some((l) => l.problem.code === SCREEN_REPLACEMENT)
      ? { problem: { id: battery.id, code: battery.code, title: battery.title }, price: 0, non_sale_price: battery.price }
      : null;
  const extrasTotal = input.extras.reduce((sum, e) => sum + e.price, 0);
  const problemsTotal = inWarranty ? 0 : lines.reduce((sum, l) => sum + l.price, 0);
  const problemsNonSale = inWarranty ? 0 : lines.reduce((sum, l) => sum + l.non_sale_price, 0);
  return {
    key: input.key,
    lines,
    free_battery,
    extras: input.extras,
    subtotal: problemsTotal + extrasTotal,
    non_sale_subtotal: problemsNonSale + extrasTotal,
    sale: !inWarranty && lines.some((l) => l.non_sale_price > l.price),
  };
}

export function discountAmount(discount: DiscountInput | null, fullPrice: number): number {
  if (!discount || fullPrice <= 0) return 0;
  if (discount.kind === "percent") return Math.min(fullPrice, Math.floor((fullPrice * discount.value + 50) / 100));
  return Math.min(fullPrice, discount.value);
}

export function cartTotals(args: { devices: DevicePricing[]; inWarranty: boolean; discount: DiscountInput | null; carrier: PricingCarrier; saleTitle: string | null }): CartTotals {
  const { devices, inWarranty, carrier } = args;
  const warrantyCharge = inWarranty && carrier.warrantyRepairChargeable ? carrier.warrantyRepairCharge : 0;
  const full = devices.reduce((sum, d) => sum + d.subtotal, 0) + warrantyCharge;
  const nonSale = devices.reduce((sum, d) => sum + d.non_sale_subtotal, 0) + warrantyCharge;
  // A promo never applies to a warranty repair (the engine refuses it; this keeps totals honest regardless).
  const discount = inWarranty ? null : args.discount;
  const discountTotal = discountAmount(discount, full);
  const saleActive = devices.some((d) => d.sale);
  return {
    currency: carrier.currency,
    full_price: full,
    non_sale_full_price: nonSale,
    discount_code: discount?.code ?? null,
    discount_code_amount: discountTotal,
    discount_percentage: discount?.kind === "percent" ? discount.value : null,
    discount_total: discountTotal,
    total_price: full - discountTotal,
    sale_active: saleActive,
    sale_title: saleActive ? args.saleTitle : null,
    warranty_repair_is_chargeable: carrier.warrantyRepairChargeable,
    warranty_repair_charge: carrier.warrantyRepairCharge,
    call_out_charge: { has_call_out_charge: carrier.hasCallOutCharge, amount: carrier.hasCallOutCharge ? carrier.callOutCharge : 0 },
  };
}
