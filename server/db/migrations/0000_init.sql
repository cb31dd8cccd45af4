CREATE TABLE "attachment_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"sign" text NOT NULL,
	"display_name" text NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"uid" integer NOT NULL,
	"item_id" integer DEFAULT 0 NOT NULL,
	"page_id" integer DEFAULT 0 NOT NULL,
	"storage_driver" text DEFAULT 'local' NOT NULL,
	"storage_key" text NOT NULL,
	"real_url" text DEFAULT '' NOT NULL,
	"visit_times" integer DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_visit_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"captcha_id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"cat_id" serial PRIMARY KEY NOT NULL,
	"cat_name" text NOT NULL,
	"item_id" integer NOT NULL,
	"parent_cat_id" integer DEFAULT 0 NOT NULL,
	"level" smallint DEFAULT 2 NOT NULL,
	"s_number" integer DEFAULT 99 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_snapshots" (
	"doc_name" text PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"up_to_id" bigint DEFAULT 0 NOT NULL,
	"base_version" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_name" text NOT NULL,
	"update" "bytea" NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"date_month" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_members" (
	"item_member_id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"username" text NOT NULL,
	"member_group_id" smallint DEFAULT 1 NOT NULL,
	"cat_id" integer DEFAULT 0 NOT NULL,
	"cat_ids" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_sort" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"item_group_id" integer DEFAULT 0 NOT NULL,
	"item_sort_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"api_key" text NOT NULL,
	"api_token" text NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_check_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"item_name" text NOT NULL,
	"item_description" text DEFAULT '' NOT NULL,
	"uid" integer NOT NULL,
	"username" text NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"item_domain" text DEFAULT '' NOT NULL,
	"item_type" smallint DEFAULT 1 NOT NULL,
	"is_archived" smallint DEFAULT 0 NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_update_time" bigint DEFAULT 0 NOT NULL,
	"del_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint DEFAULT 0 NOT NULL,
	"finished_at" bigint DEFAULT 0 NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_key" text NOT NULL,
	"uid" integer NOT NULL,
	"page_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"view_times" integer DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_update_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"notice_id" serial PRIMARY KEY NOT NULL,
	"to_uid" integer NOT NULL,
	"from_uid" integer DEFAULT 0 NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"notice_type" text DEFAULT '' NOT NULL,
	"notice_title" text NOT NULL,
	"notice_content" text DEFAULT '' NOT NULL,
	"object_type" text DEFAULT '' NOT NULL,
	"object_id" integer DEFAULT 0 NOT NULL,
	"is_read" smallint DEFAULT 0 NOT NULL,
	"notice_time" bigint DEFAULT 0 NOT NULL,
	"read_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_history" (
	"page_history_id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"cat_id" integer DEFAULT 0 NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"page_content" text DEFAULT '' NOT NULL,
	"s_number" integer DEFAULT 99 NOT NULL,
	"author_uid" integer DEFAULT 0 NOT NULL,
	"author_username" text DEFAULT '' NOT NULL,
	"page_comments" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"lock_uid" integer NOT NULL,
	"lock_username" text NOT NULL,
	"lock_to" bigint DEFAULT 0 NOT NULL,
	"mode" text DEFAULT 'http' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"page_id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"cat_id" integer DEFAULT 0 NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"page_content" text DEFAULT '' NOT NULL,
	"s_number" integer DEFAULT 99 NOT NULL,
	"author_uid" integer DEFAULT 0 NOT NULL,
	"author_username" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"page_addtime" bigint DEFAULT 0 NOT NULL,
	"page_comments" text DEFAULT '' NOT NULL,
	"ext_info" text DEFAULT '' NOT NULL,
	"is_del" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_vector" "tsvector"
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'reset' NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL,
	"used_at" bigint DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recycle" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"page_title" text DEFAULT '' NOT NULL,
	"del_by_uid" integer DEFAULT 0 NOT NULL,
	"del_by_username" text DEFAULT '' NOT NULL,
	"del_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_key" text NOT NULL,
	"page_id" integer NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"expire_time" bigint DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_item_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"member_uid" integer NOT NULL,
	"member_username" text NOT NULL,
	"member_group_id" smallint DEFAULT 1 NOT NULL,
	"cat_id" integer DEFAULT 0 NOT NULL,
	"cat_ids" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"member_uid" integer NOT NULL,
	"member_username" text NOT NULL,
	"team_member_group_id" smallint DEFAULT 1 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_name" text NOT NULL,
	"uid" integer NOT NULL,
	"username" text NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_update_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"template_title" text NOT NULL,
	"template_content" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint DEFAULT 0 NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"email_verify" integer DEFAULT 0 NOT NULL,
	"groupid" smallint DEFAULT 2 NOT NULL,
	"password" text NOT NULL,
	"salt" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'local' NOT NULL,
	"reg_time" bigint DEFAULT 0 NOT NULL,
	"last_login_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_pages_uq" ON "attachment_pages" USING btree ("file_id","page_id");--> statement-breakpoint
CREATE INDEX "attachment_pages_page_idx" ON "attachment_pages" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_sign_uq" ON "attachments" USING btree ("sign");--> statement-breakpoint
CREATE INDEX "attachments_uid_idx" ON "attachments" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "attachments_item_idx" ON "attachments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "catalogs_item_idx" ON "catalogs" USING btree ("item_id","s_number","cat_id");--> statement-breakpoint
CREATE INDEX "catalogs_parent_idx" ON "catalogs" USING btree ("parent_cat_id");--> statement-breakpoint
CREATE INDEX "doc_updates_doc_idx" ON "doc_updates" USING btree ("doc_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_flow_uid_month_uq" ON "file_flow" USING btree ("uid","date_month");--> statement-breakpoint
CREATE UNIQUE INDEX "item_members_item_uid_uq" ON "item_members" USING btree ("item_id","uid");--> statement-breakpoint
CREATE INDEX "item_members_uid_idx" ON "item_members" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "item_sort_uid_group_uq" ON "item_sort" USING btree ("uid","item_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_tokens_item_uq" ON "item_tokens" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_tokens_key_uq" ON "item_tokens" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "items_uid_idx" ON "items" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "items_domain_idx" ON "items" USING btree ("item_domain");--> statement-breakpoint
CREATE INDEX "items_name_lower_idx" ON "items" USING btree (lower("item_name"));--> statement-breakpoint
CREATE INDEX "jobs_uid_idx" ON "jobs" USING btree ("uid","addtime");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "mocks_key_uq" ON "mocks" USING btree ("unique_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mocks_page_uq" ON "mocks" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "mocks_item_path_idx" ON "mocks" USING btree ("item_id","path");--> statement-breakpoint
CREATE INDEX "notices_to_idx" ON "notices" USING btree ("to_uid","is_read","notice_id");--> statement-breakpoint
CREATE INDEX "page_history_page_idx" ON "page_history" USING btree ("page_id","page_history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_locks_page_uq" ON "page_locks" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "pages_item_idx" ON "pages" USING btree ("item_id","is_del","s_number","page_id");--> statement-breakpoint
CREATE INDEX "pages_cat_idx" ON "pages" USING btree ("cat_id");--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_uid_idx" ON "password_resets" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "recycle_item_idx" ON "recycle" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "recycle_page_idx" ON "recycle" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "recycle_time_idx" ON "recycle" USING btree ("del_time");--> statement-breakpoint
CREATE UNIQUE INDEX "single_pages_key_uq" ON "single_pages" USING btree ("unique_key");--> statement-breakpoint
CREATE UNIQUE INDEX "single_pages_page_uq" ON "single_pages" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_item_members_uq" ON "team_item_members" USING btree ("team_id","item_id","member_uid");--> statement-breakpoint
CREATE INDEX "team_item_members_item_uid_idx" ON "team_item_members" USING btree ("item_id","member_uid");--> statement-breakpoint
CREATE INDEX "team_item_members_uid_idx" ON "team_item_members" USING btree ("member_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "team_items_team_item_uq" ON "team_items" USING btree ("team_id","item_id");--> statement-breakpoint
CREATE INDEX "team_items_item_idx" ON "team_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_uid_uq" ON "team_members" USING btree ("team_id","member_uid");--> statement-breakpoint
CREATE INDEX "team_members_uid_idx" ON "team_members" USING btree ("member_uid");--> statement-breakpoint
CREATE INDEX "teams_uid_idx" ON "teams" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "templates_uid_idx" ON "templates" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_uq" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_uid_idx" ON "user_tokens" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));