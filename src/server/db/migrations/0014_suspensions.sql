CREATE TABLE "suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone,
	"refund_in_full" boolean DEFAULT false NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "suspensions_reason_length" CHECK (char_length("suspensions"."reason") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspensions_user_idx" ON "suspensions" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('place.create', 'place.update', 'party.create', 'party.update', 'party.cancel', 'verification.approve', 'verification.reject', 'report.resolve', 'points.grant', 'participation.check_in', 'demo.create', 'operator.create', 'operator.disable', 'operator.enable', 'campus.update', 'campus.map', 'privacy.publish', 'password_reset.issue', 'user.suspend', 'user.unsuspend'));