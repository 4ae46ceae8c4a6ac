import { describe, expect, it } from "vitest";
import { countMessage, countPaymentOutcome, engineOutcomeCounters, metrics, routeGroupOf } from "./metrics.server";

const value = async (name: "bookings" | "payments" | "messages", labels: Record<string, string>) =>
  (await metrics()[name].get()).values.find((entry) => Object.entries(labels).every(([key, v]) => (entry.labels as Record<string, unknown>)[key] === v))?.value ?? 0;

describe("metrics", () => {
  it("group requests by a bounded label derived from the path, never the path itself", () => {
    expect(routeGroupOf("/")).toBe("content");
    expect(routeGroupOf("/faqs/repairs")).toBe("content");
    expect(routeGroupOf("/booking/payment")).toBe("booking");
    expect(routeGroupOf("/booking/payment.data")).toBe("booking");
    expect(routeGroupOf("/manage/booking")).toBe("manage");
    expect(routeGroupOf("/my/technician/jane%40example.com/10042")).toBe("manage");
    expect(routeGroupOf("/contact")).toBe("contact");
    expect(routeGroupOf("/api/cms-webhook")).toBe("api");
    expect(routeGroupOf("/healthz")).toBe("api");
    expect(routeGroupOf("/assets/entry.client-CdGkx_AJ.js")).toBe("assets");
    expect(routeGroupOf("/favicon.ico")).toBe("assets");
  });

  it("count each payment outcome the engine reports once: approved is a paid booking, declined and failed are both kinds", async () => {
    const paidBefore = await value("bookings", { outcome: "paid" });
    const approvedBefore = await value("payments", { method: "card", outcome: "approved" });
    const declinedBefore = await value("payments", { method: "card", outcome: "declined" });
    const failedBefore = await value("payments", { method: "paypal", outcome: "failed" });
    const bookingsFailedBefore = await value("bookings", { outcome: "failed" });
    engineOutcomeCounters.payment!({ carrierCode: "acme", method: "card", outcome: "approved" });
    countPaymentOutcome({ method: "card", outcome: "declined" });
    countPaymentOutcome({ method: "paypal", outcome: "failed" });
    expect(await value("bookings", { outcome: "paid" })).toBe(paidBefore + 1);
    expect(await value("payments", { method: "card", outcome: "approved" })).toBe(approvedBefore + 1);
    expect(await value("payments", { method: "card", outcome: "declined" })).toBe(declinedBefore + 1);
    expect(await value("payments", { method: "paypal", outcome: "failed" })).toBe(failedBefore + 1);
    expect(await value("bookings", { outcome: "failed" })).toBe(bookingsFailedBefore + 1);
  });

  it("count message tries by channel, kind and outcome, with bounded labels", async () => {
    const sentBefore = await value("messages", { channel: "email", kind: "booking-confirmed", outcome: "sent" });
    const retriedBefore = await value("messages", { channel: "sms", kind: "evening-before", outcome: "retried" });
    const otherBefore = await value("messages", { channel: "other", kind: "other", outcome: "dead" });
    engineOutcomeCounters.message!({ carrierCode: "acme", channel: "email", kind: "booking-confirmed", outcome: "sent" });
    countMessage({ channel: "sms", kind: "evening-before", outcome: "retried" });
    countMessage({ channel: "pigeon", kind: "Robert'); DROP TABLE", outcome: "dead" });
    expect(await value("messages", { channel: "email", kind: "booking-confirmed", outcome: "sent" })).toBe(sentBefore + 1);
    expect(await value("messages", { channel: "sms", kind: "evening-before", outcome: "retried" })).toBe(retriedBefore + 1);
    expect(await value("messages", { channel: "other", kind: "other", outcome: "dead" })).toBe(otherBefore + 1);
    expect(await metrics().registry.metrics()).toContain('messages_sent_total{channel="email",kind="booking-confirmed",outcome="sent"}');
  });
});
