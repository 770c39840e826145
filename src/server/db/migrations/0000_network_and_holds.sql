CREATE TABLE "booking_sailings" (
	"booking_id" uuid NOT NULL,
	"sailing_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "booking_sailings_booking_id_sailing_id_pk" PRIMARY KEY("booking_id","sailing_id"),
	CONSTRAINT "booking_sailings_seats_positive" CHECK ("booking_sailings"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" char(6) NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_code_unique" UNIQUE("code"),
	CONSTRAINT "bookings_status_known" CHECK ("bookings"."status" in ('held', 'awaiting_payment', 'paid', 'expired')),
	CONSTRAINT "bookings_hold_expires" CHECK ("bookings"."status" not in ('held', 'awaiting_payment') or "bookings"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "fares" (
	"route_id" varchar(7) NOT NULL,
	"operator_code" varchar(4) NOT NULL,
	"adult" integer NOT NULL,
	"child" integer NOT NULL,
	"infant" integer NOT NULL,
	CONSTRAINT "fares_route_id_operator_code_pk" PRIMARY KEY("route_id","operator_code"),
	CONSTRAINT "fares_not_negative" CHECK ("fares"."adult" >= 0 and "fares"."child" >= 0 and "fares"."infant" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"code" varchar(4) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"transaction_fee" integer NOT NULL,
	CONSTRAINT "payment_channels_fee_not_negative" CHECK ("payment_channels"."transaction_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" varchar(7) PRIMARY KEY NOT NULL,
	"from_terminal" char(3) NOT NULL,
	"to_terminal" char(3) NOT NULL,
	CONSTRAINT "routes_ends_unique" UNIQUE("from_terminal","to_terminal"),
	CONSTRAINT "routes_distinct_ends" CHECK ("routes"."from_terminal" <> "routes"."to_terminal")
);
--> statement-breakpoint
CREATE TABLE "sailings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route_id" varchar(7) NOT NULL,
	"operator_code" varchar(4) NOT NULL,
	"timetable_entry_id" text,
	"departs_at" timestamp with time zone NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "sailings_route_operator_departure_unique" UNIQUE("route_id","operator_code","departs_at"),
	CONSTRAINT "sailings_capacity_positive" CHECK ("sailings"."capacity" > 0),
	CONSTRAINT "sailings_arrives_after_departure" CHECK ("sailings"."arrives_at" > "sailings"."departs_at"),
	CONSTRAINT "sailings_status_known" CHECK ("sailings"."status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "terminal_charges" (
	"terminal_code" char(3) NOT NULL,
	"kind" text NOT NULL,
	"adult" integer NOT NULL,
	"child" integer NOT NULL,
	"infant" integer NOT NULL,
	CONSTRAINT "terminal_charges_terminal_code_kind_pk" PRIMARY KEY("terminal_code","kind"),
	CONSTRAINT "terminal_charges_kind_known" CHECK ("terminal_charges"."kind" in ('terminal_fee', 'surcharge')),
	CONSTRAINT "terminal_charges_not_negative" CHECK ("terminal_charges"."adult" >= 0 and "terminal_charges"."child" >= 0 and "terminal_charges"."infant" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"code" char(3) PRIMARY KEY NOT NULL,
	"country" char(2) NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"route_id" varchar(7) NOT NULL,
	"operator_code" varchar(4) NOT NULL,
	"departure_local" char(5) NOT NULL,
	"days" smallint[] NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "timetable_duration_positive" CHECK ("timetable_entries"."duration_minutes" > 0),
	CONSTRAINT "timetable_capacity_positive" CHECK ("timetable_entries"."capacity" > 0),
	CONSTRAINT "timetable_departure_clock" CHECK ("timetable_entries"."departure_local" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "booking_sailings" ADD CONSTRAINT "booking_sailings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sailings" ADD CONSTRAINT "booking_sailings_sailing_id_sailings_id_fk" FOREIGN KEY ("sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_operator_code_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_from_terminal_terminals_code_fk" FOREIGN KEY ("from_terminal") REFERENCES "public"."terminals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_to_terminal_terminals_code_fk" FOREIGN KEY ("to_terminal") REFERENCES "public"."terminals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailings" ADD CONSTRAINT "sailings_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailings" ADD CONSTRAINT "sailings_operator_code_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailings" ADD CONSTRAINT "sailings_timetable_entry_id_timetable_entries_id_fk" FOREIGN KEY ("timetable_entry_id") REFERENCES "public"."timetable_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_charges" ADD CONSTRAINT "terminal_charges_terminal_code_terminals_code_fk" FOREIGN KEY ("terminal_code") REFERENCES "public"."terminals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_operator_code_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_sailings_sailing_idx" ON "booking_sailings" USING btree ("sailing_id");--> statement-breakpoint
CREATE INDEX "bookings_status_expires_idx" ON "bookings" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sailings_route_departure_idx" ON "sailings" USING btree ("route_id","departs_at");