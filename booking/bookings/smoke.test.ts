import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestEngine, newCarrier, readyBooking, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => { t = await createTestEngine(); });
afterAll(async () => { await t?.close(); });

it("smoke", async () => {
  const carrier = await newCarrier(t);
  const { ref, state } = await readyBooking(t, carrier);
  console.log(JSON.stringify(state, null, 1).slice(0, 3000));
  const done = await t.engine.charge(carrier, ref, { currency: "GBP", token: "fake-valid-nonce" });
  expect(done.checkout_status).toBe("SUCCESS");
  const order = await t.engine.lookupOrder(carrier, { order_ref: String(done.order_id), email: "ada@example.com" });
  console.log(JSON.stringify(order, null, 1));
});
