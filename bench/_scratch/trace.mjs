import { loadAndCompile, loadLiteRt } from '/node_modules/@litertjs/core/dist/index.js';
const q = new URLSearchParams(location.search);
const models = q.get('models').split(',');
const log = [];
let timing = {};
function instrument() {
  const P = MLGraphBuilder.prototype;
  for (const name of Object.getOwnPropertyNames(P)) {
    const d = Object.getOwnPropertyDescriptor(P, name);
    if (typeof d.value !== 'function' || name === 'constructor') continue;
    const original = d.value;
    P[name] = function (...args) {
      const t0 = performance.now();
      const r = original.apply(this, args);
      const dt = performance.now() - t0;
      (timing[name] ??= { n: 0, ms: 0 }).n++; timing[name].ms += dt;
      if (name === 'build') r.then(() => { (timing.buildAsync ??= { n: 0, ms: 0 }).n++; timing.buildAsync.ms += performance.now() - t0; });
      const shapeOf = (a) => (a && a.shape ? `${a.dataType}[${a.shape}]` : (typeof a === 'object' && a && !ArrayBuffer.isView(a) ? JSON.stringify(a, (k, v) => (v && v.shape ? `op[${v.shape}]` : v)).slice(0, 160) : String(a).slice(0, 40)));
      if (name === 'build') log.push('BUILD ' + Object.keys(args[0]).join(','));
      if (name === 'input') log.push('INPUT ' + args[0] + ' ' + JSON.stringify(args[1]));
      if (name === 'constant' && args[1] && args[0].shape && args[0].shape.length === 4) {
        const d = new Float32Array(args[1].buffer ?? args[1], args[1].byteOffset ?? 0, (args[1].byteLength ?? 0) / 4);
        const [o, h, w, i] = args[0].shape;
        let z = 0; for (const v of d) z += v === 0;
        // blocks of 8 consecutive output channels at one (h, w, i) all zero
        let zb = 0, nb = 0;
        for (let k = 0; k < h * w * i; ++k) for (let ob = 0; ob + 8 <= o; ob += 8) { let all = true; for (let j = 0; j < 8; ++j) if (d[(ob + j) * h * w * i + k] !== 0) { all = false; break; } zb += all; nb++; }
        log.push(`constant ${args[0].dataType}[${args[0].shape}] zeros ${(z / d.length * 100).toFixed(0)}% zero8blocks ${nb ? (zb / nb * 100).toFixed(0) : '-'}%`);
      }
      if (name !== 'constant' && name !== 'input') log.push(`${name}(${args.map(shapeOf).join(', ')}) -> ${r && r.shape ? `[${r.shape}]` : Array.isArray(r) ? r.map((x) => `[${x.shape}]`).join(' ') : ''}`);
      return r;
    };
  }
}
async function main() {
  const lib = await import('/dist/index.mjs');
  lib.install({ numThreads: 1, mode: 'force' });
  instrument();
  await loadLiteRt('/node_modules/@litertjs/core/wasm/', { jspi: true });
  const out = {};
  for (const url of models) {
    log.length = 0;
    timing = {};
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const t0 = performance.now();
    const m = await loadAndCompile(bytes, { accelerator: 'webnn' });
    const total = performance.now() - t0;
    const t1 = performance.now();
    const m2 = await loadAndCompile(bytes, { accelerator: 'wasm' });
    const wasmMs = performance.now() - t1;
    m2.delete();
    out[url] = [...log, 'TIMING ' + JSON.stringify({ total, wasmMs, ...Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, `${v.n}x ${v.ms.toFixed(1)}`])) })];
    m.delete();
  }
  return out;
}
main().then((r) => { window.__trace = r; }, (e) => { window.__trace = { error: String(e?.stack ?? e) }; });
