CREATE TABLE "showdoc_import_map" (
	"source_table" text NOT NULL,
	"source_key" text NOT NULL,
	"target_id" integer NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "showdoc_import_map_uq" ON "showdoc_import_map" USING btree ("source_table","source_key");--> statement-breakpoint
CREATE INDEX "showdoc_import_map_target_idx" ON "showdoc_import_map" USING btree ("source_table","target_id");