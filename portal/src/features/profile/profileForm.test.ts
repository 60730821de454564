import { Language, MemberStatus, type User } from '@diaspora/api-client';
import { describe, expect, it } from 'vitest';
import { toProfileForm, toUpdateProfileRequest, validateProfile } from './profileForm';

const user: User = {
  _id: 'u1',
  name: 'Hanna',
  email: 'hanna@example.com',
  status: MemberStatus.pending,
  language: Language.en,
  role: 'member',
  country: 'Canada',
  profession: 'Nurse',
  languages: ['Amharic', 'English'],
  skills: [],
  interests: ['youth'],
  socialLinks: {},
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('profile form', () => {
  it('round-trips comma-separated lists', () => {
    const form = { ...toProfileForm(user), skills: 'care, triage ,' };
    const request = toUpdateProfileRequest(form, user.interests);
    expect(request.languages).toEqual(['Amharic', 'English']);
    expect(request.skills).toEqual(['care', 'triage']);
    expect(request.email).toBe('hanna@example.com');
  });

  it('requires name, country and profession and checks link URLs', () => {
    const form = toProfileForm({ ...user, name: '', profession: '', country: '' });
    form.socialLinks.website = 'not a url';
    expect(Object.keys(validateProfile(form)).sort()).toEqual([
      'country',
      'name',
      'profession',
      'website',
    ]);
  });
});
