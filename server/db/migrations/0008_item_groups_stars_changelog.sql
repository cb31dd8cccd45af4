CREATE TABLE "item_change_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"op_action_type" text NOT NULL,
	"op_object_type" text NOT NULL,
	"op_object_id" integer DEFAULT 0 NOT NULL,
	"op_object_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"optime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"group_name" text NOT NULL,
	"item_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"s_number" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_stars" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_change_logs_item_idx" ON "item_change_logs" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "item_groups_uid_idx" ON "item_groups" USING btree ("uid","s_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_stars_uid_item_uq" ON "item_stars" USING btree ("uid","item_id");