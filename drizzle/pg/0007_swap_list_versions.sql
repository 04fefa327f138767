CREATE TABLE "swap_list_versions" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);