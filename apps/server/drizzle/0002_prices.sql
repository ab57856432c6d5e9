CREATE TABLE "current_prices" (
	"definition_id" integer NOT NULL,
	"platform" text NOT NULL,
	"source" text NOT NULL,
	"price" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "current_prices_definition_id_platform_pk" PRIMARY KEY("definition_id","platform")
);
--> statement-breakpoint
CREATE TABLE "player_cards" (
	"definition_id" integer PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"rating" integer NOT NULL,
	"position" text NOT NULL,
	"rarity_id" integer NOT NULL,
	"is_sbc" boolean DEFAULT false NOT NULL,
	"is_objective" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_name_tokens" (
	"token" text NOT NULL,
	"definition_id" integer NOT NULL,
	"word_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"platform" text NOT NULL,
	"source" text NOT NULL,
	"price" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "current_prices_platform_price" ON "current_prices" USING btree ("platform","price");--> statement-breakpoint
CREATE INDEX "player_cards_rarity_rating" ON "player_cards" USING btree ("rarity_id","rating");--> statement-breakpoint
CREATE INDEX "player_name_tokens_prefix" ON "player_name_tokens" USING btree ("token" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "price_observations_card_latest" ON "price_observations" USING btree ("definition_id","platform","source","observed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_observations_observed_at" ON "price_observations" USING btree ("observed_at");