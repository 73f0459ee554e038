-- Content per language: notices, articles and banners keep their Chinese base version in their own
-- row (required); a version in another language is a row here, optional, removed with its item.
CREATE TABLE "notice_translations" (
	"notice_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content_html" text NOT NULL,
	CONSTRAINT "notice_translations_pk" PRIMARY KEY("notice_id","lang"),
	CONSTRAINT "notice_translations_lang" CHECK ("notice_translations"."lang" in ('en', 'zh-TW', 'ko-KR', 'ms-MY'))
);--> statement-breakpoint
ALTER TABLE "notice_translations" ADD CONSTRAINT "notice_translations_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A banner's text is the app's, over art without any: a line under the title, in each version.
ALTER TABLE "banners" ADD COLUMN "subtitle" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "banner_translations" (
	"banner_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	CONSTRAINT "banner_translations_pk" PRIMARY KEY("banner_id","lang"),
	CONSTRAINT "banner_translations_lang" CHECK ("banner_translations"."lang" in ('en', 'zh-TW', 'ko-KR', 'ms-MY'))
);--> statement-breakpoint
ALTER TABLE "banner_translations" ADD CONSTRAINT "banner_translations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;
