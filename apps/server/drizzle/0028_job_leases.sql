CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_renewed_at_idx" ON "job_leases" USING btree ("renewed_at");