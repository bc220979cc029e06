CREATE TABLE "login_lockouts" (
	"subject" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"forget_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_lockouts_forget_idx" ON "login_lockouts" USING btree ("forget_at");