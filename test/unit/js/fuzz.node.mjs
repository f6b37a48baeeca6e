// The fuzzer (test/fuzz) on a fixed budget: 3000 seeded cases on the single-threaded build, 500 on the
// threaded build, and every case of test/fuzz/regressions.json on the build it failed on. Valid graphs
// are checked against the float64 reference, invalid calls must throw the spec's exception; a trap,
// hang, crash or mismatch fails. Library bugs listed as known issues are counted, not failed (and
// must still reproduce). Each build runs in its own process (a process loads one build).
// Longer runs: npm run fuzz -- --seed S --count N [--threads 2].
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

import { checkGraph, referenceOutputs } from '../../fuzz/check.mjs';
import { generateCase } from '../../fuzz/generate.mjs';
import { OPS } from '../../fuzz/ops.mjs';

const RUN = new URL('../../fuzz/run.mjs', import.meta.url).pathname;
const SEED = 20261125;

function fuzz(args) {
  const r = spawnSync(process.execPath, ['--no-experimental-fetch', RUN, ...args, '--quiet'],
                      { encoding: 'utf8', timeout: 240000, maxBuffer: 1 << 26 });
  assert.ok(r.stdout.trim(), `no summary (exit ${r.status}, signal ${r.signal}): ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout);
}

// The summary's failures as readable lines, so that an assertion shows what failed and how to repeat it.
const failures = (s) => s.failures.map((f) => `seed ${f.seed} index ${f.index} threads ${f.threads}: ${f.type}: ${f.what ?? ''} ${f.message}`);

function assertBudgetRun(s, count) {
  assert.deepEqual(failures(s), []);
  assert.deepEqual(s.fixedKnownFailures, []);
  assert.equal(s.cases, count);
  assert.ok(s.valid >= 0.5 * count, `valid graphs compared: ${s.valid}`);
  assert.ok(s.invalid + s.api >= 0.3 * count, `invalid calls: ${s.invalid + s.api}`);
  assert.ok(s.comparedOutputs >= s.valid, `outputs compared: ${s.comparedOutputs}`);
  assert.ok(s.checkedElements > 100 * s.valid, `elements compared: ${s.checkedElements}`);
  assert.ok(s.uncheckedElements < 0.05 * s.checkedElements, `elements left unchecked: ${s.uncheckedElements}`);
}

test(`single-threaded build: 3000 fuzz cases of seed ${SEED}`, () => {
  const s = fuzz(['--seed', String(SEED), '--count', '3000', '--threads', '1']);
  assertBudgetRun(s, 3000);
  // Every operator of the catalogue built, ran and was compared several times, and was misused.
  const thin = Object.keys(OPS).filter((op) => !(s.perOp[op]?.valid >= 5 && s.perOp[op]?.invalid >= 1));
  assert.deepEqual(thin, [], `operators seldom reached: ${JSON.stringify(thin.map((op) => [op, s.perOp[op]]))}`);
  assert.ok(s.big >= 30, `large graphs: ${s.big}`);
});

test(`threaded build: 500 fuzz cases of seed ${SEED + 1}`, () => {
  assertBudgetRun(fuzz(['--seed', String(SEED + 1), '--count', '500', '--threads', '2']), 500);
});

for (const threads of [1, 2]) {
  test(`regression cases on the ${threads === 1 ? 'single-threaded' : 'threaded'} build`, () => {
    const s = fuzz(['--regressions', new URL('../../fuzz/regressions.json', import.meta.url).pathname, '--threads', String(threads)]);
    assert.ok(s.cases > 0);
    assert.deepEqual(failures(s), []);
    assert.deepEqual(s.fixedKnownFailures, [], 'a known issue no longer reproduces: update test/fuzz/regressions.json');
    assert.deepEqual(s.staleRegressions, [], 'cases of an older generator: find them again and update regressions.json');
  });
}

// The checker itself: a perfect library (the reference, rounded once) passes every valid case, and a
// wrong value in any output is caught.
test('the checker passes exact results and catches wrong ones', () => {
  const wrong = (v, float) => (float ? (Number.isFinite(v) ? v * 1.01 + 0.5 : 1) : v === 5 ? 6 : 5);
  let valid = 0;
  let single = 0;
  let singleCaught = 0;
  for (let index = 0; valid < 300; index++) {
    const c = generateCase(SEED + 2, index);
    if (c.kind !== 'valid') continue;
    valid++;
    const exact = referenceOutputs(c);
    const r = checkGraph(c, exact);
    assert.equal(r.failure, null, `index ${index}: ${JSON.stringify(r.failure)}`);
    if (!r.checked) continue;
    const allWrong = new Map([...exact].map(([id, t]) => [id, t.map((v) => wrong(v, t instanceof Float32Array))]));
    assert.ok(checkGraph(c, allWrong).failure, `index ${index}: wrong outputs passed`);
    // One wrong element (the middle one of the first output): caught unless the spec leaves it open.
    const [id, t] = [...exact][0];
    const one = t.slice();
    one[one.length >> 1] = wrong(one[one.length >> 1], t instanceof Float32Array);
    single++;
    if (checkGraph(c, new Map([...exact, [id, one]])).failure) singleCaught++;
  }
  assert.ok(singleCaught >= 0.97 * single, `single wrong elements caught: ${singleCaught} of ${single}`);
});
