import { afterAll, afterEach } from 'vitest';
import { takeResponseFailures } from './openapi-response-check.js';

/**
 * The server project's setup file: a test whose requests got answers off the OpenAPI document
 * (an undocumented status, a body off its schema) fails here, after its own assertions.
 */
function failOnMismatches(): void {
  const found = takeResponseFailures();
  if (found.length > 0) {
    throw new Error(`Answers that do not match the OpenAPI document (test/openapi-response-check.ts):\n- ${found.join('\n- ')}`);
  }
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
