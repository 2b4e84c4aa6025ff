CREATE TABLE "push_alert_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_alert_templates_category_check" CHECK ("push_alert_templates"."category" in ('출결', '성적', '클리닉', '상담', '일반'))
);
--> statement-breakpoint
CREATE INDEX "push_alert_templates_category_created_idx" ON "push_alert_templates" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "push_alert_templates_created_idx" ON "push_alert_templates" USING btree ("created_at");