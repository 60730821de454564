import {
  toCountry,
  type SocialLinks,
  type UpdateProfileRequest,
  type User,
} from '@diaspora/api-client';

export const SOCIAL_NETWORKS = [
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
  'website',
  'youtube',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The editable profile as text fields; languages and skills are comma-separated. */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  country: string;
  profession: string;
  bio: string;
  company: string;
  jobTitle: string;
  experience: string;
  education: string;
  languages: string;
  skills: string;
  /** An IANA name ('' for none): the weekly digest comes at 08:00 on Monday in it. */
  timeZone: string;
  socialLinks: Record<SocialNetwork, string>;
}

export type ProfileErrors = Partial<
  Record<'name' | 'country' | 'profession' | SocialNetwork, string>
>;

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function toProfileForm(user: User): ProfileForm {
  const links: SocialLinks = user.socialLinks ?? {};
  return {
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    country: user.country ?? '',
    profession: user.profession ?? '',
    bio: user.bio ?? '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
    experience: user.experience ?? '',
    education: user.education ?? '',
    languages: user.languages.join(', '),
    skills: user.skills.join(', '),
    timeZone: user.timeZone ?? '',
    socialLinks: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, links[network] ?? '']),
    ) as Record<SocialNetwork, string>,
  };
}

/**
 * The zones the browser knows, with the member's own first when the list spells it otherwise
 * (an alias such as Asia/Calcutta), so the select always shows what is saved.
 */
export function timeZoneChoices(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes('UTC') ? known : [...known, 'UTC'];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** A web address as the API takes it: http(s), and a host with a domain (`https://mysite` is not). */
function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    return web && /\.[^.]{2,}$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** Spec section 5: name, country and profession required; social links must be URLs. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!form.name.trim()) errors.name = 'profile:required';
  // The select offers only the listed countries: anything else is no choice yet.
  if (!toCountry(form.country)) errors.country = 'profile:required';
  if (!form.profession.trim()) errors.profession = 'profile:required';
  for (const network of SOCIAL_NETWORKS) {
    const value = form.socialLinks[network].trim();
    if (value && !isUrl(value)) errors[network] = 'profile:urlInvalid';
  }
  return errors;
}

/** The request body of a form that passes validateProfile (undefined otherwise). */
export function toUpdateProfileRequest(
  form: ProfileForm,
  interests: User['interests'],
): UpdateProfileRequest | undefined {
  const country = toCountry(form.country);
  if (!country) return undefined;
  const socialLinks: SocialLinks = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, form.socialLinks[network].trim()]),
  );
  return {
    name: form.name.trim(),
    email: form.email,
    phone: form.phone.trim(),
    country,
    profession: form.profession.trim(),
    bio: form.bio.trim(),
    company: form.company.trim(),
    jobTitle: form.jobTitle.trim(),
    experience: form.experience.trim(),
    education: form.education.trim(),
    languages: splitList(form.languages),
    skills: splitList(form.skills),
    timeZone: form.timeZone,
    interests,
    socialLinks,
  };
}
