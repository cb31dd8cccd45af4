CREATE TABLE "user_settings" (
	"uid" integer NOT NULL,
	"key_name" text NOT NULL,
	"key_value" text DEFAULT '' NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_settings_uq" ON "user_settings" USING btree ("uid","key_name");