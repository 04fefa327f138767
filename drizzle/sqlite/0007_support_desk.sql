CREATE TABLE `support_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text,
	`source_chat_id` integer,
	`source_message_id` integer,
	`media` integer DEFAULT false NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer,
	`sent_message_id` integer,
	`dropped_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_by` text,
	`claimed_until` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `support_outbox_dedupe` ON `support_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `support_outbox_pending` ON `support_outbox` (`next_attempt_at`) WHERE "support_outbox"."sent_at" is null and "support_outbox"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX `support_outbox_ticket` ON `support_outbox` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `support_outbox_sent_message` ON `support_outbox` (`sent_message_id`);--> statement-breakpoint
CREATE TABLE `support_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`transaction_id` text,
	`state` text NOT NULL,
	`user_name` text NOT NULL,
	`username` text,
	`language` text,
	`topic_id` integer,
	`flood_warned_at` integer,
	`created_at` integer NOT NULL,
	`opened_at` integer,
	`closed_at` integer
);
--> statement-breakpoint
CREATE INDEX `support_tickets_chat` ON `support_tickets` (`chat_id`,`state`);--> statement-breakpoint
CREATE INDEX `support_tickets_topic` ON `support_tickets` (`topic_id`);