import { describe, expect, it } from "vitest";
import type { OrderHistoryEntry } from "~/booking.server";
import { historyActor, historyChange } from "./order-history";

const entry = (over: Partial<OrderHistoryEntry>): OrderHistoryEntry => ({
  kind: "booked",
  at: "2025-06-02T08:00:00.000Z",
  actor: { type: "customer", id: null, name: null },
  details: {},
  amount_minor: null,
  ...over,
});
const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

describe("the desk's reading of the order's history (ADR 247)", () => {
  it("names the staff account and the partner key, never an id", () => {
    expect(historyActor(entry({ actor: { type: "staff", id: "pybpw4rjim43p8dkdv9yj4zi", name: "Olive Ops" } }))).toEqual({
      key: "store.service.history.by.staff",
      values: { name: "Olive Ops" },
    });
    expect(historyActor(entry({ actor: { type: "partner", id: "0123456789abcdef", name: "Call centre app" } }))).toEqual({
      key: "store.service.history.by.partner",
      values: { name: "Call centre app" },
    });
    expect(historyActor(entry({}))).toEqual({ key: "store.service.history.by.customer" });
    expect(historyActor(entry({ actor: { type: "system", id: null, name: null } }))).toEqual({ key: "store.service.history.by.system" });
    expect(historyActor(entry({ actor: { type: "staff", id: "x", name: null } }))).toEqual({ key: "store.service.history.by.staffUnnamed" });
  });

  it("says what changed, with the amounts in the order's currency", () => {
    expect(historyChange(entry({ kind: "refunded", amount_minor: 5000, details: { full: false } }), money)).toEqual({
      key: "store.service.history.kind.refunded",
      values: { amount: "£50.00" },
    });
    expect(historyChange(entry({ kind: "refunded", amount_minor: 20900, details: { full: true } }), money).key).toBe("store.service.history.kind.refunded_full");
    expect(historyChange(entry({ kind: "cancelled", details: { fee_minor: 5900 } }), money)).toEqual({
      key: "store.service.history.kind.cancelled_fee",
      values: { fee: "£59.00" },
    });
    expect(historyChange(entry({ kind: "cancelled", details: { fee_minor: 0 } }), money)).toEqual({ key: "store.service.history.kind.cancelled" });
    expect(historyChange(entry({ kind: "date_changed", details: { from: "2025-06-05", to: "2025-06-06" } }), money)).toEqual({
      key: "store.service.history.kind.date_changed",
      values: { from: "2025-06-05", to: "2025-06-06" },
    });
    expect(historyChange(entry({ kind: "message_sent", details: { kind: "order-refunded", channel: "sms" } }), money).values).toEqual({
      message: "order-refunded",
      channel: "sms",
    });
  });
});
