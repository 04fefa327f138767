ALTER TABLE "swap_intents" ADD COLUMN "fixed_amount_out" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payout_memo" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_memo" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tx_link_in" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tx_link_out" text;