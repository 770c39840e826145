ALTER TABLE "account_mails" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "payment_anomalies" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "request_id" text;