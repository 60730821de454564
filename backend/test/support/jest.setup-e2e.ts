import { takeContractMismatches } from './openapi-contract';

// Each test's answers must be what the OpenAPI document says (support/openapi-contract.ts).
afterEach(() => {
  const found = takeContractMismatches();
  if (found.length === 0) return;
  const lines = found.map((m) => `${m.operation} → ${m.status}: ${m.problem}`);
  throw new Error(
    `answers that differ from the OpenAPI document:\n${[...new Set(lines)].join('\n')}`,
  );
});
