CREATE TABLE "booking_passengers" (
	"booking_id" varchar(24) NOT NULL,
	"position" smallint NOT NULL,
	"category" text NOT NULL,
	"full_name" text NOT NULL,
	"passport_number" varchar(20) NOT NULL,
	"passport_issued" date NOT NULL,
	"passport_expiry" date NOT NULL,
	"passport_country" char(2) NOT NULL,
	CONSTRAINT "booking_passengers_booking_id_position_pk" PRIMARY KEY("booking_id","position"),
	CONSTRAINT "booking_passengers_category_known" CHECK ("booking_passengers"."category" in ('adult', 'child', 'infant')),
	CONSTRAINT "booking_passengers_passport_dates" CHECK ("booking_passengers"."passport_expiry" > "booking_passengers"."passport_issued")
);
--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;