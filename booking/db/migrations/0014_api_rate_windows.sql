CREATE TABLE "api_rate_windows" (
	"key_id" text NOT NULL,
	"rate_class" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_rate_windows_key_id_rate_class_window_start_pk" PRIMARY KEY("key_id","rate_class","window_start")
);
--> statement-breakpoint
CREATE INDEX "api_rate_windows_start_idx" ON "api_rate_windows" USING btree ("window_start");