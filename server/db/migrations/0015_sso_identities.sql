CREATE TABLE "sso_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"addtime" bigint DEFAULT 0 NOT NULL,
	"last_login_time" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_uq" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_identities_uid_idx" ON "sso_identities" USING btree ("uid");