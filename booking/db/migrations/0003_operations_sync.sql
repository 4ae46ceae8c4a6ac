CREATE TABLE "carrier_offerings" (
	"carrier_code" text PRIMARY KEY NOT NULL,
	"excluded_makes" jsonb NOT NULL,
	"excluded_models" jsonb NOT NULL,
	"excluded_problems" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code_reservations" (
	"carrier_code" text NOT NULL,
	"code" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_code_reservations_carrier_code_code_booking_id_pk" PRIMARY KEY("carrier_code","code","booking_id")
);
--> statement-breakpoint
ALTER TABLE "carrier_seeds" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_info" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "used_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "discount_code_reservations_booking_idx" ON "discount_code_reservations" USING btree ("carrier_code","booking_id");--> statement-breakpoint
UPDATE "discount_codes" SET "usage_limit" = 1 WHERE "single_use" AND "usage_limit" IS NULL;--> statement-breakpoint
UPDATE "discount_codes" SET "used_count" = 1 WHERE "used_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "discount_code_reservations" ("carrier_code", "code", "booking_id", "reserved_until")
SELECT "carrier_code", "code", "reserved_by_booking_id", "reserved_until" FROM "discount_codes"
WHERE "reserved_by_booking_id" IS NOT NULL AND "reserved_until" IS NOT NULL;
