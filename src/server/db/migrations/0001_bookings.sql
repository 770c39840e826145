-- The first seat-hold tables had no rows anywhere yet: replaced by bookings with 144-bit ids and booking legs.
DROP TABLE "booking_sailings" CASCADE;--> statement-breakpoint
DROP TABLE "bookings" CASCADE;--> statement-breakpoint
CREATE TABLE "booking_legs" (
	"booking_id" varchar(24) NOT NULL,
	"leg" smallint NOT NULL,
	"route_id" varchar(7) NOT NULL,
	"operator_code" varchar(4) NOT NULL,
	"sailing_id" uuid,
	"seats" integer NOT NULL,
	CONSTRAINT "booking_legs_booking_id_leg_pk" PRIMARY KEY("booking_id","leg"),
	CONSTRAINT "booking_legs_leg_known" CHECK ("booking_legs"."leg" in (0, 1)),
	CONSTRAINT "booking_legs_seats_positive" CHECK ("booking_legs"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"code" char(6) NOT NULL,
	"status" text NOT NULL,
	"trip" text NOT NULL,
	"locale" text NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"infants" smallint NOT NULL,
	"price" jsonb NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"user_id" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_code_unique" UNIQUE("code"),
	CONSTRAINT "bookings_status_known" CHECK ("bookings"."status" in ('held', 'awaiting_payment', 'paid', 'expired')),
	CONSTRAINT "bookings_hold_expires" CHECK ("bookings"."status" not in ('held', 'awaiting_payment') or "bookings"."expires_at" is not null),
	CONSTRAINT "bookings_party" CHECK ("bookings"."adults" between 1 and 9 and "bookings"."children" >= 0 and "bookings"."infants" between 0 and "bookings"."adults" and "bookings"."adults" + "bookings"."children" <= 9)
);
--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_operator_code_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_sailing_id_sailings_id_fk" FOREIGN KEY ("sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_legs_sailing_idx" ON "booking_legs" USING btree ("sailing_id");--> statement-breakpoint
CREATE INDEX "bookings_status_expires_idx" ON "bookings" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");