CREATE TABLE IF NOT EXISTS "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sbc_solutions" ADD COLUMN IF NOT EXISTS "platform" text DEFAULT 'pc' NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "sbc_solutions_challenge";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sbc_solutions_challenge_platform" ON "sbc_solutions" USING btree ("challenge_id","platform");--> statement-breakpoint
ALTER TABLE "sbc_runs" ADD COLUMN IF NOT EXISTS "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;
