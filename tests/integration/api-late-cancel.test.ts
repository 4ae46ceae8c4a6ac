/**
 * A late cancellation through the partner API (spec §9, ADR 250): the order read inside the 24 hours
 * states the fee and the refund; the cancel keeps the carrier's call-out charge and refunds the rest
 * once; the order then says the fee kept. The OpenAPI document describes the fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import { openApiDocument } from "../../booking/http/openapi";
import type { CarrierContext } from "../../booking/domain/carrier";
import { createTestEngine, MONDAY_9AM_LONDON, readyBooking } from "../../booking/testing/engine";
import { SUITE_RATE_LIMITS, call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

const EMAIL = "ada@example.com";
let api: ApiHarness;
let key: string;
let carrier: CarrierContext;

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes }, await createTestEngine({ config: SUITE_RATE_LIMITS }));
  ({ key, carrier } = await carrierWithKey(api));
});
afterAll(() => api?.close());

describe("GET /customer/{ref} and /orders/{id}/cancel inside 24 hours", () => {
  it("states the fee and refund before, keeps the fee and refunds the rest once, and says so after", async () => {
    // Thursday 5 June 2025 08:00 London; Wednesday 08:01 London is 23 hours 59 minutes before.
    const { ref } = await readyBooking(api.t, carrier, { date: "2025-06-05" });
    const paid = await api.t.engine.checkout.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
    const orderId = paid.order_id;
    api.t.clock.set("2025-06-04T07:01:00Z");
    try {
      const before = await call(api.url(`/customer/${orderId}?email=${EMAIL}`), { key });
      expect(before).toMatchObject({
        status: 200,
        body: {
          data: { status: "BOOKED", change_window: "late", can_cancel_online: true, can_change_date_online: false, cancellation_quote: { late: true, fee: 5900, kept: 5900 } },
        },
      });
      const { paid: total, refund } = before.body.data.cancellation_quote;
      expect(refund).toBe(total - 5900);

      const cancelled = await call(api.url(`/orders/${orderId}/cancel?email_to_verify=${EMAIL}`), { key });
      expect(cancelled).toMatchObject({
        status: 200,
        body: { data: { status: "CANCELLED", refund_status: "REFUNDED", cancellation: { fee_kept: 5900, refunded: refund, currency: "GBP" } } },
      });
      const sale = api.t.payments.transactions().find((tx) => tx.orderId === ref)!;
      expect((await api.t.payments.transaction(sale.id))!.refundedMinor).toBe(refund);

      // Pressed again: the §8 error shape, and no second refund.
      const again = await call(api.url(`/orders/${orderId}/cancel?email_to_verify=${EMAIL}`), { key });
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(again.body).toMatchObject({ code: "ORDER_CANCELLED" });
      expect((await api.t.payments.transaction(sale.id))!.refundedMinor).toBe(refund);
      expect((await call(api.url(`/customer/${orderId}?email=${EMAIL}`), { key })).body.data.cancellation).toEqual({ fee_kept: 5900, refunded: refund, currency: "GBP" });
    } finally {
      api.t.clock.set(MONDAY_9AM_LONDON);
    }
  });

  it("documents the quote and the fee kept in the OpenAPI document", () => {
    const text = JSON.stringify(openApiDocument(apiRoutes));
    for (const field of ["cancellation_quote", "fee_kept", "change_window", "can_cancel_online", "can_change_date_online"]) expect(text).toContain(field);
  });
});
