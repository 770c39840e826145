ALTER TABLE "account_mails" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_mails" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sent_mails_unsent_idx" ON "sent_mails" USING btree ("created_at") WHERE "sent_mails"."sent_at" is null;