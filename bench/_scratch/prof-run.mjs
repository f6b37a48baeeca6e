import fs from 'node:fs';
import { runBenchPages } from '../browser-pages.mjs';
import { LITERT_MODELS } from '../../test/browser/litert-models.mjs';
const models = process.argv[2] ? LITERT_MODELS.filter((m) => m.includes(process.argv[2])) : LITERT_MODELS;
const r = await runBenchPages({ page: 'bench/_scratch/prof.html', resultName: '__trace', label: 'prof', queries: [{ threads: 1, models: models.join(',') }] });
fs.writeFileSync('/tmp/prof.json', JSON.stringify(r, null, 1));
console.log(r[0].variant ?? r[0].error);
for (const [k, v] of Object.entries(r[0])) { if (!v.steps) continue; console.log('##', k.split('/').pop(), v.tot.toFixed(3)); for (const s of v.steps) console.log('  ', s[0].padEnd(32), s[1].toFixed(4), s[2] ? (s[2] / s[1] / 1e6).toFixed(1) : ''); }
