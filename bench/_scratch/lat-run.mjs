import { runBenchPages } from '../browser-pages.mjs';
import { LITERT_MODELS } from '../../test/browser/litert-models.mjs';
const r = await runBenchPages({ page: 'bench/_scratch/lat.html', resultName: '__trace', label: 'lat', queries: [{ threads: 1, models: LITERT_MODELS.join(',') }] });
for (const [k, v] of Object.entries(r[0])) { console.log('##', k.split('/').pop()); for (const row of v) console.log(JSON.stringify(row)); }
