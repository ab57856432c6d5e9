ALTER TABLE "snipe_sessions" ADD COLUMN IF NOT EXISTS "reconciled_at" timestamp with time zone;
