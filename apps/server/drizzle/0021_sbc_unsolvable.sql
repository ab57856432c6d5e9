-- Why the market has no squad for a challenge, per platform (docs/decisions/sbc.md).
ALTER TABLE "sbc_challenges" ADD COLUMN IF NOT EXISTS "unsolvable" jsonb DEFAULT '{}'::jsonb NOT NULL;
