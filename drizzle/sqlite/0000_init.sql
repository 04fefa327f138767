CREATE TABLE `chats` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`language_code` text,
	`blocked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `coins` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`icon` text NOT NULL,
	`notes` text NOT NULL,
	`position` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `conversation_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` text NOT NULL,
	`chat_id` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`dropped_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_transaction_status` ON `notifications` (`transaction_id`,`status`);--> statement-breakpoint
CREATE INDEX `notifications_pending` ON `notifications` (`next_attempt_at`) WHERE "notifications"."sent_at" is null and "notifications"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_chat` ON `notifications` (`chat_id`);--> statement-breakpoint
CREATE TABLE `swap_intents` (
	`key` text PRIMARY KEY NOT NULL,
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`request` text NOT NULL,
	`state` text NOT NULL,
	`transaction_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `swap_intents_state` ON `swap_intents` (`state`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`coin_from` text NOT NULL,
	`coin_to` text NOT NULL,
	`network_from` text,
	`network_to` text,
	`amount_in` text NOT NULL,
	`amount_out_expected` text NOT NULL,
	`amount_out` text,
	`rate` text,
	`rate_type` text NOT NULL,
	`deposit_address` text NOT NULL,
	`withdrawal_address` text NOT NULL,
	`refund_address` text,
	`tx_hash_in` text,
	`tx_hash_out` text,
	`status` text NOT NULL,
	`status_changed_at` integer NOT NULL,
	`created_at` text NOT NULL,
	`inserted_at` integer NOT NULL,
	`card_message_id` integer,
	`last_checked_at` integer,
	`sandbox` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transactions_chat_created` ON `transactions` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_open_created` ON `transactions` (`created_at`) WHERE status not in ('success', 'overdue', 'refunded');