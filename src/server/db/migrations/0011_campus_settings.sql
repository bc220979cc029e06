CREATE TABLE "campus_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"school" text NOT NULL,
	"campus_name" text DEFAULT '' NOT NULL,
	"map_overview" text,
	"map_overview_png" text,
	"map_medium" text,
	"map_large" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campus_settings_single_row" CHECK ("campus_settings"."id" = 1),
	CONSTRAINT "campus_settings_map_whole" CHECK (("campus_settings"."map_overview" is null) = ("campus_settings"."map_overview_png" is null) and ("campus_settings"."map_overview" is null) = ("campus_settings"."map_medium" is null) and ("campus_settings"."map_overview" is null) = ("campus_settings"."map_large" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" in ('place.create', 'place.update', 'party.create', 'party.update', 'party.cancel', 'verification.approve', 'verification.reject', 'report.resolve', 'points.grant', 'participation.check_in', 'demo.create', 'operator.create', 'operator.disable', 'operator.enable', 'campus.update', 'campus.map'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type" CHECK ("audit_log"."target_type" in ('place', 'party', 'user', 'report', 'participation', 'operator', 'campus'));