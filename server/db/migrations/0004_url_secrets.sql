CREATE TABLE "download_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "last_used_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "download_tickets_expires_idx" ON "download_tickets" USING btree ("expires_at");--> statement-breakpoint
-- Sliding token lifetimes (auth/session.ts): tokens issued before this release count as used now,
-- so the upgrade signs nobody out; their expires_at still bounds them.
UPDATE "user_tokens" SET "last_used_at" = extract(epoch from now())::bigint;
