ALTER TABLE "snipe_log_entries" ADD COLUMN IF NOT EXISTS "item_id" bigint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "snipe_log_entries_account_item" ON "snipe_log_entries" USING btree ("account_id","item_id") WHERE item_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "snipe_sessions" ADD COLUMN IF NOT EXISTS "agent_lost" boolean DEFAULT false NOT NULL;
