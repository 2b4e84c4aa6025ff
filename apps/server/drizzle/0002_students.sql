CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"parent_phone" text,
	"school" text,
	"grade" text,
	"gender" text,
	"birth_date" date,
	"memo" text DEFAULT '' NOT NULL,
	"profile_image_file_id" integer,
	"representative_lecture_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_profiles_grade_check" CHECK ("student_profiles"."grade" is null or "student_profiles"."grade" in ('초1','초2','초3','초4','초5','초6','중1','중2','중3','고1','고2','고3','N수')),
	CONSTRAINT "student_profiles_gender_check" CHECK ("student_profiles"."gender" is null or "student_profiles"."gender" in ('M','F'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"user_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tags_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "actual_exam_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"exam_type" text NOT NULL,
	"exam_name" text NOT NULL,
	"exam_date" date NOT NULL,
	"subject" text NOT NULL,
	"raw_score" numeric(6, 2),
	"grade" integer,
	"percentile" numeric(5, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actual_exam_scores_type_check" CHECK ("actual_exam_scores"."exam_type" in ('모의고사','내신')),
	CONSTRAINT "actual_exam_scores_grade_check" CHECK ("actual_exam_scores"."grade" is null or "actual_exam_scores"."grade" between 1 and 9),
	CONSTRAINT "actual_exam_scores_percentile_check" CHECK ("actual_exam_scores"."percentile" is null or "actual_exam_scores"."percentile" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "student_consults" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"consulted_at" timestamp with time zone NOT NULL,
	"counselor_id" integer,
	"consult_type" text NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_consults_type_check" CHECK ("student_consults"."consult_type" in ('학습','진로','성적','기타'))
);
--> statement-breakpoint
CREATE TABLE "student_memos" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"pinned_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actual_exam_scores" ADD CONSTRAINT "actual_exam_scores_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consults" ADD CONSTRAINT "student_consults_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consults" ADD CONSTRAINT "student_consults_counselor_id_users_id_fk" FOREIGN KEY ("counselor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_memos" ADD CONSTRAINT "student_memos_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_profiles_school_idx" ON "student_profiles" USING btree ("school");--> statement-breakpoint
CREATE INDEX "student_profiles_grade_idx" ON "student_profiles" USING btree ("grade");--> statement-breakpoint
CREATE INDEX "student_profiles_search_trgm_idx" ON "student_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_tags_tag_idx" ON "user_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "actual_exam_scores_student_idx" ON "actual_exam_scores" USING btree ("student_id","exam_date");--> statement-breakpoint
CREATE INDEX "student_consults_student_idx" ON "student_consults" USING btree ("student_id","consulted_at");--> statement-breakpoint
CREATE INDEX "student_memos_student_idx" ON "student_memos" USING btree ("student_id");