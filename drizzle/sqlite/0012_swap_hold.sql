ALTER TABLE `transactions` ADD `hold_link` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `hold_asks` text;