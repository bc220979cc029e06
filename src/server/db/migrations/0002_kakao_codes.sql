CREATE TABLE "kakao_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"failed_status" integer,
	"failed_detail" text,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kakao_codes" ADD CONSTRAINT "kakao_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;