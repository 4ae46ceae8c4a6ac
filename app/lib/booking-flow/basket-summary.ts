import type { BookingState } from "~/booking.server";

export interface BasketLine {
  title: string;
  price: number;
}

export interface BasketDevice {
  reference: string;
  title: string;
  imagePath: string;
  lines: BasketLine[];
  freeBattery: boolean;
}

export interface BasketSummary {
  devices: BasketDevice[];
  discountCode: string | null;
  fullPrice: number;
  discountTotal: number;
  cartTotal: number;
  inWarranty: boolean;
  storeCode: string | null;
}

/** The basket as the side basket and the basket page show it. */
export function basketSummary(booking: BookingState | null): BasketSummary {
  const devices = booking ? Object.values(booking.devices) : [];
  return {
    devices: devices.map((device) => ({
      reference: device.reference,
      title: device.device.title,
      imagePath: device.device.image_path,
      lines: [
        ...device.selected_problems_pricing.map((line) => ({ title: line.problem.title, price: line.price })),
        ...device.selected_upsells.map((extra) => ({ title: extra.title, price: extra.price })),
      ],
      freeBattery: Boolean(device.free_battery),
    })),
    discountCode: booking?.discount_code ?? null,
    fullPrice: booking?.totals.full_price ?? 0,
    discountTotal: booking?.totals.discount_total ?? 0,
    cartTotal: booking?.totals.cart_total ?? 0,
    inWarranty: booking?.in_warranty === true,
    storeCode: booking?.store_code ?? null,
  };
}
