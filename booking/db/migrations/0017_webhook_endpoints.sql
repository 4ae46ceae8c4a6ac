CREATE TABLE "webhook_endpoints" (
	"carrier_code" text NOT NULL,
	"id" text NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delivery_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_carrier_code_id_pk" PRIMARY KEY("carrier_code","id")
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_carrier_idx" ON "webhook_endpoints" USING btree ("carrier_code");