CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_ref" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_minor" integer,
	"event_key" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_key_idx" ON "order_events" USING btree ("carrier_code","order_id","event_key");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("carrier_code","order_ref","occurred_at");--> statement-breakpoint
-- ADR 247: the orders made before the history have theirs written from what their rows already say,
-- so every view reads one history for every order (the event keys are the ones the engine writes, so
-- nothing is recorded twice).
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT o."carrier_code", o."id", o."order_ref", 'booked', 'customer', NULL, NULL, jsonb_build_object('date', o."date", 'slot', o."slot"), NULL, 'booked', o."created_at"
FROM "orders" o;
--> statement-breakpoint
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT o."carrier_code", o."id", o."order_ref", 'paid', 'customer', NULL, NULL, jsonb_build_object('payment_type', o."payment_type", 'currency', o."currency"), o."total_minor", 'paid', o."created_at"
FROM "orders" o WHERE o."transaction_id" IS NOT NULL AND o."total_minor" > 0;
--> statement-breakpoint
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT l."carrier_code", j."order_id", o."order_ref", 'date_changed',
  CASE WHEN l."user_id" IS NULL THEN 'customer' ELSE 'staff' END, l."user_id",
  (SELECT a."staff_name" FROM "service_actions" a WHERE a."carrier_code" = l."carrier_code" AND a."staff_id" = l."user_id" ORDER BY a."id" DESC LIMIT 1),
  jsonb_build_object('from', l."original_date", 'to', l."new_date", 'reason', l."reason"), NULL, 'date-change:' || l."id", l."created_at"
FROM "date_change_log" l JOIN "jobs" j ON j."id" = l."job_id" JOIN "orders" o ON o."id" = j."order_id";
--> statement-breakpoint
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT j."carrier_code", j."order_id", o."order_ref", step.kind, 'staff', j."technician_id", t."name", '{}'::jsonb, NULL, 'job:' || step.kind, step.at
FROM "jobs" j JOIN "orders" o ON o."id" = j."order_id"
LEFT JOIN "technicians" t ON t."carrier_code" = j."carrier_code" AND t."id" = j."technician_id"
CROSS JOIN LATERAL (VALUES ('on_the_way', j."on_the_way_at"), ('arrived', j."started_at"), ('completed', j."completed_at")) AS step(kind, at)
WHERE step.at IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT o."carrier_code", o."id", o."order_ref", 'cancelled',
  CASE WHEN a."id" IS NULL THEN 'customer' ELSE 'staff' END, a."staff_id", a."staff_name",
  jsonb_build_object('keep_fee', COALESCE((a."details"->>'keep_fee')::boolean, false)), NULL, 'cancelled', o."cancelled_at"
FROM "orders" o
LEFT JOIN LATERAL (SELECT * FROM "service_actions" x WHERE x."carrier_code" = o."carrier_code" AND x."order_ref" = o."order_ref" AND x."action" = 'cancel' ORDER BY x."id" LIMIT 1) a ON true
WHERE o."status" = 'CANCELLED' AND o."cancelled_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT a."carrier_code", o."id", o."order_ref", 'refunded', 'staff', a."staff_id", a."staff_name", jsonb_build_object('reason', a."reason"), a."amount_minor", 'refund:' || a."id", a."updated_at"
FROM "service_actions" a JOIN "orders" o ON o."carrier_code" = a."carrier_code" AND o."order_ref" = a."order_ref"
WHERE a."action" = 'refund' AND a."state" = 'done';
--> statement-breakpoint
-- What a cancellation gave back: the refunded amount less the desk's own refunds.
INSERT INTO "order_events" ("carrier_code", "order_id", "order_ref", "kind", "actor_type", "actor_id", "actor_name", "details", "amount_minor", "event_key", "occurred_at")
SELECT o."carrier_code", o."id", o."order_ref", 'refunded', 'system', NULL, NULL, jsonb_build_object('cancellation', true), o."refunded_minor" - COALESCE(d.total, 0), 'cancel-refund', o."updated_at"
FROM "orders" o
LEFT JOIN LATERAL (SELECT SUM(x."amount_minor")::integer AS total FROM "service_actions" x WHERE x."carrier_code" = o."carrier_code" AND x."order_ref" = o."order_ref" AND x."action" = 'refund' AND x."state" = 'done') d ON true
WHERE o."status" = 'CANCELLED' AND o."refund_status" = 'REFUNDED' AND o."refunded_minor" - COALESCE(d.total, 0) > 0;
