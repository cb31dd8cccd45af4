-- The jobs table existed unused (nothing wrote it before the queue): empty it so the new NOT NULL columns can be added.
DELETE FROM "jobs";--> statement-breakpoint
DROP INDEX "jobs_status_idx";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "uid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "progress" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "item_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "stage" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "stalls" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancel_requested" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "runner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_until" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "result_file" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("addtime") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_expires_idx" ON "jobs" USING btree ("expires_at") WHERE "jobs"."expires_at" > 0;--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "result";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "updated_at";