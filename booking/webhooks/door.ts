/** `engine.webhooks` (webhooks/): deliveries to partners' endpoints, listed and redelivered for operations (issue 23 item 7, ADR 180, ADR 181). */
import { read, write } from "../door";
import * as deliveries from "./deliveries";

export const webhooksDoor = {
  /** Deliveries newest first, by carrier, endpoint and state: what operations read (docs/operations.md). */
  listDeliveries: read(
    ({ ctx }) =>
      async (input?: Parameters<typeof deliveries.listWebhookDeliveries>[1]) =>
        deliveries.listWebhookDeliveries(ctx.db, input),
  ),
  /** A dead delivery is tried again now, with the same event id and body; the worker is nudged. */
  redeliver: write(({ ctx, sends }) => sends(async (input: { id: unknown; carrierCode?: string | null }) => deliveries.redeliverWebhook(ctx.db, ctx.clock.now(), input))),
};
