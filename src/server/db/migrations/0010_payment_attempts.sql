ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "seat_windows" DROP CONSTRAINT "seat_windows_sailing_id_sailings_id_fk";
--> statement-breakpoint
DROP INDEX "payments_one_pending_per_booking";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "status" SET DEFAULT 'creating';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" in ('creating', 'pending');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_issued_has_number" CHECK ("payments"."status" in ('creating', 'failed') or "payments"."account_number" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('creating', 'pending', 'paid', 'expired', 'failed'));