CREATE TABLE "budget_slots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_class" text NOT NULL,
	"acquired_at" bigint NOT NULL,
	"released_at" bigint
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" bigint PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"language_code" text,
	"blocked_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"notes" text NOT NULL,
	"position" integer NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'status' NOT NULL,
	"transaction_id" text,
	"intent_key" text,
	"chat_id" bigint NOT NULL,
	"status" text,
	"dedupe_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint,
	"dropped_at" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"maybe_sent_at" bigint,
	"last_error" text,
	"claimed_by" text,
	"claimed_until" bigint
);
--> statement-breakpoint
CREATE TABLE "swap_intents" (
	"key" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"request" text NOT NULL,
	"state" text NOT NULL,
	"transaction_id" text,
	"error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"coin_from" text NOT NULL,
	"coin_to" text NOT NULL,
	"network_from" text,
	"network_to" text,
	"amount_in" text NOT NULL,
	"amount_out_expected" text NOT NULL,
	"amount_out" text,
	"rate" text,
	"rate_type" text NOT NULL,
	"deposit_address" text NOT NULL,
	"withdrawal_address" text NOT NULL,
	"refund_address" text,
	"tx_hash_in" text,
	"tx_hash_out" text,
	"status" text NOT NULL,
	"status_changed_at" bigint NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"inserted_at" bigint NOT NULL,
	"card_message_id" bigint,
	"last_checked_at" bigint,
	"sandbox" boolean DEFAULT false NOT NULL,
	"suspect" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_slots_class" ON "budget_slots" USING btree ("endpoint_class");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_pending" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."sent_at" is null and "notifications"."dropped_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_chat" ON "notifications" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "notifications_transaction" ON "notifications" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "swap_intents_state" ON "swap_intents" USING btree ("state");--> statement-breakpoint
CREATE INDEX "transactions_chat_created" ON "transactions" USING btree ("chat_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_open_created" ON "transactions" USING btree ("created_at") WHERE status not in ('success', 'overdue', 'refunded');