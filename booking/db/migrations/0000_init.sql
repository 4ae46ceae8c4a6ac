CREATE SEQUENCE "public"."order_ref_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"model_version_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	"colour_code" text,
	"problem_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"triage_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"appliance_model_code" text,
	"customer_reference" text,
	"imei" text,
	"proof_file_key" text,
	"proof_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"reference" text NOT NULL,
	"token_hash" text NOT NULL,
	"checkout_status" text DEFAULT 'PENDING' NOT NULL,
	"referrer" text,
	"channel" text,
	"lucid_ref" text,
	"is_business_account" boolean DEFAULT false NOT NULL,
	"repair_type" text,
	"postcode" text,
	"area_code" text,
	"address" jsonb,
	"store_code" text,
	"store_ignored" boolean DEFAULT false NOT NULL,
	"drop_off_store_id" bigint,
	"is_mail_in_repair" boolean DEFAULT false NOT NULL,
	"date" date,
	"in_warranty" boolean,
	"purchase_date" date,
	"warranty_imei" text,
	"email" text,
	"email_consent" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"billing_first_name" text,
	"billing_last_name" text,
	"billing_address" jsonb,
	"discount_code" text,
	"payment_method" text,
	"paid_via_credit" boolean DEFAULT false NOT NULL,
	"order_ref" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "capacity_days" (
	"carrier_code" text NOT NULL,
	"area_code" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_days_carrier_code_area_code_day_pk" PRIMARY KEY("carrier_code","area_code","day")
);
--> statement-breakpoint
CREATE TABLE "capacity_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"area_code" text NOT NULL,
	"day" date NOT NULL,
	"booking_id" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_prices" (
	"carrier_code" text NOT NULL,
	"model_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	"price" integer NOT NULL,
	"non_sale_price" integer,
	CONSTRAINT "carrier_prices_carrier_code_model_id_problem_id_pk" PRIMARY KEY("carrier_code","model_id","problem_id")
);
--> statement-breakpoint
CREATE TABLE "carrier_rosters" (
	"carrier_code" text PRIMARY KEY NOT NULL,
	"working_weekdays" jsonb NOT NULL,
	"slots_per_technician_per_day" integer NOT NULL,
	"first_timeslot" text NOT NULL,
	"timeslot_minutes" integer NOT NULL,
	"timeslot_interval_minutes" integer NOT NULL,
	"same_day_booking_until" text,
	"closed_dates" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_seeds" (
	"carrier_code" text PRIMARY KEY NOT NULL,
	"source_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_info" (
	"id" integer PRIMARY KEY NOT NULL,
	"source_hash" text NOT NULL,
	"sale_title" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_prices" (
	"model_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"non_sale_price" integer,
	CONSTRAINT "catalogue_prices_model_id_problem_id_currency_pk" PRIMARY KEY("model_id","problem_id","currency")
);
--> statement-breakpoint
CREATE TABLE "date_change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"job_id" bigint NOT NULL,
	"user_id" text,
	"original_date" date NOT NULL,
	"new_date" date NOT NULL,
	"reason" text NOT NULL,
	"original_technician" text NOT NULL,
	"new_technician" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	CONSTRAINT "device_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"carrier_code" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"single_use" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_order_ref" bigint,
	"reserved_by_booking_id" bigint,
	"reserved_until" timestamp with time zone,
	CONSTRAINT "discount_codes_carrier_code_code_pk" PRIMARY KEY("carrier_code","code")
);
--> statement-breakpoint
CREATE TABLE "extras" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"device_types" jsonb NOT NULL,
	"prices" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "extras_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"order_id" bigint NOT NULL,
	"technician_id" text NOT NULL,
	"date" date NOT NULL,
	"slot" text NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "makes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "model_colours" (
	"model_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"hex" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "model_colours_model_id_code_pk" PRIMARY KEY("model_id","code")
);
--> statement-breakpoint
CREATE TABLE "model_makes" (
	"model_id" integer NOT NULL,
	"make_id" integer NOT NULL,
	CONSTRAINT "model_makes_make_id_model_id_pk" PRIMARY KEY("make_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "model_problems" (
	"model_id" integer NOT NULL,
	"problem_id" integer NOT NULL,
	CONSTRAINT "model_problems_model_id_problem_id_pk" PRIMARY KEY("model_id","problem_id")
);
--> statement-breakpoint
CREATE TABLE "model_versions" (
	"id" integer PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_gb" integer,
	"full_model_code" text,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"type_id" integer NOT NULL,
	"device_type" text NOT NULL,
	"priority" integer NOT NULL,
	"release_year" integer,
	"battery_required_for_screen_repair" boolean NOT NULL,
	"image_path" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "models_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"order_ref" bigint NOT NULL,
	"booking_id" bigint NOT NULL,
	"status" text DEFAULT 'BOOKED' NOT NULL,
	"email" text NOT NULL,
	"area_code" text NOT NULL,
	"date" date NOT NULL,
	"technician_id" text NOT NULL,
	"slot" text NOT NULL,
	"address" jsonb NOT NULL,
	"currency" text NOT NULL,
	"full_price_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"discount_code" text,
	"payment_type" text,
	"paid_via_credit" boolean DEFAULT false NOT NULL,
	"transaction_id" text,
	"refund_status" text,
	"refund_id" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cart" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempt" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_type" text NOT NULL,
	"paid_via_credit" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"transaction_id" text,
	"failure_kind" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"key" text PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"symptoms" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "problems_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"carrier_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"postcode_prefixes" jsonb NOT NULL,
	"centre_latitude" double precision NOT NULL,
	"centre_longitude" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_areas_carrier_code_code_pk" PRIMARY KEY("carrier_code","code")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"line_1" text DEFAULT '' NOT NULL,
	"line_2" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"drop_off_available" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"carrier_code" text NOT NULL,
	"id" text NOT NULL,
	"area_code" text NOT NULL,
	"name" text NOT NULL,
	"van_registration" text NOT NULL,
	"base_latitude" double precision NOT NULL,
	"base_longitude" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "technicians_carrier_code_id_pk" PRIMARY KEY("carrier_code","id")
);
--> statement-breakpoint
CREATE TABLE "triage_question_models" (
	"question_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "triage_question_models_model_id_question_id_pk" PRIMARY KEY("model_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "triage_questions" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"question" jsonb NOT NULL,
	"required" boolean NOT NULL,
	"options" jsonb NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "triage_questions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "booking_devices_key_idx" ON "booking_devices" USING btree ("booking_id","key");--> statement-breakpoint
CREATE INDEX "booking_devices_carrier_idx" ON "booking_devices" USING btree ("carrier_code","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_token_idx" ON "bookings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bookings_carrier_idx" ON "bookings" USING btree ("carrier_code","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_holds_booking_idx" ON "capacity_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "capacity_holds_day_idx" ON "capacity_holds" USING btree ("carrier_code","area_code","day");--> statement-breakpoint
CREATE INDEX "date_change_log_job_idx" ON "date_change_log" USING btree ("carrier_code","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_order_idx" ON "jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "jobs_technician_day_idx" ON "jobs" USING btree ("carrier_code","technician_id","date");--> statement-breakpoint
CREATE INDEX "model_versions_model_idx" ON "model_versions" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "models_type_priority_idx" ON "models" USING btree ("type_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ref_idx" ON "orders" USING btree ("order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_booking_idx" ON "orders" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "orders_carrier_day_idx" ON "orders" USING btree ("carrier_code","area_code","date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_key_idx" ON "payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_attempts_booking_idx" ON "payment_attempts" USING btree ("carrier_code","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_carrier_code_idx" ON "stores" USING btree ("carrier_code","code");--> statement-breakpoint
CREATE INDEX "technicians_area_idx" ON "technicians" USING btree ("carrier_code","area_code");