CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('place.create', 'place.update', 'party.create', 'party.update', 'party.cancel', 'verification.approve', 'verification.reject', 'report.resolve', 'points.grant', 'participation.check_in', 'demo.create')),
	CONSTRAINT "audit_log_target_type" CHECK ("audit_log"."target_type" in ('place', 'party', 'user', 'report', 'participation'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_status" text DEFAULT 'unsubmitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_hash_key" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_key" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_verification_queue_idx" ON "users" USING btree ("verification_status","card_submitted_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verification_status" CHECK ("users"."verification_status" in ('unsubmitted', 'pending', 'approved', 'rejected'));--> statement-breakpoint
-- Accounts made before verification existed: a card on file waits for an operator, like a new signup's; an account
-- without one (Kakao, not finished) stays unsubmitted.
UPDATE "users" SET "verification_status" = 'pending', "card_submitted_at" = "created_at" WHERE "student_card_path" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- The audit log is append-only: history cannot be rewritten, not even by a bug of ours.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_rewrite" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
