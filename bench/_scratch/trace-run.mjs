import fs from 'node:fs';
import { runBenchPages } from '../browser-pages.mjs';
import { LITERT_MODELS } from '../../test/browser/litert-models.mjs';
const r = await runBenchPages({ page: 'bench/_scratch/trace.html', resultName: '__trace', label: 'trace', queries: [{ threads: 1, models: LITERT_MODELS.join(',') }] });
fs.writeFileSync('/tmp/trace.json', JSON.stringify(r, null, 1));
for (const [k, v] of Object.entries(r[0])) { console.log('##', k, v.length); }
