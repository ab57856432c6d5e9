-- Doubles recorded before this index (a lost run's late event and its reconciliation handled at
-- once): the reconciled copy goes. It claimed no profit, so the account's profits stay right.
DELETE FROM "snipe_log_entries" AS "copy" USING "snipe_log_entries" AS "kept"
WHERE "copy"."is_success" AND "kept"."is_success" AND "copy"."item_id" IS NOT NULL
  AND "copy"."account_id" = "kept"."account_id" AND "copy"."item_id" = "kept"."item_id"
  AND "copy"."buy_price" = "kept"."buy_price" AND "copy"."id" <> "kept"."id"
  AND "copy"."event_id" LIKE 'reconciled:%'
  AND ("kept"."event_id" NOT LIKE 'reconciled:%' OR ("kept"."created_at", "kept"."id") < ("copy"."created_at", "copy"."id"));--> statement-breakpoint
-- Any other pair (a card bought back at the price it was bought for before) stays in the log:
-- the later row only loses its item id, which nothing but matching reads.
UPDATE "snipe_log_entries" SET "item_id" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "account_id", "item_id", "buy_price" ORDER BY "created_at", "id") AS "nth"
    FROM "snipe_log_entries" WHERE "is_success" AND "item_id" IS NOT NULL
  ) AS "ranked" WHERE "nth" > 1
);--> statement-breakpoint
DROP INDEX IF EXISTS "snipe_log_entries_account_item";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "snipe_log_entries_purchase_unique" ON "snipe_log_entries" USING btree ("account_id","item_id","buy_price") WHERE is_success AND item_id IS NOT NULL;
