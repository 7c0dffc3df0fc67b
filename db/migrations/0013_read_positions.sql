CREATE TABLE "read_positions" (
	"profile_id" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "read_positions_profile_id_discussion_id_pk" PRIMARY KEY("profile_id","discussion_id")
);
--> statement-breakpoint
ALTER TABLE "read_positions" ADD CONSTRAINT "read_positions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_positions" ADD CONSTRAINT "read_positions_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_positions_discussion_id_idx" ON "read_positions" USING btree ("discussion_id");