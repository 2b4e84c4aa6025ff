CREATE TABLE "attendance_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"counts_as_present" boolean DEFAULT true NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lecture_ddays" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_students" (
	"lecture_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "lecture_students_lecture_id_user_id_pk" PRIMARY KEY("lecture_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lectures" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"teacher_name" text NOT NULL,
	"target_school" text,
	"target_grade" text,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"room" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"color" text DEFAULT '#2e7d32' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lectures_period_check" CHECK ("lectures"."end_date" >= "lectures"."start_date")
);
--> statement-breakpoint
CREATE TABLE "weekly_lecture_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekly_lecture_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_lecture_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekly_lecture_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"att_type_id" integer,
	"att_locked" boolean DEFAULT false NOT NULL,
	"memo" text,
	"att_updated_at" timestamp with time zone,
	"att_updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_lectures" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"seq" integer,
	"title" text NOT NULL,
	"special_name" text,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lecture_ddays" ADD CONSTRAINT "lecture_ddays_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_students" ADD CONSTRAINT "lecture_students_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_lecture_announcements" ADD CONSTRAINT "weekly_lecture_announcements_weekly_lecture_id_weekly_lectures_id_fk" FOREIGN KEY ("weekly_lecture_id") REFERENCES "public"."weekly_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_lecture_participants" ADD CONSTRAINT "weekly_lecture_participants_weekly_lecture_id_weekly_lectures_id_fk" FOREIGN KEY ("weekly_lecture_id") REFERENCES "public"."weekly_lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_lecture_participants" ADD CONSTRAINT "weekly_lecture_participants_att_type_id_attendance_types_id_fk" FOREIGN KEY ("att_type_id") REFERENCES "public"."attendance_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_lectures" ADD CONSTRAINT "weekly_lectures_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_ddays_lecture_idx" ON "lecture_ddays" USING btree ("lecture_id","seq");--> statement-breakpoint
CREATE INDEX "lecture_students_user_idx" ON "lecture_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lectures_disabled_idx" ON "lectures" USING btree ("disabled");--> statement-breakpoint
CREATE INDEX "wla_wl_idx" ON "weekly_lecture_announcements" USING btree ("weekly_lecture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wlp_wl_user_uidx" ON "weekly_lecture_participants" USING btree ("weekly_lecture_id","user_id");--> statement-breakpoint
CREATE INDEX "wlp_lecture_idx" ON "weekly_lecture_participants" USING btree ("lecture_id");--> statement-breakpoint
CREATE INDEX "wlp_user_idx" ON "weekly_lecture_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "weekly_lectures_lecture_date_idx" ON "weekly_lectures" USING btree ("lecture_id","date","start_time");--> statement-breakpoint
CREATE INDEX "weekly_lectures_date_idx" ON "weekly_lectures" USING btree ("date");--> statement-breakpoint
INSERT INTO "attendance_types" ("name", "color", "counts_as_present", "seq") VALUES ('출석', '#2e7d32', true, 1), ('지각', '#f9a825', true, 2), ('조퇴', '#ef6c00', true, 3), ('결석', '#c62828', false, 4), ('온라인(영상 수강)', '#1565c0', true, 5), ('보강', '#6a1b9a', true, 6);
