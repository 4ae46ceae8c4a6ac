/** The devices of an order: IMEI per device and proof of purchase (spec §4). */
import * as s from "../db/schema";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/open";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { FIELD_MESSAGES, OrderCancelledError, OrderNotFoundError, OrderRefundedError, ValidationError } from "../domain/errors";
import { checkDeviceIdentifier, identifierKind } from "../domain/identifiers";
import { MAX_PROOF_BYTES } from "../domain/image-sniff";
import { normaliseProofImage } from "../images/proof-image";
import { id, plainText } from "../domain/inputs";
import { parseInput } from "../domain/validate";
import { CUSTOMER, recordOrderEvent, type OrderActor } from "../records/history";
import { type OrderDeviceView, lookupOrder } from "./lookup";
import { acknowledge } from "./notices";
import { isFullyRefunded } from "./rules";

const deviceLookupInput = z.object({
  device_id: id,
  /** The order's e-mail; null only where a partner's key of the carrier vouches (ADR 267). */
  email: plainText({ error: "Your email address is missing" }).trim().min(1, "Your email address is missing").toLowerCase().nullable(),
});

async function findOrderDevice(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof deviceLookupInput>) {
  const { device_id, email } = parseInput(deviceLookupInput, input);
  const [found] = await db
    .select({ device: s.bookingDevices, order: s.orders, kind: s.models.deviceType })
    .from(s.bookingDevices)
    .innerJoin(s.orders, and(eq(s.orders.carrierCode, s.bookingDevices.carrierCode), eq(s.orders.bookingId, s.bookingDevices.bookingId)))
    .innerJoin(s.modelVersions, eq(s.modelVersions.id, s.bookingDevices.modelVersionId))
    .innerJoin(s.models, eq(s.models.id, s.modelVersions.modelId))
    .where(and(eq(s.bookingDevices.carrierCode, carrier.code), eq(s.bookingDevices.id, device_id)));
  if (!found || (email !== null && found.order.email.toLowerCase() !== email)) throw new OrderNotFoundError();
  if (found.order.status === "CANCELLED") throw new OrderCancelledError();
  if (isFullyRefunded(found.order)) throw new OrderRefundedError();
  return found;
}

const imeiInput = deviceLookupInput.extend({ imei: plainText({ error: "Please enter your IMEI number." }), customer_update: z.boolean().optional() });

/** Spec §7 POST /orders/devices/{id}/imei: IMEI for phones, serial number for tablets of the single make. */
export async function setOrderDeviceImei(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof imeiInput>, actor: OrderActor = CUSTOMER): Promise<OrderDeviceView> {
  const data = parseInput(imeiInput, input);
  const found = await findOrderDevice(ctx.db, carrier, data);
  const value = checkDeviceIdentifier(carrier, { kind: found.kind, makeId: found.device.makeId }, data.imei);
  await ctx.db.transaction(async (tx) => {
    await tx.update(s.bookingDevices).set({ imei: value }).where(eq(s.bookingDevices.id, found.device.id));
    // The same number entered again is one message.
    await acknowledge(tx, carrier, found.order, "imei-accepted", `${found.device.id}:${value}`, ctx.clock.now());
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: found.order.id,
      orderRef: found.order.orderRef,
      kind: "imei_added",
      actor,
      key: `imei:${found.device.id}:${value}`,
      at: ctx.clock.now(),
      details: { device_id: found.device.id, identifier: identifierKind(found.kind) },
    });
  });
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: found.order.email });
  return view.devices.find((d) => d.id === found.device.id)!;
}

export const PROOF_FORMAT_MESSAGE = FIELD_MESSAGES.PROOF_FORMAT;
export const PROOF_SIZE_MESSAGE = FIELD_MESSAGES.PROOF_TOO_LARGE;

const proofInput = deviceLookupInput.extend({ bytes: z.instanceof(Uint8Array, { error: FIELD_MESSAGES.PROOF_MISSING }) });

/**
 * Spec §7 POST /orders/devices/{id}/validation-images: the proof of purchase, checked by its size and
 * whole content (a JPEG or PNG that decodes, never by its name), stored re-encoded through the
 * FileStorage port (ADR 056).
 */
export async function uploadProofOfPurchase(
  ctx: EngineContext,
  carrier: CarrierContext,
  input: z.input<typeof proofInput>,
  actor: OrderActor = CUSTOMER,
): Promise<OrderDeviceView> {
  const data = parseInput(proofInput, input);
  if (data.bytes.byteLength > MAX_PROOF_BYTES) throw new ValidationError({ image: ["PROOF_TOO_LARGE"] });
  // An empty file is no .jpg or .png either (spec §5's message).
  const image = await normaliseProofImage(data.bytes);
  if (!image) throw new ValidationError({ image: ["PROOF_FORMAT"] });
  const found = await findOrderDevice(ctx.db, carrier, data);
  const stored = await ctx.files.put({ carrierCode: carrier.code, name: `proof-${found.device.id}`, contentType: image.type, bytes: image.bytes });
  await ctx.db.transaction(async (tx) => {
    await tx.update(s.bookingDevices).set({ proofFileKey: stored.key, proofUploadedAt: ctx.clock.now() }).where(eq(s.bookingDevices.id, found.device.id));
    await acknowledge(tx, carrier, found.order, "proof-accepted", `${found.device.id}:${stored.key}`, ctx.clock.now());
    await recordOrderEvent(tx, {
      carrierCode: carrier.code,
      orderId: found.order.id,
      orderRef: found.order.orderRef,
      kind: "proof_uploaded",
      actor,
      key: `proof:${found.device.id}:${stored.key}`,
      at: ctx.clock.now(),
      details: { device_id: found.device.id },
    });
  });
  const view = await lookupOrder(ctx, carrier, { order_ref: String(found.order.orderRef), email: found.order.email });
  return view.devices.find((d) => d.id === found.device.id)!;
}
