ALTER TABLE "attachments" ADD COLUMN "orphan_since" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "attachments_orphan_idx" ON "attachments" USING btree ("orphan_since") WHERE "attachments"."orphan_since" > 0;--> statement-breakpoint
-- Custom: files bound to no page are removed 24 h after they became orphans. A file that a page
-- shows but no page binds (an image pasted into a page before its first save) is bound to that
-- page here, so the clean-up does not take it away; the other orphans start their 24 h now.
INSERT INTO "attachment_pages" ("file_id", "page_id", "item_id", "addtime")
SELECT DISTINCT a."file_id", p."page_id", p."item_id", extract(epoch from now())::bigint
FROM "pages" p
CROSS JOIN LATERAL regexp_matches(p."page_content", '[?&]sign=([0-9a-f]{32})', 'g') m
JOIN "attachments" a ON a."sign" = m[1]
WHERE (a."item_id" = p."item_id" OR a."uid" = p."author_uid")
  AND NOT EXISTS (SELECT 1 FROM "attachment_pages" b WHERE b."file_id" = a."file_id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "attachments" a SET "orphan_since" = extract(epoch from now())::bigint
WHERE NOT EXISTS (SELECT 1 FROM "attachment_pages" b WHERE b."file_id" = a."file_id");
