CREATE TABLE IF NOT EXISTS "snipe_rehearsals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"filter_key" text NOT NULL,
	"filter_ids" jsonb NOT NULL,
	"span_minutes" integer NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"agent_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "snipe_rehearsals" ADD CONSTRAINT "snipe_rehearsals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "snipe_rehearsals_user_key_created" ON "snipe_rehearsals" USING btree ("user_id","filter_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "snipe_rehearsals_one_running" ON "snipe_rehearsals" USING btree ("user_id") WHERE status = 'running';
