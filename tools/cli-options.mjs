// Command-line options of the repository's scripts (bench/, test/wpt, test/fuzz) through node:util's
// parseArgs: each script declares its options once — name, type, default, and the property it lands in —
// and gets typed values back; unknown options and missing values are errors, as parseArgs makes them.
//
//   const o = parseOptions(process.argv.slice(2), {
//     runs: { type: 'number', default: 10 },        // --runs 5        -> o.runs = 5
//     models: { type: 'list' },                      // --models a,b    -> o.models = ['a', 'b'] (default null)
//     threads: { type: 'numbers', default: [1, 2] }, // --threads 1,2   -> o.threads = [1, 2]
//     'no-first-result': { type: 'boolean', key: 'firstResult', negate: true },  // default true
//     verbose: { type: 'boolean', short: 'v' },      // --verbose or -v -> o.verbose = true (default false)
//   });
//
// Types: string, number, list (comma-separated strings), numbers (comma-separated numbers), boolean; a
// `convert(value, name)` of the option's own replaces the type's. The property is the option's name in
// camelCase unless `key` says otherwise.
import { parseArgs } from 'node:util';

function toNumber(text, name) {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) throw new TypeError(`--${name} takes a number, not '${text}'`);
  return n;
}

const CONVERT = {
  string: (text) => text,
  number: toNumber,
  list: (text) => text.split(',').filter(Boolean),
  numbers: (text, name) => text.split(',').filter(Boolean).map((x) => toNumber(x, name)),
};

const camelCase = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

export function parseOptions(argv, spec) {
  const options = {};
  for (const [name, s] of Object.entries(spec)) {
    if (s.type !== 'boolean' && !s.convert && !CONVERT[s.type]) throw new Error(`option --${name}: unknown type ${s.type}`);
    options[name] = { type: s.type === 'boolean' ? 'boolean' : 'string', ...(s.short ? { short: s.short } : {}) };
  }
  const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  const out = {};
  for (const [name, s] of Object.entries(spec)) {
    const key = s.key ?? camelCase(name);
    const given = values[name];
    if (s.type === 'boolean') out[key] = s.negate ? !given : (given ?? false);
    else out[key] = given === undefined ? (s.default ?? null) : (s.convert ?? CONVERT[s.type])(given, name);
  }
  return out;
}

// Runs a script's `async main()` (resolving to its exit code) and exits with that code, or 1 after printing
// `<name>: <stack>` if it throws. The explicit exit matters: our pthread workers and onnxruntime-web's would
// otherwise keep the process alive.
export async function runMain(name, main) {
  let code = 1;
  try {
    code = await main();
  } catch (e) {
    console.error(`${name}: ${e?.stack ?? e}`);
  }
  process.exit(code);
}
