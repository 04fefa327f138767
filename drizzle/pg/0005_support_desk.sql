CREATE TABLE "support_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"source_chat_id" bigint,
	"source_message_id" bigint,
	"media" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"sent_at" bigint,
	"sent_message_id" bigint,
	"dropped_at" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_by" text,
	"claimed_until" bigint
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"transaction_id" text,
	"state" text NOT NULL,
	"user_name" text NOT NULL,
	"username" text,
	"language" text,
	"topic_id" bigint,
	"flood_warned_at" bigint,
	"created_at" bigint NOT NULL,
	"opened_at" bigint,
	"closed_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_outbox_dedupe" ON "support_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "support_outbox_pending" ON "support_outbox" USING btree ("next_attempt_at") WHERE "support_outbox"."sent_at" is null and "support_outbox"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "support_outbox_ticket" ON "support_outbox" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_outbox_sent_message" ON "support_outbox" USING btree ("sent_message_id");--> statement-breakpoint
CREATE INDEX "support_tickets_chat" ON "support_tickets" USING btree ("chat_id","state");--> statement-breakpoint
CREATE INDEX "support_tickets_topic" ON "support_tickets" USING btree ("topic_id");