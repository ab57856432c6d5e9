CREATE TABLE IF NOT EXISTS "sbc_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"game_challenge_id" integer,
	"name" text NOT NULL,
	"image_id" text NOT NULL,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"formation" text,
	"requirements" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sbc_challenges_parent" ON "sbc_challenges" USING btree ("parent_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sbc_solutions" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"cost" integer NOT NULL,
	"players" jsonb NOT NULL,
	"proof" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sbc_solutions" ADD CONSTRAINT "sbc_solutions_challenge_id_sbc_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."sbc_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sbc_solutions_challenge" ON "sbc_solutions" USING btree ("challenge_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sbc_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"solution_ids" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"costs" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"last_seq" integer DEFAULT -1 NOT NULL,
	"agent_id" text,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sbc_runs" ADD CONSTRAINT "sbc_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sbc_runs" ADD CONSTRAINT "sbc_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sbc_runs_user" ON "sbc_runs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sbc_runs_running_account" ON "sbc_runs" USING btree ("account_id") WHERE status = 'running';
