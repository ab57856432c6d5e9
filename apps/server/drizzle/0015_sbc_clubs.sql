CREATE TABLE IF NOT EXISTS "sbc_clubs" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"pending_read_id" text,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sbc_clubs" ADD CONSTRAINT "sbc_clubs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sbc_clubs" ADD CONSTRAINT "sbc_clubs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sbc_clubs_user" ON "sbc_clubs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sbc_clubs_pending_read" ON "sbc_clubs" USING btree ("pending_read_id");
