-- Custom SQL migration file, put your code below! --
-- The database moves a chat's list version itself, whoever writes: see swapListVersions in schema.ts.
-- Hand-written (drizzle-kit generate --custom): drizzle-kit makes no triggers.
-- A version is the value of one counter for every chat (the row of chat 0, which no Telegram chat
-- has) at the chat's last change: a chat's row made again after /forget removed it starts above
-- every value it had, so a list page remembered before never matches it again.
-- Its columns are LISTED (swaps/ports.ts) and chat_id, checked by test/db/transactions.test.ts.
-- UPDATE OF them: the tracker's bookkeeping (last_checked_at, every cycle, every open swap) fires nothing.
CREATE TRIGGER `swap_list_inserted` AFTER INSERT ON `transactions` BEGIN
  INSERT INTO `swap_list_versions` (`chat_id`, `version`) VALUES (0, 1)
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `swap_list_versions` (`chat_id`, `version`)
    VALUES (NEW.`chat_id`, (SELECT `version` FROM `swap_list_versions` WHERE `chat_id` = 0))
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `excluded`.`version`;
END;--> statement-breakpoint
CREATE TRIGGER `swap_list_deleted` AFTER DELETE ON `transactions` BEGIN
  INSERT INTO `swap_list_versions` (`chat_id`, `version`) VALUES (0, 1)
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `swap_list_versions` (`chat_id`, `version`)
    VALUES (OLD.`chat_id`, (SELECT `version` FROM `swap_list_versions` WHERE `chat_id` = 0))
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `excluded`.`version`;
END;--> statement-breakpoint
CREATE TRIGGER `swap_list_updated` AFTER UPDATE OF `chat_id`, `id`, `coin_from`, `coin_to`, `network_from`, `network_to`, `amount_in`, `amount_out_expected`, `amount_out`, `rate_type`, `deposit_address`, `deposit_memo`, `withdrawal_address`, `payout_memo`, `refund_address`, `tx_hash_in`, `tx_hash_out`, `tx_link_in`, `tx_link_out`, `status`, `created_at`, `exchange`, `suspect` ON `transactions`
WHEN OLD.`chat_id` IS NOT NEW.`chat_id` OR OLD.`id` IS NOT NEW.`id` OR OLD.`coin_from` IS NOT NEW.`coin_from` OR OLD.`coin_to` IS NOT NEW.`coin_to` OR OLD.`network_from` IS NOT NEW.`network_from` OR OLD.`network_to` IS NOT NEW.`network_to` OR OLD.`amount_in` IS NOT NEW.`amount_in` OR OLD.`amount_out_expected` IS NOT NEW.`amount_out_expected` OR OLD.`amount_out` IS NOT NEW.`amount_out` OR OLD.`rate_type` IS NOT NEW.`rate_type` OR OLD.`deposit_address` IS NOT NEW.`deposit_address` OR OLD.`deposit_memo` IS NOT NEW.`deposit_memo` OR OLD.`withdrawal_address` IS NOT NEW.`withdrawal_address` OR OLD.`payout_memo` IS NOT NEW.`payout_memo` OR OLD.`refund_address` IS NOT NEW.`refund_address` OR OLD.`tx_hash_in` IS NOT NEW.`tx_hash_in` OR OLD.`tx_hash_out` IS NOT NEW.`tx_hash_out` OR OLD.`tx_link_in` IS NOT NEW.`tx_link_in` OR OLD.`tx_link_out` IS NOT NEW.`tx_link_out` OR OLD.`status` IS NOT NEW.`status` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`exchange` IS NOT NEW.`exchange` OR OLD.`suspect` IS NOT NEW.`suspect`
BEGIN
  INSERT INTO `swap_list_versions` (`chat_id`, `version`) VALUES (0, 1)
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `swap_list_versions` (`chat_id`, `version`)
    VALUES (OLD.`chat_id`, (SELECT `version` FROM `swap_list_versions` WHERE `chat_id` = 0))
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `excluded`.`version`;
  INSERT INTO `swap_list_versions` (`chat_id`, `version`)
    VALUES (NEW.`chat_id`, (SELECT `version` FROM `swap_list_versions` WHERE `chat_id` = 0))
    ON CONFLICT (`chat_id`) DO UPDATE SET `version` = `excluded`.`version`;
END;
