CREATE TABLE "directory_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"email" text,
	"phone" text,
	"website" text,
	"street" text,
	"city" text,
	"state" text,
	"country" text NOT NULL,
	"postal_code" text,
	"hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"social_media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" jsonb,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"verified" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, coalesce(tags, '[]'::jsonb), '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_listings_search_idx" ON "directory_listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "directory_listings_status_idx" ON "directory_listings" USING btree ("status","featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "directory_listings_owner_idx" ON "directory_listings" USING btree ("owner_id","created_at" DESC NULLS FIRST);