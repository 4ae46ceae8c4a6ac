/**
 * The service desk's reading of an order's history (issue 36, ADR 247): who made each change, in
 * words (the staff account's display name, the partner key's name, "the customer", "the system"),
 * never an opaque id, and what the change was. Pure: the page translates the keys it returns.
 */
import type { OrderHistoryEntry } from "~/booking.server";

export interface HistoryText {
  key: string;
  values?: Record<string, string | number>;
}

/** "By": the name recorded with the change, or who in words. */
export function historyActor(entry: Pick<OrderHistoryEntry, "actor">): HistoryText {
  const { type, name } = entry.actor;
  if (type === "staff") return name ? { key: "store.service.history.by.staff", values: { name } } : { key: "store.service.history.by.staffUnnamed" };
  if (type === "partner") return { key: "store.service.history.by.partner", values: { name: name ?? "" } };
  return { key: `store.service.history.by.${type}` };
}

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** "What": the change in words, with what it changed; money through `money` (the order's currency). */
export function historyChange(entry: OrderHistoryEntry, money: (minor: number) => string): HistoryText {
  const d = entry.details;
  const amount = entry.amount_minor ?? 0;
  switch (entry.kind) {
    case "date_changed":
      return { key: "store.service.history.kind.date_changed", values: { from: text(d.from), to: text(d.to) } };
    case "address_changed":
      return { key: "store.service.history.kind.address_changed", values: { from: text(d.from), to: text(d.to) } };
    case "message_sent":
    case "message_failed":
      return { key: `store.service.history.kind.${entry.kind}`, values: { message: text(d.kind), channel: text(d.channel) } };
    case "cancelled": {
      const fee = typeof d.fee_minor === "number" ? d.fee_minor : 0;
      return fee > 0 ? { key: "store.service.history.kind.cancelled_fee", values: { fee: money(fee) } } : { key: "store.service.history.kind.cancelled" };
    }
    case "refunded":
      return { key: d.full === true ? "store.service.history.kind.refunded_full" : "store.service.history.kind.refunded", values: { amount: money(amount) } };
    case "refund_failed":
    case "paid":
      return { key: `store.service.history.kind.${entry.kind}`, values: { amount: money(amount) } };
    default:
      return { key: `store.service.history.kind.${entry.kind}` };
  }
}
