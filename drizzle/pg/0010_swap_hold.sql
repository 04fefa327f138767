ALTER TABLE "transactions" ADD COLUMN "hold_link" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "hold_asks" text;