// The console's dates, in en-US (spec 9).

/** "Mar 5, 2026". */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Mar 5, 2026, 5:04 PM": moderation details, the inbox and the audit log. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
