CREATE TABLE "job_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"job_id" bigint NOT NULL,
	"device_id" bigint DEFAULT 0 NOT NULL,
	"step" text NOT NULL,
	"data" jsonb NOT NULL,
	"staff_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "work_status" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "van_latitude" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "van_longitude" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "van_position_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "repair_record" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "repaired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "job_steps_step_idx" ON "job_steps" USING btree ("job_id","device_id","step");--> statement-breakpoint
CREATE INDEX "job_steps_carrier_idx" ON "job_steps" USING btree ("carrier_code","job_id");