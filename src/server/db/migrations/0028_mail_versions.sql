ALTER TABLE "account_mails" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_mails" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;