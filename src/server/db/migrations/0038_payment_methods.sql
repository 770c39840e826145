CREATE TABLE "sandbox_checkouts" (
	"id" varchar(96) PRIMARY KEY NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"return_url" text,
	"qr_string" text,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"payment_id" varchar(128),
	"paid_amount" bigint,
	"paid_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	CONSTRAINT "sandbox_checkouts_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "sandbox_checkouts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" varchar(96) PRIMARY KEY NOT NULL,
	"reference_id" varchar(64) NOT NULL,
	"payment_id" varchar(128) NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_reference_id_unique" UNIQUE("reference_id")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pending_has_number";--> statement-breakpoint
DROP INDEX "payments_va_to_close_idx";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "bank" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
UPDATE "payments" SET "method" = "bank";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "method" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "qr_string" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "path" text DEFAULT 'bank_transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_state" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
CREATE INDEX "refunds_to_request_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."gateway_state" = 'to_request';--> statement-breakpoint
CREATE INDEX "payments_va_to_close_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."va_closed_at" is null and "payments"."gateway_account_id" is not null and "payments"."status" in ('expired', 'failed', 'replaced');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_of_va" CHECK (("payments"."method" in ('card', 'qris')) = ("payments"."bank" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('creating', 'pending', 'paid', 'expired', 'failed', 'replaced'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pending_has_number" CHECK ("payments"."status" <> 'pending' or coalesce("payments"."account_number", "payments"."checkout_url", "payments"."qr_string") is not null);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gateway_has_payment" CHECK ("refunds"."path" <> 'gateway' or "refunds"."receipt_id" is not null);