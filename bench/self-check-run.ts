/**
 * `npm run bench:self-check`: only the harness measured against itself (a second copy of the
 * baseline where the server would be). Exits 1 when the ratio is outside 100 % ± 10 %, like the
 * full `npm run bench`, whose run it fails the same way.
 *
 *   npm run bench:self-check -- --seconds 1.5 --pairs 10 --times 3
 */
import { cliArg } from './cli.js';
import { SELF_CHECK_PAIRS, SELF_CHECK_SECONDS, harnessSelfCheck } from './self-check.js';

const seconds = Number(cliArg('seconds', String(SELF_CHECK_SECONDS)));
const pairs = Number(cliArg('pairs', String(SELF_CHECK_PAIRS)));
const times = Number(cliArg('times', '1'));
let failed = 0;
for (let i = 0; i < times; i++) {
  const r = await harnessSelfCheck({ seconds, pairs });
  if (!r.passes) failed++;
}
if (failed) {
  console.error(`the harness self-check was outside its tolerance ${failed} of ${times} times`);
  process.exit(1);
}
