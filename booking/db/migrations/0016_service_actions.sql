CREATE TABLE "service_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"order_ref" bigint NOT NULL,
	"action" text NOT NULL,
	"staff_id" text NOT NULL,
	"staff_name" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "service_actions_request_idx" ON "service_actions" USING btree ("carrier_code","request_key");--> statement-breakpoint
CREATE INDEX "service_actions_order_idx" ON "service_actions" USING btree ("carrier_code","order_ref");