-- When an account's coin balance was last read from the game (docs/decisions/web.md): until then the
-- row's 0 is no balance and the dashboard shows '—'. An account with a balance or a club name was read.
ALTER TABLE "accounts" ADD COLUMN IF NOT EXISTS "coins_read_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "accounts" SET "coins_read_at" = "updated_at" WHERE "coins_read_at" IS NULL AND ("coins" <> 0 OR "username" <> '');
