CREATE TABLE "call_back_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"booking_reference" text,
	"model_version_id" integer,
	"postcode" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"reason_id" integer NOT NULL,
	"reason_title" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"captcha_provider" text NOT NULL,
	"captcha_score" double precision,
	"status" text DEFAULT 'NEW' NOT NULL,
	"reply_due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_back_requests_carrier_idx" ON "call_back_requests" USING btree ("carrier_code","status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_carrier_idx" ON "contact_messages" USING btree ("carrier_code","status","created_at");--> statement-breakpoint
CREATE INDEX "lookup_failures_key_idx" ON "lookup_failures" USING btree ("key_hash","created_at");--> statement-breakpoint
CREATE INDEX "lookup_failures_created_idx" ON "lookup_failures" USING btree ("created_at");