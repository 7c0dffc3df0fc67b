CREATE TABLE "ended_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_member_id_idx" ON "ended_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ended_sessions_expires_at_idx" ON "ended_sessions" USING btree ("expires_at");