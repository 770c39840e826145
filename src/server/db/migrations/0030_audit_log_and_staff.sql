CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"booking_id" varchar(24),
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_actor_known" CHECK ("audit_log"."actor_kind" in ('staff', 'traveller', 'system', 'gateway')),
	CONSTRAINT "audit_log_action_dotted" CHECK ("audit_log"."action" ~ '^[a-z_]+[.][a-z_]+$')
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint,
	"set_up_id" text,
	"set_up_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "staff_members_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_members_set_up_id_unique" UNIQUE("set_up_id"),
	CONSTRAINT "staff_members_email_lower" CHECK ("staff_members"."email" = lower("staff_members"."email")),
	CONSTRAINT "staff_members_role_known" CHECK ("staff_members"."role" in ('agent', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"staff_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_recovery_codes_staff_id_code_hash_pk" PRIMARY KEY("staff_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"enrol_seed" text,
	"failures" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_sessions_stage_known" CHECK ("staff_sessions"."stage" in ('password', 'signed_in'))
);
--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_booking_idx" ON "audit_log" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
-- The audit log is append-only: rows are written, never changed or removed, whoever asks (the app, a script, psql).
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
