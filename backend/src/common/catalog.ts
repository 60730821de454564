/** Fixed lists of spec section 9 that the server enforces. */
export const COUNTRIES = [
  'United States',
  'Canada',
  'United Kingdom',
  'Germany',
  'Sweden',
  'Norway',
  'Australia',
  'Ethiopia',
  'Kenya',
  'South Africa',
  'UAE',
  'Other',
] as const;

export const INTERESTS = [
  'culture',
  'youth',
  'development',
  'business',
  'education',
  'technology',
] as const;

export type Country = (typeof COUNTRIES)[number];
export type Interest = (typeof INTERESTS)[number];
