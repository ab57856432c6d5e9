-- One table of runs for every kind (docs/decisions/runs.md): the snipe leases, the transfers'
-- lease/agent/heartbeat, the SBC runs' agent/heartbeat/event number and the rehearsals' agent
-- move here. Every row of today carries over: running ones stay running under the same agent
-- with the same last beat; finished ones are kept as ended (or lost) history.
CREATE TABLE IF NOT EXISTS "runs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text,
	"partner_account_id" text,
	"agent_id" text,
	"status" text DEFAULT 'running' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seq" integer DEFAULT -1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "runs_user_running" ON "runs" USING btree ("user_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "runs_agent_running" ON "runs" USING btree ("agent_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "runs_running_heartbeat" ON "runs" USING btree ("heartbeat_at") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "runs_running_account_kind" ON "runs" USING btree ("account_id","kind") WHERE status = 'running' AND kind IN ('snipe', 'sbc');--> statement-breakpoint
-- Snipe: a lease is a running run; a session without one ended (lost when its agent was).
INSERT INTO "runs" ("id", "kind", "user_id", "account_id", "agent_id", "status", "detail", "started_at", "heartbeat_at")
SELECT "lease_id", 'snipe', "user_id", "account_id", "agent_id", 'running', jsonb_build_object('filterIds', "filter_ids"), "started_at", "heartbeat_at"
FROM "snipe_leases";--> statement-breakpoint
INSERT INTO "runs" ("id", "kind", "user_id", "account_id", "status", "started_at", "heartbeat_at", "ended_at")
SELECT "s"."lease_id", 'snipe', "a"."user_id", "s"."account_id", CASE WHEN "s"."agent_lost" THEN 'lost' ELSE 'ended' END,
  "s"."started_at", coalesce("s"."ended_at", "s"."started_at"), coalesce("s"."ended_at", "s"."started_at")
FROM "snipe_sessions" AS "s" INNER JOIN "accounts" AS "a" ON "a"."id" = "s"."account_id"
WHERE NOT EXISTS (SELECT 1 FROM "runs" WHERE "runs"."id" = "s"."lease_id");--> statement-breakpoint
-- Transfers: a sync is its own kind; the last event number is the highest step the agent sent.
INSERT INTO "runs" ("id", "kind", "user_id", "account_id", "partner_account_id", "agent_id", "status", "last_seq", "started_at", "heartbeat_at", "ended_at")
SELECT "t"."id", CASE WHEN "t"."status" IN ('syncing', 'synced', 'cancelled') THEN 'sync' ELSE 'transfer' END,
  "t"."user_id", "t"."buyer_account_id", "t"."seller_account_id", "t"."agent_id",
  CASE WHEN "t"."status" IN ('syncing', 'running') THEN 'running' WHEN "t"."is_lost" THEN 'lost' ELSE 'ended' END,
  coalesce((SELECT max(("step"->>'seq')::int) FROM jsonb_array_elements("t"."steps") AS "step"), -1),
  "t"."created_at", "t"."heartbeat_at", "t"."finished_at"
FROM "transfers" AS "t";--> statement-breakpoint
INSERT INTO "runs" ("id", "kind", "user_id", "account_id", "agent_id", "status", "last_seq", "started_at", "heartbeat_at", "ended_at")
SELECT "id", 'sbc', "user_id", "account_id", "agent_id", CASE WHEN "status" = 'running' THEN 'running' ELSE 'ended' END,
  "last_seq", "created_at", "heartbeat_at", "finished_at"
FROM "sbc_runs";--> statement-breakpoint
-- A rehearsal's last word (progress, result) was its beat.
INSERT INTO "runs" ("id", "kind", "user_id", "agent_id", "status", "started_at", "heartbeat_at", "ended_at")
SELECT "id", 'rehearsal', "user_id", "agent_id", CASE WHEN "status" = 'running' THEN 'running' ELSE 'ended' END,
  "created_at", "updated_at", "finished_at"
FROM "snipe_rehearsals";--> statement-breakpoint
DROP TABLE IF EXISTS "snipe_leases";--> statement-breakpoint
DROP INDEX IF EXISTS "transfers_lease_unique";--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN IF EXISTS "agent_id";--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN IF EXISTS "lease_id";--> statement-breakpoint
ALTER TABLE "transfers" DROP COLUMN IF EXISTS "heartbeat_at";--> statement-breakpoint
ALTER TABLE "sbc_runs" DROP COLUMN IF EXISTS "agent_id";--> statement-breakpoint
ALTER TABLE "sbc_runs" DROP COLUMN IF EXISTS "heartbeat_at";--> statement-breakpoint
ALTER TABLE "sbc_runs" DROP COLUMN IF EXISTS "last_seq";--> statement-breakpoint
ALTER TABLE "snipe_rehearsals" DROP COLUMN IF EXISTS "agent_id";
