ALTER TABLE "users" ADD COLUMN "previous_card_path" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_card_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_card_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_card_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_card_decided_at" timestamp with time zone;