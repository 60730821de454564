import { Language, MemberStatus, type User } from '@diaspora/api-client';

/** A signed-in member whose address is not yet confirmed. */
export const member: User = {
  _id: 'u1',
  name: 'Hanna',
  email: 'hanna@example.com',
  status: MemberStatus.pending,
  language: Language.en,
  role: 'member',
  country: 'Canada',
  profession: 'Nurse',
  languages: [],
  skills: [],
  interests: [],
  socialLinks: {},
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
