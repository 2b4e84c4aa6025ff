CREATE TABLE "clinic_days" (
	"date" date PRIMARY KEY NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"exam_id" integer,
	"todos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"hurried_at" timestamp with time zone,
	"hurry_count" integer DEFAULT 0 NOT NULL,
	"graded_at" timestamp with time zone,
	"retake_value" numeric(7, 2),
	"memo" text DEFAULT '' NOT NULL,
	"counsel_type" text,
	"consult_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_participants_source_check" CHECK ("clinic_participants"."source" in ('self', 'staff')),
	CONSTRAINT "clinic_participants_counsel_type_check" CHECK ("clinic_participants"."counsel_type" is null or "clinic_participants"."counsel_type" in ('학습', '진로', '성적', '기타'))
);
--> statement-breakpoint
CREATE TABLE "clinic_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"opens_weekday" integer NOT NULL,
	"opens_time" text NOT NULL,
	"close_before_minutes" integer NOT NULL,
	"cancel_before_minutes" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_rules_single_check" CHECK ("clinic_rules"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "clinic_seats" (
	"slot_id" integer NOT NULL,
	"seat_no" integer NOT NULL,
	"user_id" integer,
	CONSTRAINT "clinic_seats_slot_id_seat_no_pk" PRIMARY KEY("slot_id","seat_no")
);
--> statement-breakpoint
CREATE TABLE "clinic_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'clinic' NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"ta_id" integer,
	"reserve_type" text DEFAULT 'self' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"cancel_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_slots_kind_check" CHECK ("clinic_slots"."kind" in ('clinic', 'counsel')),
	CONSTRAINT "clinic_slots_reserve_type_check" CHECK ("clinic_slots"."reserve_type" in ('self', 'assigned')),
	CONSTRAINT "clinic_slots_seats_check" CHECK ("clinic_slots"."reserved" >= 0 and "clinic_slots"."reserved" <= "clinic_slots"."capacity"),
	CONSTRAINT "clinic_slots_time_check" CHECK ("clinic_slots"."end_time" > "clinic_slots"."start_time")
);
--> statement-breakpoint
ALTER TABLE "clinic_participants" ADD CONSTRAINT "clinic_participants_slot_id_clinic_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."clinic_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_participants" ADD CONSTRAINT "clinic_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_seats" ADD CONSTRAINT "clinic_seats_slot_id_clinic_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."clinic_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_slots" ADD CONSTRAINT "clinic_slots_ta_id_users_id_fk" FOREIGN KEY ("ta_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_participants_slot_user_uidx" ON "clinic_participants" USING btree ("slot_id","user_id");--> statement-breakpoint
CREATE INDEX "clinic_participants_user_idx" ON "clinic_participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_seats_slot_user_uidx" ON "clinic_seats" USING btree ("slot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_slots_identity_uidx" ON "clinic_slots" USING btree ("kind","date","start_time","end_time","room");--> statement-breakpoint
CREATE INDEX "clinic_slots_date_idx" ON "clinic_slots" USING btree ("date","start_time");