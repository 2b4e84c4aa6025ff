CREATE TABLE "ta_wage_rates" (
	"user_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"hourly_wage" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ta_wage_rates_user_id_effective_from_pk" PRIMARY KEY("user_id","effective_from"),
	CONSTRAINT "ta_wage_rates_amount_check" CHECK (coalesce("ta_wage_rates"."hourly_wage", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "ta_wage_rates" ADD CONSTRAINT "ta_wage_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ta_wage_rates" ("user_id", "effective_from", "hourly_wage") SELECT "user_id", '1900-01-01', "hourly_wage" FROM "ta_profiles";
