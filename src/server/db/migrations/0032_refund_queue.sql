ALTER TABLE "refunds" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure" text;--> statement-breakpoint
CREATE INDEX "booking_passengers_passport_idx" ON "booking_passengers" USING btree (upper("passport_number"));