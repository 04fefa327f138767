-- Custom SQL migration file, put your code below! --
-- The database moves a chat's list version itself, whoever writes: see swapListVersions in schema.ts.
-- Hand-written (drizzle-kit generate --custom): drizzle-kit makes no triggers.
-- A version is the next value of one sequence for every chat at the chat's last change: a chat's
-- row made again after /forget removed it starts above every value it had, so a list page
-- remembered before never matches it again.
-- Its columns are LISTED (swaps/ports.ts) and chat_id, checked by test/db/transactions.test.ts.
-- UPDATE OF them: the tracker's bookkeeping (last_checked_at, every cycle, every open swap) fires nothing.
CREATE SEQUENCE "swap_list_version";--> statement-breakpoint
CREATE FUNCTION "swap_list_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "swap_list_versions" ("chat_id", "version") VALUES (OLD."chat_id", nextval('swap_list_version'))
      ON CONFLICT ("chat_id") DO UPDATE SET "version" = excluded."version";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "swap_list_versions" ("chat_id", "version") VALUES (NEW."chat_id", nextval('swap_list_version'))
      ON CONFLICT ("chat_id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "swap_list_inserted_or_deleted" AFTER INSERT OR DELETE ON "transactions"
FOR EACH ROW EXECUTE FUNCTION "swap_list_moved"();--> statement-breakpoint
CREATE TRIGGER "swap_list_updated" AFTER UPDATE OF "chat_id", "id", "coin_from", "coin_to", "network_from", "network_to", "amount_in", "amount_out_expected", "amount_out", "rate_type", "deposit_address", "deposit_memo", "withdrawal_address", "payout_memo", "refund_address", "tx_hash_in", "tx_hash_out", "tx_link_in", "tx_link_out", "status", "created_at", "exchange", "suspect" ON "transactions"
FOR EACH ROW WHEN (OLD."chat_id" IS DISTINCT FROM NEW."chat_id" OR OLD."id" IS DISTINCT FROM NEW."id" OR OLD."coin_from" IS DISTINCT FROM NEW."coin_from" OR OLD."coin_to" IS DISTINCT FROM NEW."coin_to" OR OLD."network_from" IS DISTINCT FROM NEW."network_from" OR OLD."network_to" IS DISTINCT FROM NEW."network_to" OR OLD."amount_in" IS DISTINCT FROM NEW."amount_in" OR OLD."amount_out_expected" IS DISTINCT FROM NEW."amount_out_expected" OR OLD."amount_out" IS DISTINCT FROM NEW."amount_out" OR OLD."rate_type" IS DISTINCT FROM NEW."rate_type" OR OLD."deposit_address" IS DISTINCT FROM NEW."deposit_address" OR OLD."deposit_memo" IS DISTINCT FROM NEW."deposit_memo" OR OLD."withdrawal_address" IS DISTINCT FROM NEW."withdrawal_address" OR OLD."payout_memo" IS DISTINCT FROM NEW."payout_memo" OR OLD."refund_address" IS DISTINCT FROM NEW."refund_address" OR OLD."tx_hash_in" IS DISTINCT FROM NEW."tx_hash_in" OR OLD."tx_hash_out" IS DISTINCT FROM NEW."tx_hash_out" OR OLD."tx_link_in" IS DISTINCT FROM NEW."tx_link_in" OR OLD."tx_link_out" IS DISTINCT FROM NEW."tx_link_out" OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."exchange" IS DISTINCT FROM NEW."exchange" OR OLD."suspect" IS DISTINCT FROM NEW."suspect")
EXECUTE FUNCTION "swap_list_moved"();
