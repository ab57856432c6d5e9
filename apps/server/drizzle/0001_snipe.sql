CREATE TABLE "snipe_leases" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"lease_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"filter_ids" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snipe_log_entries" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"type" text DEFAULT 'snipe' NOT NULL,
	"player_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"rarity" integer NOT NULL,
	"platform" text NOT NULL,
	"buy_price" integer NOT NULL,
	"sell_price" integer NOT NULL,
	"tax" integer NOT NULL,
	"value" integer NOT NULL,
	"is_success" boolean NOT NULL,
	"error_code" integer,
	"listing_time" integer,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snipe_sessions" (
	"lease_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"requests" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "snipe_leases" ADD CONSTRAINT "snipe_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snipe_leases" ADD CONSTRAINT "snipe_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snipe_log_entries" ADD CONSTRAINT "snipe_log_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snipe_log_entries" ADD CONSTRAINT "snipe_log_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snipe_sessions" ADD CONSTRAINT "snipe_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "snipe_leases_lease_unique" ON "snipe_leases" USING btree ("lease_id");--> statement-breakpoint
CREATE INDEX "snipe_leases_agent" ON "snipe_leases" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "snipe_log_entries_event_unique" ON "snipe_log_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "snipe_log_entries_account" ON "snipe_log_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "snipe_log_entries_user_created" ON "snipe_log_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "snipe_sessions_account" ON "snipe_sessions" USING btree ("account_id");