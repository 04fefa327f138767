CREATE TABLE `update_journal` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL
);
