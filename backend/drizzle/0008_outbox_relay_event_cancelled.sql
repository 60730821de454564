ALTER TABLE "mail_messages" ADD COLUMN "enqueued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_messages_outbox_idx" ON "mail_messages" USING btree ("created_at") WHERE "mail_messages"."status" = 'queued';--> statement-breakpoint
-- Messages queued before the relay existed were already handed to the queue.
UPDATE "mail_messages" SET "enqueued_at" = "created_at" WHERE "status" = 'queued';--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;