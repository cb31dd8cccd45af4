CREATE TABLE "imports" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"job_id" text DEFAULT '' NOT NULL,
	"target_item_id" integer DEFAULT 0 NOT NULL,
	"target_cat_id" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"source" "bytea",
	"lang" text DEFAULT 'en' NOT NULL,
	"site_base" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"created_item_id" integer DEFAULT 0 NOT NULL,
	"created_catalogs" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_pages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_files" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"item_id" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL,
	"finished_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "imports_uid_idx" ON "imports" USING btree ("uid","addtime");--> statement-breakpoint
CREATE INDEX "imports_state_idx" ON "imports" USING btree ("state","updated_at");