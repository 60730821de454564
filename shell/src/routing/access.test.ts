import type { User } from '@diaspora/api-client';
import { describe, expect, it } from 'vitest';
import { accessForPath, decideAccess } from './access';

const member = { role: 'member' } as User;
const admin = { role: 'admin' } as User;
const guest = { loading: false, isAuthenticated: false, user: null };

describe('decideAccess', () => {
  it('waits while the session loads', () => {
    expect(decideAccess('member', { ...guest, loading: true })).toEqual({ kind: 'wait' });
  });

  it('sends guests to /login from member and admin pages', () => {
    expect(decideAccess('member', guest)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess('admin', guest)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends signed-in non-admins from admin pages to /', () => {
    const session = { loading: false, isAuthenticated: true, user: member };
    expect(decideAccess('admin', session)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess('member', session)).toEqual({ kind: 'allow' });
  });

  it('lets admins in and everyone onto public pages', () => {
    expect(decideAccess('admin', { loading: false, isAuthenticated: true, user: admin })).toEqual({
      kind: 'allow',
    });
    expect(decideAccess('all', { ...guest, loading: true })).toEqual({ kind: 'allow' });
  });

  it('protects /profile only among portal paths', () => {
    expect(accessForPath('/profile')).toBe('member');
    expect(accessForPath('/profile/')).toBe('member');
    expect(accessForPath('/events')).toBe('all');
    expect(accessForPath('/admin')).toBe('admin');
    expect(accessForPath('/admin/tutorials')).toBe('admin');
    expect(accessForPath('/admin/check-in/e1')).toBe('member');
    expect(accessForPath('/admin/check-inx')).toBe('admin');
  });
});
