import { describe, expect, it } from "vitest";
import { countCharge, metrics, routeGroupOf } from "./metrics.server";

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

  it("count a charge as paid, declined or failed; a duplicate of a paid booking counts nothing", async () => {
    const value = async (name: "bookings" | "payments", labels: Record<string, string>) =>
      (await metrics()[name].get()).values.find((entry) => Object.entries(labels).every(([key, v]) => (entry.labels as Record<string, unknown>)[key] === v))?.value ?? 0;
    const paidBefore = await value("bookings", { outcome: "paid" });
    const declinedBefore = await value("payments", { method: "card", outcome: "declined" });
    const failedBefore = await value("payments", { method: "paypal", outcome: "failed" });
    countCharge("card");
    countCharge("card", { code: "PAYMENT_DECLINED" });
    countCharge("paypal", { code: "PAYMENT_GATEWAY_ERROR" });
    countCharge("card", { code: "BK07" });
    expect(await value("bookings", { outcome: "paid" })).toBe(paidBefore + 1);
    expect(await value("payments", { method: "card", outcome: "declined" })).toBe(declinedBefore + 1);
    expect(await value("payments", { method: "paypal", outcome: "failed" })).toBe(failedBefore + 1);
  });
});
