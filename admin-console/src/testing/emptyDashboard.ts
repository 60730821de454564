import { answer, json, pageOf } from '@diaspora/test-support';

/** The lists and counts the dashboard loads on opening, all empty (test code only). */
export function answerEmptyDashboard(): void {
  answer.get('/api/admin/activity', () =>
    json({ from: '2026-01-01', to: '2026-01-30', series: [] }),
  );
  answer.get('/api/contact/messages', () => json(pageOf('messages', [], { unread: 0 })));
  answer.get('/api/directory/admin/all', () => json(pageOf('listings', [])));
  answer.get('/api/directory/admin/pending', () => json(pageOf('listings', [])));
  answer.get('/api/events', () => json(pageOf('events', [])));
  answer.get('/api/news', () => json(pageOf('news', [])));
  answer.get('/api/tutorials/enrollments', () => json(pageOf('enrollments', [])));
}
