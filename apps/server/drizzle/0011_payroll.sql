CREATE TABLE "hourly_wage_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hourly_wage_types_rate_check" CHECK (coalesce("hourly_wage_types"."rate", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "ta_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payment_type" text DEFAULT 'HOURLY' NOT NULL,
	"hourly_wage" integer,
	"monthly_salary" integer,
	"salary_start_month" text,
	"monthly_wage_type" text DEFAULT 'BUSINESS' NOT NULL,
	"wage_type_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ta_profiles_payment_type_check" CHECK ("ta_profiles"."payment_type" in ('HOURLY', 'MONTHLY')),
	CONSTRAINT "ta_profiles_monthly_wage_type_check" CHECK ("ta_profiles"."monthly_wage_type" in ('BUSINESS', 'EMPLOYMENT')),
	CONSTRAINT "ta_profiles_amounts_check" CHECK (coalesce("ta_profiles"."hourly_wage", 0) >= 0 and coalesce("ta_profiles"."monthly_salary", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "ta_monthly_custom_wages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ta_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"memo" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ta_monthly_custom_wages_amount_check" CHECK ("ta_monthly_custom_wages"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "expense_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"ta_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" integer NOT NULL,
	"memo" text NOT NULL,
	"receipt_file_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"pay_month" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_claims_status_check" CHECK ("expense_claims"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "expense_claims_amount_check" CHECK ("expense_claims"."amount" > 0),
	CONSTRAINT "expense_claims_paid_check" CHECK (("expense_claims"."status" = 'approved') = ("expense_claims"."pay_month" is not null))
);
--> statement-breakpoint
CREATE TABLE "payroll_closes" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone NOT NULL,
	"info" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"premiums_enabled" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_settings_single_row" CHECK ("payroll_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payroll_year_rates" (
	"year" integer PRIMARY KEY NOT NULL,
	"minimum_wage" integer NOT NULL,
	"pension_ppm" integer NOT NULL,
	"health_ppm" integer NOT NULL,
	"long_term_care_ppm" integer NOT NULL,
	"employment_ppm" integer NOT NULL,
	"source" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"ta_id" integer NOT NULL,
	"wage_type_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"work_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text DEFAULT 'clock' NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"correction_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_records_status_check" CHECK ("work_records"."status" in ('open', 'closed', 'missing_out')),
	CONSTRAINT "work_records_source_check" CHECK ("work_records"."source" in ('clock', 'admin')),
	CONSTRAINT "work_records_times_check" CHECK ("work_records"."ended_at" is null or "work_records"."ended_at" >= "work_records"."started_at"),
	CONSTRAINT "work_records_closed_check" CHECK (("work_records"."status" = 'closed') = ("work_records"."ended_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "ta_profiles" ADD CONSTRAINT "ta_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ta_monthly_custom_wages" ADD CONSTRAINT "ta_monthly_custom_wages_ta_id_users_id_fk" FOREIGN KEY ("ta_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_ta_id_users_id_fk" FOREIGN KEY ("ta_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claims" ADD CONSTRAINT "expense_claims_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_records" ADD CONSTRAINT "work_records_ta_id_users_id_fk" FOREIGN KEY ("ta_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_records" ADD CONSTRAINT "work_records_wage_type_id_hourly_wage_types_id_fk" FOREIGN KEY ("wage_type_id") REFERENCES "public"."hourly_wage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hourly_wage_types_name_idx" ON "hourly_wage_types" USING btree (lower("name")) WHERE "hourly_wage_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ta_monthly_custom_wages_month_idx" ON "ta_monthly_custom_wages" USING btree ("month","ta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_claims_receipt_idx" ON "expense_claims" USING btree ("receipt_file_id");--> statement-breakpoint
CREATE INDEX "expense_claims_ta_idx" ON "expense_claims" USING btree ("ta_id","status");--> statement-breakpoint
CREATE INDEX "expense_claims_pay_month_idx" ON "expense_claims" USING btree ("pay_month");--> statement-breakpoint
CREATE UNIQUE INDEX "work_records_one_open_idx" ON "work_records" USING btree ("ta_id") WHERE "work_records"."status" = 'open';--> statement-breakpoint
CREATE INDEX "work_records_ta_date_idx" ON "work_records" USING btree ("ta_id","work_date");--> statement-breakpoint
CREATE INDEX "work_records_date_idx" ON "work_records" USING btree ("work_date");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study', 'receipt'));