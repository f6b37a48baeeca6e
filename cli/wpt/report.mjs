// The run as `wpt run --log-wptreport` writes it (wptrunner's wptreport formatter: time_start, time_end,
// run_info, and one result per test URL with its subtests), and a summary table by directory.
import path from 'node:path';

const SUBTEST_STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const HARNESS_STATUS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

const subtestOf = (t) => ({ name: t.name, status: SUBTEST_STATUS[t.status] ?? 'FAIL', message: t.message ?? null });

// One wptreport result from runTest()'s record.
export function resultOf({ test, outcome, timedOut, partial, duration }, timeoutMs) {
  const base = { test: test.url, subsuite: '', duration };
  if (outcome?.crash) return { ...base, status: 'CRASH', message: 'the renderer crashed', subtests: partial.map(subtestOf) };
  if (outcome?.error) return { ...base, status: 'ERROR', message: outcome.error, subtests: partial.map(subtestOf) };
  if (outcome?.complete) {
    const { tests, status } = outcome.complete;
    return { ...base, status: timedOut ? 'TIMEOUT' : HARNESS_STATUS[status.status] ?? 'ERROR',
             message: status.message ?? (timedOut ? `timed out after ${timeoutMs / 1000} s` : null), subtests: tests.map(subtestOf) };
  }
  return { ...base, status: 'TIMEOUT', message: `timed out after ${timeoutMs / 1000} s; the page did not answer timeout()`,
           subtests: partial.map(subtestOf) };
}

export function wptreport({ timeStart, timeEnd, runInfo, results }) {
  return { time_start: timeStart, time_end: timeEnd, run_info: runInfo, results, subsuites: {} };
}

// Rows per directory of the test URLs, then the total: tests, their statuses, subtests passed / total.
export function summaryTable(results) {
  const rows = new Map();
  const empty = () => ({ tests: 0, OK: 0, ERROR: 0, TIMEOUT: 0, CRASH: 0, PRECONDITION_FAILED: 0, passed: 0, subtests: 0 });
  const total = empty();
  for (const r of results) {
    const dir = path.posix.dirname(r.test.split(/[?#]/)[0]);
    if (!rows.has(dir)) rows.set(dir, empty());
    for (const row of [rows.get(dir), total]) {
      row.tests++;
      row[r.status]++;
      row.subtests += r.subtests.length;
      row.passed += r.subtests.filter((s) => s.status === 'PASS').length;
    }
  }
  const header = ['directory', 'tests', 'ok', 'error', 'timeout', 'crash', 'subtests passed'];
  const line = (name, c) => [name, c.tests, c.OK, c.ERROR + c.PRECONDITION_FAILED, c.TIMEOUT, c.CRASH,
                             `${c.passed}/${c.subtests}${c.subtests ? ` (${(100 * c.passed / c.subtests).toFixed(1)}%)` : ''}`].map(String);
  const body = [...[...rows].sort(([a], [b]) => a.localeCompare(b)).map(([d, c]) => line(d, c)), line('total', total)];
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const fmt = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...body.map(fmt)].join('\n');
}
