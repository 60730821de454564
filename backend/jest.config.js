/** Backend tests: unit specs beside the code, API e2e specs in test/ against a real database. */
const swc = JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'));
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testRegex: process.env.JEST_SMOKE
    ? 'test/smoke/.*\\.smoke-spec\\.ts$'
    : process.env.JEST_FUZZ
      ? 'test/fuzz/.*\\.fuzz-spec\\.ts$'
      : '(src/.*\\.spec|test/.*\\.e2e-spec)\\.ts$',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Every answer an API suite receives is checked against the OpenAPI document.
  setupFilesAfterEnv: ['<rootDir>/test/support/jest.setup-e2e.ts'],
  // Generous: suites start their own app and hash passwords, on a shared two-core machine.
  testTimeout: 60000,
  maxWorkers: process.env.JEST_WORKERS ? Number(process.env.JEST_WORKERS) : 2,
};
