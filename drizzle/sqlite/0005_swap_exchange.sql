ALTER TABLE `transactions` ADD `exchange` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `not_found_since` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `next_lookup_at` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `given_up_at` integer;--> statement-breakpoint
-- Data: the sandbox flag becomes the exchange's name; other rows stay '' (a real exchange, named at start-up).
UPDATE `transactions` SET `exchange` = 'sandbox' WHERE `sandbox` = 1;
