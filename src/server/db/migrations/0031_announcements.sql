CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement" text NOT NULL,
	"route_id" text,
	"level" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"html_en" text DEFAULT '' NOT NULL,
	"html_id" text DEFAULT '' NOT NULL,
	"published" jsonb,
	"published_ends_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcements_published_with_its_end" CHECK (("announcements"."published" is null) = ("announcements"."published_ends_at" is null)),
	CONSTRAINT "announcements_ends_after_start" CHECK ("announcements"."ends_at" > "announcements"."starts_at"),
	CONSTRAINT "announcements_route_when_placed_on_one" CHECK (("announcements"."placement" = 'route') = ("announcements"."route_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_ends_at") WHERE "announcements"."published_ends_at" is not null;