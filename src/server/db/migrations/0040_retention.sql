ALTER TABLE "booking_passengers" ALTER COLUMN "passport_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "passport_issued" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "passport_expiry" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "passport_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_passengers_passport_kept_idx" ON "booking_passengers" USING btree ("booking_id") WHERE "booking_passengers"."passport_number" is not null;