ALTER TABLE "jobs" ADD COLUMN "stage_vars" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_vars" jsonb DEFAULT '{}'::jsonb NOT NULL;