DROP INDEX "comments_thread_idx";--> statement-breakpoint
DROP INDEX "comments_parent_idx";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("content_type","content_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at","id");