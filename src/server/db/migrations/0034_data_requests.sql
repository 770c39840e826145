CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"details" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	"outcome" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	CONSTRAINT "data_requests_email_lower" CHECK ("data_requests"."email" = lower("data_requests"."email")),
	CONSTRAINT "data_requests_outcome_known" CHECK ("data_requests"."outcome" is null or "data_requests"."outcome" in ('done', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "data_requests_open_idx" ON "data_requests" USING btree ("due_at") WHERE "data_requests"."outcome" is null;