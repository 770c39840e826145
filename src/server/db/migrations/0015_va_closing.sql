CREATE TABLE "sandbox_virtual_accounts" (
	"id" varchar(96) PRIMARY KEY NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"bank" text NOT NULL,
	"account_number" varchar(32) NOT NULL,
	"biller_code" varchar(8),
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"payment_id" varchar(128),
	"paid_amount" bigint,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_virtual_accounts_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "sandbox_virtual_accounts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "va_closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_virtual_accounts_number_idx" ON "sandbox_virtual_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "payments_va_to_close_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."va_closed_at" is null and "payments"."gateway_account_id" is not null and "payments"."status" in ('expired', 'failed');--> statement-breakpoint
-- VAs of attempts that ended before this column existed expired at the gateway on their own deadline.
UPDATE "payments" SET "va_closed_at" = "expires_at" WHERE "status" in ('expired', 'failed') AND "expires_at" <= now();--> statement-breakpoint
-- The sandbox's books start with the VAs it issued before it kept them.
INSERT INTO "sandbox_virtual_accounts" ("id", "external_id", "bank", "account_number", "biller_code", "amount", "expires_at", "payment_id", "paid_amount", "paid_at")
SELECT p."gateway_account_id", p."external_id", p."bank", p."account_number", p."biller_code", p."amount", p."expires_at", r."gateway_payment_id", r."amount", r."paid_at"
FROM "payments" p
LEFT JOIN LATERAL (SELECT "gateway_payment_id", "amount", "paid_at" FROM "payment_receipts" WHERE "payment_id" = p."id" ORDER BY "paid_at" LIMIT 1) r ON true
WHERE p."gateway" = 'sandbox' AND p."account_number" IS NOT NULL AND p."gateway_account_id" IS NOT NULL
ON CONFLICT DO NOTHING;
