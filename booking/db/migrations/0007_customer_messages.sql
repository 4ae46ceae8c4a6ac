ALTER TABLE "bookings" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "site_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD COLUMN "payload" jsonb;