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
--> statement-breakpoint
CREATE TABLE "wage_type_rates" (
	"wage_type_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rate" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wage_type_rates_wage_type_id_effective_from_pk" PRIMARY KEY("wage_type_id","effective_from"),
	CONSTRAINT "wage_type_rates_rate_check" CHECK (coalesce("wage_type_rates"."rate", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "wage_type_rates" ADD CONSTRAINT "wage_type_rates_wage_type_id_hourly_wage_types_id_fk" FOREIGN KEY ("wage_type_id") REFERENCES "public"."hourly_wage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "wage_type_rates" ("wage_type_id", "effective_from", "rate") SELECT "id", '1900-01-01', "rate" FROM "hourly_wage_types";
