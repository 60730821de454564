import { newUser } from '@diaspora/test-support';
import { describe, expect, it } from 'vitest';
import { toProfileForm, toUpdateProfileRequest, validateProfile } from './profileForm';

const user = newUser({
  name: 'Hanna',
  email: 'hanna@example.com',
  country: 'Canada',
  profession: 'Nurse',
  languages: ['Amharic', 'English'],
  interests: ['youth'],
});

describe('profile form', () => {
  it('round-trips comma-separated lists', () => {
    const form = { ...toProfileForm(user), skills: 'care, triage ,' };
    expect(toUpdateProfileRequest(form, user.interests)).toMatchObject({
      languages: ['Amharic', 'English'],
      skills: ['care', 'triage'],
      email: 'hanna@example.com',
      country: 'Canada',
      interests: ['youth'],
    });
  });

  it('requires name, country and profession and checks link URLs', () => {
    const form = toProfileForm(newUser({ name: '', profession: '', country: null }));
    form.socialLinks.website = 'not a url';
    expect(Object.keys(validateProfile(form)).sort()).toEqual([
      'country',
      'name',
      'profession',
      'website',
    ]);
  });

  it('asks for a listed country and builds no request without one', () => {
    const form = { ...toProfileForm(user), country: 'Atlantis' };
    expect(validateProfile(form).country).toBe('profile:required');
    expect(toUpdateProfileRequest(form, user.interests)).toBeUndefined();
  });
});
