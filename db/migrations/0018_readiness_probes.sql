CREATE TABLE "readiness_probes" (
	"host" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
