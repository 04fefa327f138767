ALTER TABLE `swap_intents` ADD `fixed_amount_out` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `payout_memo` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `refund_memo` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `tx_link_in` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `tx_link_out` text;