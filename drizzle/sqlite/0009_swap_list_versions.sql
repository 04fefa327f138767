CREATE TABLE `swap_list_versions` (
	`chat_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);