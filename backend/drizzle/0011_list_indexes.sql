DROP INDEX "news_published_at_idx";--> statement-breakpoint
DROP INDEX "directory_listings_status_idx";--> statement-breakpoint
CREATE INDEX "news_published_at_idx" ON "news" USING btree ("published","published_at" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "directory_listings_status_idx" ON "directory_listings" USING btree ("status","featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);