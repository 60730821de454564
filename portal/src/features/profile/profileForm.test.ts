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
    // A host without a domain is refused here as the API would refuse it after the send.
    form.socialLinks.linkedin = 'https://mysite';
    expect(Object.keys(validateProfile(form)).sort()).toEqual([
      'country',
      'linkedin',
      'name',
      'profession',
      'website',
    ]);
    form.socialLinks.linkedin = 'https://www.linkedin.com/in/abebe';
    expect(validateProfile(form).linkedin).toBeUndefined();
  });

  it('asks for a listed country and builds no request without one', () => {
    const form = { ...toProfileForm(user), country: 'Atlantis' };
    expect(validateProfile(form).country).toBe('profile:required');
    expect(toUpdateProfileRequest(form, user.interests)).toBeUndefined();
  });
});
