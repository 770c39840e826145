CREATE TABLE "booking_access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" varchar(24) NOT NULL,
	"nonce" varchar(43) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_access_codes" ADD CONSTRAINT "booking_access_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_access_codes_booking_idx" ON "booking_access_codes" USING btree ("booking_id");--> statement-breakpoint
-- Addresses proven before this column: every confirmed account not linked to Google (our link proved it), and
-- Gmail addresses. An account linked to Google for another provider's address is not counted proven, password or
-- not (nothing says whether our link or Google's word opened it): it proves the address with our link from My
-- account or its next Google sign-in, or a reset.
UPDATE "users" SET "address_proven_at" = "email_verified_at"
WHERE "email_verified_at" IS NOT NULL
  AND ("google_subject" IS NULL OR "email" LIKE '%@gmail.com' OR "email" LIKE '%@googlemail.com');
