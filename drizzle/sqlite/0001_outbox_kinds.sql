PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'status' NOT NULL,
	`transaction_id` text,
	`intent_key` text,
	`chat_id` integer NOT NULL,
	`status` text,
	`dedupe_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`dropped_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`maybe_sent_at` integer,
	`last_error` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Rows queued before this migration were all status pushes: their key is what was UNIQUE before.
INSERT INTO `__new_notifications`("id", "kind", "transaction_id", "intent_key", "chat_id", "status", "dedupe_key", "created_at", "sent_at", "dropped_at", "attempts", "next_attempt_at", "maybe_sent_at", "last_error") SELECT "id", 'status', "transaction_id", NULL, "chat_id", "status", 'status:' || "transaction_id" || ':' || "status", "created_at", "sent_at", "dropped_at", "attempts", "next_attempt_at", NULL, "last_error" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_pending` ON `notifications` (`next_attempt_at`) WHERE "notifications"."sent_at" is null and "notifications"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_chat` ON `notifications` (`chat_id`);--> statement-breakpoint
CREATE INDEX `notifications_transaction` ON `notifications` (`transaction_id`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `suspect` integer DEFAULT false NOT NULL;