ALTER TABLE "items" ADD COLUMN "allow_comment" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "allow_feedback" smallint DEFAULT 0 NOT NULL;