import { describe, expect, it } from "vitest";
import { cartTotals, discountAmount, normaliseSelection, priceDevice, restrictedProblems, type OfferedProblem } from "./pricing";

const offered: OfferedProblem[] = [
  { id: 1, code: "screen-replacement", title: "Screen", price: 25900, non_sale_price: 29900 },
  { id: 2, code: "battery-replacement", title: "Battery", price: 8900, non_sale_price: 8900 },
  { id: 3, code: "back-glass-replacement", title: "Back glass", price: 14900, non_sale_price: 14900 },
];
const carrier = { currency: "GBP", warrantyRepairChargeable: false, warrantyRepairCharge: 0, hasCallOutCharge: true, callOutCharge: 5900 };

describe("screen and battery", () => {
  it("removes battery replacement when a screen replacement is chosen on a model that needs a battery for it", () => {
    expect(normaliseSelection(offered, [2, 1], true)).toEqual([1]);
    expect(restrictedProblems(offered, [1], true)).toEqual([2]);
  });

  it("keeps battery replacement on a model that does not need one for a screen repair", () => {
    expect(normaliseSelection(offered, [2, 1], false)).toEqual([1, 2]);
    expect(restrictedProblems(offered, [1], false)).toEqual([]);
  });

  it("adds a free battery line with the battery's price as its non-sale price", () => {
    const device = priceDevice({ key: "a", batteryRequiredForScreenRepair: true, offered, selectedProblemIds: [1, 2], extras: [] }, false);
    expect(device.lines.map((l) => l.problem.code)).toEqual(["screen-replacement"]);
    expect(device.free_battery).toEqual({ problem: { id: 2, code: "battery-replacement", title: "Battery" }, price: 0, non_sale_price: 8900 });
    expect(device.subtotal).toBe(25900);
  });

  it("ignores problems the model does not offer and duplicates", () => {
    expect(normaliseSelection(offered, [3, 3, 99], false)).toEqual([3]);
  });
});

describe("totals", () => {
  const device = (ids: number[], extras = [] as { id: number; code: string; title: string; price: number }[], inWarranty = false) =>
    priceDevice({ key: "a", batteryRequiredForScreenRepair: false, offered, selectedProblemIds: ids, extras }, inWarranty);

  it("sums problem and extra prices exactly, and reports the sale against the non-sale price", () => {
    const totals = cartTotals({ devices: [device([1, 3], [{ id: 1, code: "p", title: "P", price: 1499 }])], inWarranty: false, discount: null, carrier, saleTitle: "Spring" });
    expect(totals).toMatchObject({
      full_price: 25900 + 14900 + 1499,
      non_sale_full_price: 29900 + 14900 + 1499,
      total_price: 42299,
      discount_total: 0,
      sale_active: true,
      sale_title: "Spring",
    });
    expect(totals.call_out_charge).toEqual({ has_call_out_charge: true, amount: 5900 });
  });

  it("takes a percent discount rounded half up to the minor unit", () => {
    expect(discountAmount({ code: "X", kind: "percent", value: 15 }, 8900)).toBe(1335);
    expect(discountAmount({ code: "X", kind: "percent", value: 10 }, 1995)).toBe(200); // 199.5 → 200
    expect(discountAmount({ code: "X", kind: "percent", value: 10 }, 1994)).toBe(199); // 199.4 → 199
    const totals = cartTotals({ devices: [device([2])], inWarranty: false, discount: { code: "TENOFF", kind: "percent", value: 10 }, carrier, saleTitle: null });
    expect(totals).toMatchObject({ full_price: 8900, discount_total: 890, discount_code_amount: 890, discount_percentage: 10, total_price: 8010, discount_code: "TENOFF" });
  });

  it("never lets a fixed discount exceed the price", () => {
    const totals = cartTotals({ devices: [device([2])], inWarranty: false, discount: { code: "BIG", kind: "fixed", value: 100000 }, carrier, saleTitle: null });
    expect(totals).toMatchObject({ discount_total: 8900, total_price: 0, discount_percentage: null });
  });

  it("makes the repair free in warranty, still charging extras and a chargeable warranty repair", () => {
    const free = cartTotals({ devices: [device([1], [], true)], inWarranty: true, discount: null, carrier, saleTitle: "Spring" });
    expect(free).toMatchObject({ full_price: 0, total_price: 0, sale_active: false, sale_title: null });
    const chargeable = cartTotals({
      devices: [device([1], [{ id: 1, code: "p", title: "P", price: 1499 }], true)],
      inWarranty: true,
      discount: { code: "TENOFF", kind: "percent", value: 10 },
      carrier: { ...carrier, warrantyRepairChargeable: true, warrantyRepairCharge: 4900 },
      saleTitle: null,
    });
    expect(chargeable).toMatchObject({ full_price: 6399, discount_total: 0, total_price: 6399, warranty_repair_is_chargeable: true, warranty_repair_charge: 4900 });
  });
});
