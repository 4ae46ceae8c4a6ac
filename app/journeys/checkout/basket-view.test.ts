import { describe, expect, it } from "vitest";
import { basketView, editDevicePath } from "./basket-view";
import { bookingFixture, deviceFixture } from "./booking-fixture.test-support";

describe("basket page (spec §2 basket item and totals)", () => {
  it("lists each device with its per-problem prices, the free battery line and the premium service line", () => {
    const [item] = basketView(bookingFixture()).items;
    expect(item).toMatchObject({ title: "iPhone 16 Pro Max 256GB", imagePath: "/images/devices/iphone-16-pro-max.svg", colour: "Natural Titanium", total: 26899 });
    expect(item!.lines).toEqual([
      { kind: "problem", title: "Screen replacement", price: 24900, wasPrice: null },
      { kind: "battery", title: "Battery replacement", price: null, wasPrice: null },
      { kind: "premium", title: "Premium service", price: 1999, wasPrice: null },
    ]);
    expect(item!.editPath).toBe("/booking/device/model?device=a1b2c3");
  });

  it("shows the price before the sale when a line is on sale", () => {
    const device = deviceFixture({
      free_battery: null,
      selected_upsells: [{ id: 1, code: "screen-protector", title: "Screen protector", price: 1499 }],
      selected_problems_pricing: [{ problem: { id: 1, code: "screen-replacement", title: "Screen replacement" }, price: 19900, non_sale_price: 24900 }],
    });
    const [item] = basketView(bookingFixture({ devices: { [device.reference]: device } })).items;
    expect(item!.lines).toEqual([
      { kind: "problem", title: "Screen replacement", price: 19900, wasPrice: 24900 },
      { kind: "extra", title: "Screen protector", price: 1499, wasPrice: null },
    ]);
  });

  it("shows subtotal and promo only when a code is applied", () => {
    expect(basketView(bookingFixture())).toMatchObject({ showSubtotalAndPromo: false, showTotals: true, discountCode: null });
    const withCode = basketView(bookingFixture({ discount_code: "WELCOME10", totals: { full_price: 26899, discount_total: 2690, cart_total: 24209, currency: "GBP" } }));
    expect(withCode).toMatchObject({ showSubtotalAndPromo: true, showTotals: true, fullPrice: 26899, discountTotal: 2690, cartTotal: 24209 });
  });

  it("shows none of the money summary when the order is in warranty", () => {
    expect(basketView(bookingFixture({ in_warranty: true, discount_code: "WELCOME10" }))).toMatchObject({ showSubtotalAndPromo: false, showTotals: false, inWarranty: true });
  });

  it("is empty without a booking and encodes device keys in the edit link", () => {
    expect(basketView(null)).toMatchObject({ items: [], deviceCount: 0, storeCode: null });
    expect(editDevicePath("a b")).toBe("/booking/device/model?device=a%20b");
  });
});
