import { runBenchPages } from '../browser-pages.mjs';
const r = await runBenchPages({ page: 'bench/_scratch/sig.html', resultName: '__trace', label: 'sig', queries: [{ threads: 1 }] });
console.log(JSON.stringify(r[0], null, 1));
