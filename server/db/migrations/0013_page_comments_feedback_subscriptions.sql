CREATE TABLE "page_comments" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"uid" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_feedback" (
	"feedback_id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"feedback_type" smallint NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"object_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"action_type" text NOT NULL,
	"sub_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_comments_page_idx" ON "page_comments" USING btree ("page_id","parent_id","comment_id");--> statement-breakpoint
CREATE INDEX "page_comments_item_idx" ON "page_comments" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_feedback_voter_uq" ON "page_feedback" USING btree ("page_id","uid","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_uq" ON "subscriptions" USING btree ("object_type","object_id","action_type","uid");--> statement-breakpoint
CREATE INDEX "subscriptions_uid_idx" ON "subscriptions" USING btree ("uid");