// Every feature's tables, gathered for drizzle-kit and the typed client.
export * from '../modules/users/users.schema';
export * from '../modules/users/identities.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/reactions/reactions.schema';
export * from '../modules/views/views.schema';
export * from '../modules/comments/comments.schema';
export * from '../modules/news/news.schema';
export * from '../modules/events/events.schema';
export * from '../modules/directory/directory.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/contact/contact.schema';
export * from '../modules/tutorials/tutorials.schema';
export * from '../modules/team/team.schema';
export * from '../modules/auth/account-tokens.schema';
export * from '../modules/reminders/reminders.schema';
export * from '../modules/notifications/notifications.schema';
