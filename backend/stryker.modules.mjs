// The modules that hold the platform's rules and boundaries, each with the unit specs that test
// them: the mutation stage (scripts/mutation.mjs, docs/adr/0041) holds every one to its floor.
export const MUTATION_FLOOR = 80;

export const MUTATION_MODULES = [
  {
    name: 'event rules and time zones',
    files: ['src/modules/events/events.rules.ts', 'src/modules/events/venue-time.ts'],
    specs: ['src/modules/events/events.rules.spec.ts', 'src/modules/events/venue-time.spec.ts'],
  },
  {
    name: 'rate limits',
    files: ['src/common/rate-limit/rate-limit.store.ts'],
    specs: ['src/common/rate-limit/rate-limit.store.spec.ts'],
  },
  {
    name: 'configuration',
    files: ['src/config/config.ts'],
    specs: ['src/config/config.spec.ts'],
  },
  {
    name: 'validation pipe',
    files: ['src/common/validation/validation.pipe.ts'],
    specs: ['src/common/validation/validation.pipe.spec.ts'],
  },
  {
    name: 'error texts',
    files: ['src/common/errors/app-exception.ts', 'src/common/errors/error-body.ts'],
    specs: ['src/common/errors/app-exception.spec.ts', 'src/common/errors/error-body.spec.ts'],
  },
  {
    name: 'pagination',
    files: ['src/common/pagination/pagination.ts'],
    specs: ['src/common/pagination/pagination.spec.ts'],
  },
  {
    name: 'password policy',
    files: ['src/modules/auth/password-policy.ts'],
    specs: ['src/modules/auth/password-policy.spec.ts'],
  },
];

/** Where a module's run (or `all`) leaves its report, relative to backend/. */
export function reportOf(name, ext) {
  return `../tmp/mutation/${name.replace(/[^a-z0-9]+/gi, '-')}.${ext}`;
}
