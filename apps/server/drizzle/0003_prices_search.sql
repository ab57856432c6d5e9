ALTER TABLE "player_name_tokens" ADD COLUMN "rating" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_name_tokens" ADD COLUMN "rarity_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "player_name_tokens" SET "rating" = c."rating", "rarity_id" = c."rarity_id" FROM "player_cards" c WHERE c."definition_id" = "player_name_tokens"."definition_id";
