-- A news cursor carries milliseconds (a JS Date): creation times finer than that could fall between two pages.
ALTER TABLE "news" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "created_at" SET DEFAULT now();