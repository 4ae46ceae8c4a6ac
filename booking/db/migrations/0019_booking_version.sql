ALTER TABLE "bookings" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- ADR 224: the booking's version, raised inside the writing transaction by every change of the booking,
-- its devices or its capacity hold (no write path sets it, none added later can forget it).
CREATE OR REPLACE FUNCTION "booking_version_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_version" BEFORE UPDATE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "booking_version_on_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_version_of_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "bookings" SET "version" = "version" + 1 WHERE "id" = NEW."booking_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "bookings" SET "version" = "version" + 1 WHERE "id" = OLD."booking_id";
  ELSE
    UPDATE "bookings" SET "version" = "version" + 1 WHERE "id" = OLD."booking_id" OR "id" = NEW."booking_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_devices_version" AFTER INSERT OR UPDATE OR DELETE ON "booking_devices" FOR EACH ROW EXECUTE FUNCTION "booking_version_of_part"();
--> statement-breakpoint
CREATE TRIGGER "capacity_holds_version" AFTER INSERT OR UPDATE OR DELETE ON "capacity_holds" FOR EACH ROW EXECUTE FUNCTION "booking_version_of_part"();
