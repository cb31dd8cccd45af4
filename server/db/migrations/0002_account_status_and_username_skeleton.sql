ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_uq" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE INDEX "users_skeleton_missing_idx" ON "users" USING btree ("uid") WHERE "users"."username_skeleton" is null;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status") WHERE "users"."status" <> 'active';