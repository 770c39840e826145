CREATE TABLE "seat_windows" (
	"sailing_id" uuid NOT NULL,
	"counts_until" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "seat_windows_sailing_id_counts_until_pk" PRIMARY KEY("sailing_id","counts_until")
);
--> statement-breakpoint
ALTER TABLE "seat_windows" ADD CONSTRAINT "seat_windows_sailing_id_sailings_id_fk" FOREIGN KEY ("sailing_id") REFERENCES "public"."sailings"("id") ON DELETE no action ON UPDATE no action;