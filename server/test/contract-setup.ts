/**
 * Vitest setup of the API project: a test fails when an answer of the app departed from the
 * contract during it, even if the test caught the `ContractViolation` its call threw.
 */
import { afterEach, expect } from 'vitest';
import { takeViolations } from './contract-check.ts';

afterEach(() => {
  const violations = takeViolations();
  expect(violations, 'answers that depart from contract/openapi.json').toEqual([]);
});
