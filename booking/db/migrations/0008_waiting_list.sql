CREATE TABLE "waiting_list" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"booking_reference" text NOT NULL,
	"area_code" text NOT NULL,
	"postcode" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"locale" text NOT NULL,
	"site_url" text NOT NULL,
	"carrier" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_day" date,
	"offered_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"offer_token_hash" text,
	"offer_used_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_booking_email_idx" ON "waiting_list" USING btree ("carrier_code","booking_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offer_token_idx" ON "waiting_list" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "waiting_list_queue_idx" ON "waiting_list" USING btree ("carrier_code","area_code","state","joined_at");--> statement-breakpoint
CREATE INDEX "waiting_list_hold_until_idx" ON "waiting_list" USING btree ("state","hold_until");