-- Search (DESIGN §7: item/search over 10,000 pages).
-- Keep a page's search vector in its row. With the default TOAST target (2 KB) a 2 KB page's
-- vector was stored out of line, and a search for a common word, which walks the item's pages in
-- menu order, fetched it from the TOAST table for every page it passed: four buffer reads a page
-- instead of one. Rows up to 8 KB now stay whole; larger pages' vectors still move out of line,
-- uncompressed (a vector of distinct tokens barely compresses). Rows written before this keep
-- their storage until they are saved again.
ALTER TABLE "pages" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "pages" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The pages still without a vector, found without reading the item's pages (search/backfill.ts).
CREATE INDEX "pages_unindexed_idx" ON "pages" USING btree ("item_id") WHERE "pages"."search_vector" is null;
