/**
 * The basket page (spec §2 "Basket item", "Side basket"): each device with its image, title,
 * per-problem prices, the free battery line and the premium service line; the totals rules
 * (subtotal and promo only with a code, nothing of it in warranty).
 */
import type { BookingState } from "~/booking.server";

/** The extra the spec calls the "premium service charge" line (catalogue code). */
export const PREMIUM_SERVICE_CODE = "premium-service";

/** Where 'edit' takes a device: the device step that shows its model, keyed by the device. */
export function editDevicePath(deviceKey: string): string {
  return `/booking/device/model?device=${encodeURIComponent(deviceKey)}`;
}

export type BasketLineKind = "problem" | "battery" | "premium" | "extra";

export interface BasketItemLine {
  kind: BasketLineKind;
  title: string;
  /** Minor units; null for the free battery line. */
  price: number | null;
  /** The price before a running sale, when the line is on sale. */
  wasPrice: number | null;
}

export interface BasketItem {
  reference: string;
  title: string;
  imagePath: string;
  colour: string | null;
  lines: BasketItemLine[];
  total: number;
  editPath: string;
}

export interface BasketView {
  items: BasketItem[];
  inWarranty: boolean;
  discountCode: string | null;
  /** Spec §2: subtotal and promo show only when a code is applied, never in warranty. */
  showSubtotalAndPromo: boolean;
  /** Spec §2: none of the money summary shows when the order is in warranty. */
  showTotals: boolean;
  fullPrice: number;
  discountTotal: number;
  cartTotal: number;
  saleTitle: string | null;
  storeCode: string | null;
  deviceCount: number;
}

export function basketItems(booking: BookingState | null): BasketItem[] {
  if (!booking) return [];
  const inWarranty = booking.in_warranty === true;
  return Object.values(booking.devices).map((device) => {
    const lines: BasketItemLine[] = device.selected_problems_pricing.map((line) => ({
      kind: "problem",
      title: line.problem.title,
      price: line.price,
      wasPrice: !inWarranty && line.non_sale_price > line.price ? line.non_sale_price : null,
    }));
    if (device.free_battery) lines.push({ kind: "battery", title: device.free_battery.problem.title, price: null, wasPrice: null });
    for (const extra of device.selected_upsells) {
      lines.push({ kind: extra.code === PREMIUM_SERVICE_CODE ? "premium" : "extra", title: extra.title, price: extra.price, wasPrice: null });
    }
    return {
      reference: device.reference,
      title: device.device.title,
      imagePath: device.device.image_path,
      colour: device.device.colour?.name ?? null,
      lines,
      total: device.device_total,
      editPath: editDevicePath(device.reference),
    };
  });
}

export function basketView(booking: BookingState | null): BasketView {
  const inWarranty = booking?.in_warranty === true;
  const discountCode = booking?.discount_code ?? null;
  return {
    items: basketItems(booking),
    inWarranty,
    discountCode,
    showSubtotalAndPromo: !inWarranty && Boolean(discountCode),
    showTotals: !inWarranty,
    fullPrice: booking?.totals.full_price ?? 0,
    discountTotal: booking?.totals.discount_total ?? 0,
    cartTotal: booking?.totals.cart_total ?? 0,
    saleTitle: booking?.cart.sale_active ? booking.sale_title : null,
    storeCode: booking?.store_code ?? null,
    deviceCount: booking?.device_count ?? 0,
  };
}
