CREATE TABLE "update_journal" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"received_at" bigint NOT NULL
);
