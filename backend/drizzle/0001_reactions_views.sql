CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_kind_check" CHECK ("reactions"."kind" in ('like', 'dislike'))
);
--> statement-breakpoint
CREATE TABLE "view_counts" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_counts_content_type_content_id_pk" PRIMARY KEY("content_type","content_id")
);
--> statement-breakpoint
CREATE TABLE "view_marks" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "view_marks_content_type_content_id_viewer_key_pk" PRIMARY KEY("content_type","content_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_target_user_key" ON "reactions" USING btree ("target_type","target_id","user_id");--> statement-breakpoint
CREATE INDEX "reactions_user_idx" ON "reactions" USING btree ("user_id");