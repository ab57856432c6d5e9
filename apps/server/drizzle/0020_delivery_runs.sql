-- A marketplace delivery's transfers become runs of the one run model (docs/decisions/runs.md):
-- every leg an agent was given (it has a transferId) carries over as a `delivery` run of that id,
-- its order and leg in `detail`, its last event number the highest `seq` the leg applied. A running
-- leg stays running under no agent, its last beat the order's last change: the agent still holding
-- it names it in its next heartbeat, which routes it back to it; an agent gone is lost by the one
-- rule. A finished leg is ended history. Nothing is dropped: the leg keeps what it did.
INSERT INTO "runs" ("id", "kind", "user_id", "account_id", "partner_account_id", "agent_id", "status", "detail", "last_seq", "started_at", "heartbeat_at", "ended_at")
SELECT "leg"."value"->>'transferId', 'delivery', "o"."seller_user_id",
  (SELECT "a"."id" FROM "accounts" AS "a" WHERE "a"."id" = "leg"."value"->>'accountId'), "o"."buyer_account_id", NULL,
  CASE WHEN "leg"."value"->>'status' = 'running' THEN 'running' ELSE 'ended' END,
  jsonb_build_object('orderId', "o"."id", 'leg', ("leg"."ordinality" - 1)::int),
  coalesce((SELECT max("seq"::int) FROM jsonb_array_elements_text(coalesce("leg"."value"->'seqs', '[]'::jsonb)) AS "seq"), -1),
  "o"."created_at", "o"."updated_at",
  CASE WHEN "leg"."value"->>'status' = 'running' THEN NULL ELSE "o"."updated_at" END
FROM "market_orders" AS "o" CROSS JOIN LATERAL jsonb_array_elements("o"."legs") WITH ORDINALITY AS "leg"("value", "ordinality")
WHERE ("leg"."value"->>'transferId') IS NOT NULL
ON CONFLICT ("id") DO NOTHING;
