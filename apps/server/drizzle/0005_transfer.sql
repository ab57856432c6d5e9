CREATE TABLE IF NOT EXISTS "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"buyer_account_id" text NOT NULL,
	"seller_account_id" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'syncing' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coins" integer NOT NULL,
	"coins_received" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_lost" boolean DEFAULT false NOT NULL,
	"agent_id" text,
	"lease_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_buyer_account_id_accounts_id_fk" FOREIGN KEY ("buyer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "transfers_lease_unique" ON "transfers" USING btree ("lease_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transfers_user_created" ON "transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "transfers_running_buyer" ON "transfers" USING btree ("buyer_account_id") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "transfers_running_seller" ON "transfers" USING btree ("seller_account_id") WHERE status = 'running';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "transfer_lists" (
	"user_id" text PRIMARY KEY NOT NULL,
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"players" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_lists" ADD CONSTRAINT "transfer_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "transfer_account_metadata" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"unassigned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tradepile" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"screenshot" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_account_metadata" ADD CONSTRAINT "transfer_account_metadata_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_account_metadata" ADD CONSTRAINT "transfer_account_metadata_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "account_statistic_resets" (
	"account_id" text NOT NULL,
	"day" text NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_statistic_resets" ADD CONSTRAINT "account_statistic_resets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "account_statistic_resets_unique" ON "account_statistic_resets" USING btree ("account_id","day");
