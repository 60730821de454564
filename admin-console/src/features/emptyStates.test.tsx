import { i18n } from '@diaspora/i18n';
import { answer, json, newUser, pageOf } from '@diaspora/test-support';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../testing/renderInConsole';
import { AuditLogTab } from './audit/AuditLogTab';
import { MessagesTab } from './messages/MessagesTab';
import { NewsTab } from './news/NewsTab';
import { CoursesPanel } from './tutorials/CoursesPanel';
import { TeamPanel } from './tutorials/TeamPanel';
import { UsersTab } from './users/UsersTab';

interface EmptyList {
  name: string;
  List: ComponentType;
  /** Its empty title in English, and that text's key. */
  title: string;
  key: string;
  serve: () => void;
}

/** Each console list with nothing in it. */
const LISTS: EmptyList[] = [
  {
    name: 'users',
    List: UsersTab,
    title: 'No users found',
    key: 'admin:users.empty',
    serve: () => {
      localStorage.setItem('token', 't');
      answer.get('/api/auth/me', () => json(newUser({ _id: 'me', role: 'admin' })));
      answer.get('/api/users', () => json(pageOf('users', [])));
    },
  },
  {
    name: 'news',
    List: NewsTab,
    title: 'No news articles yet',
    key: 'news:admin.empty',
    serve: () => answer.get('/api/news', () => json(pageOf('news', []))),
  },
  {
    name: 'team',
    List: TeamPanel,
    title: 'No team members yet',
    key: 'team:admin.empty',
    serve: () => answer.get('/api/team', () => json([])),
  },
  {
    name: 'courses',
    List: CoursesPanel,
    title: 'No courses yet',
    key: 'tutorials:admin.courses.empty',
    serve: () => answer.get('/api/tutorials/courses', () => json([])),
  },
  {
    name: 'messages',
    List: MessagesTab,
    title: 'No contact messages yet',
    key: 'adminMessages:empty',
    serve: () =>
      answer.get('/api/contact/messages', () => json(pageOf('messages', [], { unread: 0 }))),
  },
  {
    name: 'audit',
    List: AuditLogTab,
    title: 'No admin actions recorded yet',
    key: 'adminAudit:empty',
    serve: () => answer.get('/api/admin/audit', () => json(pageOf('entries', []))),
  },
];

describe('empty lists', () => {
  it.each(LISTS)(
    'the $name list says so in a short label, without a full stop',
    async ({ List, title, key, serve }) => {
      serve();
      renderInConsole(<List />);
      expect(await screen.findByText(title, { selector: '.empty-state__title' })).toBeVisible();
      // Amharic's full stop (።) goes too.
      expect(i18n.t(key, { lng: 'am' })).not.toMatch(/[.።]$/);
    },
  );
});
