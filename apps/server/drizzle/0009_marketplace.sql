CREATE TABLE IF NOT EXISTS "coin_listings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"price_cents" integer NOT NULL,
	"minimum_balance" integer NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"closed_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coin_listings" ADD CONSTRAINT "coin_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coin_listings_open_created" ON "coin_listings" USING btree ("is_open","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "coin_listing_accounts" (
	"listing_id" text NOT NULL,
	"account_id" text NOT NULL,
	"promised_coins" integer NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_listing_accounts" ADD CONSTRAINT "coin_listing_accounts_listing_id_coin_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."coin_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_listing_accounts" ADD CONSTRAINT "coin_listing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coin_listing_accounts_pair" ON "coin_listing_accounts" USING btree ("listing_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "coin_listing_accounts_open_account" ON "coin_listing_accounts" USING btree ("account_id") WHERE is_open;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "market_orders" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"listing_id" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"seller_user_id" text NOT NULL,
	"buyer_account_id" text NOT NULL,
	"checkout_order_id" text,
	"platform" text NOT NULL,
	"card_definition_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"legs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coins_delivered" integer DEFAULT 0 NOT NULL,
	"payout_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_listing_id_coin_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."coin_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_buyer_account_id_accounts_id_fk" FOREIGN KEY ("buyer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_orders" ADD CONSTRAINT "market_orders_checkout_order_id_checkout_orders_id_fk" FOREIGN KEY ("checkout_order_id") REFERENCES "public"."checkout_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "market_orders_checkout_unique" ON "market_orders" USING btree ("checkout_order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_orders_buyer" ON "market_orders" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_orders_seller" ON "market_orders" USING btree ("seller_user_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "market_ledger" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"event_key" text NOT NULL,
	"book" text NOT NULL,
	"user_id" text,
	"order_id" text,
	"delta_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_ledger" ADD CONSTRAINT "market_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ledger" ADD CONSTRAINT "market_ledger_order_id_market_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."market_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "market_ledger_event_book" ON "market_ledger" USING btree ("event_key","book");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_ledger_user" ON "market_ledger" USING btree ("user_id");
