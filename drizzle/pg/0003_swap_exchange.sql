ALTER TABLE "transactions" ADD COLUMN "exchange" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "not_found_since" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "next_lookup_at" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "given_up_at" bigint;--> statement-breakpoint
-- Data: the sandbox flag becomes the exchange's name; other rows stay '' (a real exchange, named at start-up).
UPDATE "transactions" SET "exchange" = 'sandbox' WHERE "sandbox";
