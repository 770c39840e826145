ALTER TABLE "booking_legs" DROP CONSTRAINT "booking_legs_seats_positive";--> statement-breakpoint
ALTER TABLE "booking_legs" DROP CONSTRAINT "booking_legs_leg_known";--> statement-breakpoint
DROP INDEX "tickets_one_per_passenger_leg";--> statement-breakpoint
ALTER TABLE "booking_legs" ADD COLUMN "segment" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_legs" DROP CONSTRAINT "booking_legs_booking_id_leg_pk";--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_booking_id_leg_segment_pk" PRIMARY KEY("booking_id","leg","segment");--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "ticket_numbers" varchar(16)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "account_number" varchar(34);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "segment" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rescheduled_from" varchar(16);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "counter_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_rescheduled_from_tickets_ticket_number_fk" FOREIGN KEY ("rescheduled_from") REFERENCES "public"."tickets"("ticket_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_per_passenger_segment" ON "tickets" USING btree ("booking_id","position","leg","segment");--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_seats_counted" CHECK ("booking_legs"."seats" >= 0);--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_leg_known" CHECK ("booking_legs"."leg" in (0, 1) and "booking_legs"."segment" >= 0);