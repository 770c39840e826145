CREATE TABLE "saved_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"passport_number" varchar(20) NOT NULL,
	"passport_issued" date NOT NULL,
	"passport_expiry" date NOT NULL,
	"passport_country" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_passengers_passport_dates" CHECK ("saved_passengers"."passport_expiry" > "saved_passengers"."passport_issued")
);
--> statement-breakpoint
ALTER TABLE "saved_passengers" ADD CONSTRAINT "saved_passengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_passengers_user_idx" ON "saved_passengers" USING btree ("user_id");