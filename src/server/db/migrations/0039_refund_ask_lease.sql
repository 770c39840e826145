ALTER TABLE "refunds" ADD COLUMN "gateway_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "cancel_url" text;