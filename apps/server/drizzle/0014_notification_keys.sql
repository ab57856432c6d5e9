ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "notice_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_one_unread_per_key" ON "notifications" USING btree ("user_id","notice_key") WHERE notice_key IS NOT NULL AND NOT is_read;
