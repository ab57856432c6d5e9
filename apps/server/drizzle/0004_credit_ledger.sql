CREATE TABLE IF NOT EXISTS "credit_ledger" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "credit_ledger_event_unique" ON "credit_ledger" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_ledger_user" ON "credit_ledger" USING btree ("user_id","created_at");
