import type { AuthUser } from './auth.decorators';
import { refusalOf, type RouteRules } from './auth.guard';

const routeAdmits = (rules: RouteRules, user: AuthUser) => refusalOf(rules, user) === undefined;

const member: AuthUser = {
  id: 'm',
  role: 'member',
  name: 'Selam',
  email: 'selam@example.com',
  emailVerified: true,
  profileComplete: true,
};
const unconfirmed: AuthUser = { ...member, emailVerified: false };
const admin: AuthUser = { ...member, id: 'a', role: 'admin' };

describe('refusalOf (the guard refusals)', () => {
  const rules = (given: Partial<RouteRules>): RouteRules => ({
    isPublic: false,
    needsVerified: false,
    allowsIncompleteProfile: false,
    ...given,
  });

  it('admits any signed-in caller on public and members-only routes', () => {
    for (const user of [member, unconfirmed, admin]) {
      expect(routeAdmits(rules({ isPublic: true }), user)).toBe(true);
      expect(routeAdmits(rules({}), user)).toBe(true);
    }
  });

  it('refuses a role the route does not name', () => {
    expect(routeAdmits(rules({ roles: ['admin'] }), member)).toBe(false);
    expect(routeAdmits(rules({ roles: ['admin'] }), admin)).toBe(true);
  });

  it('refuses an unconfirmed address where the route needs one', () => {
    expect(routeAdmits(rules({ needsVerified: true }), unconfirmed)).toBe(false);
    expect(routeAdmits(rules({ needsVerified: true }), member)).toBe(true);
  });

  it('leaves a member without a country or profession only their account and profile', () => {
    const incomplete: AuthUser = { ...member, profileComplete: false };
    expect(refusalOf(rules({}), incomplete)?.getResponse()).toMatchObject({
      code: 'PROFILE_INCOMPLETE',
      msg: 'Please complete your profile first: add your country and profession.',
    });
    expect(routeAdmits(rules({ allowsIncompleteProfile: true }), incomplete)).toBe(true);
    expect(routeAdmits(rules({ isPublic: true }), incomplete)).toBe(true);
    // An admin (ADMIN_EMAIL) has none to give.
    expect(routeAdmits(rules({}), { ...admin, profileComplete: false })).toBe(true);
  });

  it('says why: 403 with the reason the member can act on', () => {
    expect(refusalOf(rules({ roles: ['admin'] }), member)?.getStatus()).toBe(403);
    expect(refusalOf(rules({ needsVerified: true }), unconfirmed)?.getResponse()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
  });
});
