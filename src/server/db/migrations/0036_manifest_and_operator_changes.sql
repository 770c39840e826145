CREATE TABLE "superseded_boarding_passes" (
	"ticket_number" varchar(16) NOT NULL,
	"departure" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "superseded_boarding_passes_ticket_number_departure_pk" PRIMARY KEY("ticket_number","departure")
);
--> statement-breakpoint
ALTER TABLE "saved_passengers" ADD COLUMN "nationality" char(2);--> statement-breakpoint
ALTER TABLE "saved_passengers" ADD COLUMN "sex" char(1);--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "nationality" char(2);--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD COLUMN "sex" char(1);--> statement-breakpoint
ALTER TABLE "sailings" ADD COLUMN "scheduled_departs_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sailings" ADD COLUMN "notice_en" text;--> statement-breakpoint
ALTER TABLE "sailings" ADD COLUMN "notice_id" text;--> statement-breakpoint
ALTER TABLE "superseded_boarding_passes" ADD CONSTRAINT "superseded_boarding_passes_ticket_number_tickets_ticket_number_fk" FOREIGN KEY ("ticket_number") REFERENCES "public"."tickets"("ticket_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_passengers" ADD CONSTRAINT "saved_passengers_sex_known" CHECK ("saved_passengers"."sex" in ('F', 'M', 'X'));--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_sex_known" CHECK ("booking_passengers"."sex" in ('F', 'M', 'X'));