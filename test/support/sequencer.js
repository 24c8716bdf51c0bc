/**
 * The order jest starts test files in, with several workers: the longest first, so that no long file starts last and
 * runs alone at the end. Jest's own order needs timings of an earlier run (its cache), which a fresh clone has not got:
 * without them it goes by file size, and the writes property's shards are small files that run for minutes. So the
 * files known to be long come first (heaviest first), then jest's own order for the rest. The hole-class tests (insider/:
 * a user widening their own access, approving their own record…; the rate limit) are short but go right after the
 * properties, so that a removed security rule fails the run within minutes (npm run bench:rules).
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG = [
  /writes-\d+\.property\.test/,
  /authz\.property\.test/,
  /\/insider\//,
  /\/rate-limit\.test/,
  /hostile-input\.test/,
  /\/e2e\//,
  /resources\.generic\.test/,
  /fuzz\.test/,
  /\/failure\//,
];

class LongFirst extends Sequencer {
  sort(tests) {
    const rank = (t) => {
      const i = LONG.findIndex((re) => re.test(t.path));
      return i < 0 ? LONG.length : i;
    };
    const own = super.sort(tests);
    return [...own].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirst;
