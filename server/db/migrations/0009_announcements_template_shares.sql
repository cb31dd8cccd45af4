CREATE TABLE "announcement_reads" (
	"uid" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"read_time" bigint DEFAULT 0 NOT NULL,
	"hidden" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_reads_uq" ON "announcement_reads" USING btree ("uid","notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_items_uq" ON "template_items" USING btree ("template_id","item_id");--> statement-breakpoint
CREATE INDEX "template_items_item_idx" ON "template_items" USING btree ("item_id");