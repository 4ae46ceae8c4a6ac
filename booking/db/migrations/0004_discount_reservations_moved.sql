ALTER TABLE "discount_codes" DROP COLUMN "reserved_by_booking_id";--> statement-breakpoint
ALTER TABLE "discount_codes" DROP COLUMN "reserved_until";