CREATE TABLE "boarding_marks" (
	"nonce" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"ticket_number" varchar(16) NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "boarding_marks_outcome_known" CHECK ("boarding_marks"."outcome" in ('boarded', 'already_boarded', 'not_boardable'))
);
--> statement-breakpoint
CREATE TABLE "gate_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"added_by" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_up_id" text,
	"set_up_expires_at" timestamp with time zone,
	"token_hash" text,
	"enrolled_at" timestamp with time zone,
	"enrolled_by" uuid,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "gate_devices_set_up_id_unique" UNIQUE("set_up_id"),
	CONSTRAINT "gate_devices_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "gate_devices_code_expires" CHECK (("gate_devices"."set_up_id" is null) = ("gate_devices"."set_up_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_known";--> statement-breakpoint
ALTER TABLE "boarding_marks" ADD CONSTRAINT "boarding_marks_device_id_gate_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gate_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boarding_marks" ADD CONSTRAINT "boarding_marks_ticket_number_tickets_ticket_number_fk" FOREIGN KEY ("ticket_number") REFERENCES "public"."tickets"("ticket_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD CONSTRAINT "gate_devices_added_by_staff_members_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD CONSTRAINT "gate_devices_enrolled_by_staff_members_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boarding_marks_ticket_idx" ON "boarding_marks" USING btree ("ticket_number");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_known" CHECK ("audit_log"."actor_kind" in ('staff', 'traveller', 'system', 'gateway', 'device'));