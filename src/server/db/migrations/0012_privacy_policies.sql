CREATE TABLE "privacy_policies" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"effective_date" date NOT NULL,
	"published_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_policy_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_privacy_policy_version_privacy_policies_version_fk" FOREIGN KEY ("privacy_policy_version") REFERENCES "public"."privacy_policies"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('place.create', 'place.update', 'party.create', 'party.update', 'party.cancel', 'verification.approve', 'verification.reject', 'report.resolve', 'points.grant', 'participation.check_in', 'demo.create', 'operator.create', 'operator.disable', 'operator.enable', 'campus.update', 'campus.map', 'privacy.publish'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type" CHECK ("audit_log"."target_type" in ('place', 'party', 'user', 'report', 'participation', 'operator', 'campus', 'privacy_policy'));