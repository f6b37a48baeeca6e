// The relaxed-simd-threaded build: the loader picks it where the engine validates f32x4.relaxed_madd
// and falls back to simd-threaded elsewhere or with `relaxedSimd: false`. Node 20's V8 switches relaxed SIMD
// with --[no-]experimental-wasm-relaxed-simd (off by default), so child processes with either flag are the
// two kinds of engine; Node 22's V8 has it on and rejects both flags, so there the children run unflagged
// and the fallback case, which needs an engine without relaxed SIMD, is skipped (tools/test-node22.sh).
// In each, a matmul and a conv2d (the relaxed GEMM and IGEMM tiles) must agree with a double-precision
// reference within 4 float ULPs of the sum of |products|.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { RELAXED_SIMD_OFF, RELAXED_SIMD_ON, hasRelaxedSimdSwitch } from './node-variant.mjs';

// A V8 without the switch is one that ships relaxed SIMD (node-variant.mjs): on, and no way to turn it off.
const SWITCH = hasRelaxedSimdSwitch();
const FLAG = SWITCH ? [RELAXED_SIMD_ON] : [];
const NO_FLAG = SWITCH ? [RELAXED_SIMD_OFF] : null;
const CANNOT_TURN_OFF = !SWITCH && `this Node (V8 ${process.versions.v8}) cannot turn relaxed SIMD off`;
const index = new URL('../../../dist/index.mjs', import.meta.url).href;

// Runs in the child: loads the runtime with `options`, computes both graphs, prints what it saw.
const child = (options) => `
import { createML, runtimeInfo, MLGraphBuilder } from ${JSON.stringify(index)};
const probe = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 61, 1, 59, 0,
  ...[0, 0, 0].flatMap(() => [253, 12, ...new Array(16).fill(0)]), 253, 133, 2, 11];
const ml = createML(${JSON.stringify(options)});
const context = await ml.createContext();
const b = new MLGraphBuilder(context);
const rand = (n, seed) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + seed) * 0.5);
const [m, k, n] = [37, 300, 45];
const a = rand(m * k, 1), w = rand(k * n, 2), x = rand(2 * 9 * 9 * 16, 3), f = rand(24 * 3 * 3 * 16, 4);
const y = b.matmul(b.input('a', { dataType: 'float32', shape: [m, k] }), b.constant({ dataType: 'float32', shape: [k, n] }, w));
const z = b.conv2d(b.input('x', { dataType: 'float32', shape: [2, 9, 9, 16] }),
                   b.constant({ dataType: 'float32', shape: [24, 3, 3, 16] }, f),
                   { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [1, 1, 1, 1] });
const graph = await b.build({ y, z });
const tensor = (shape, writable) => context.createTensor({ dataType: 'float32', shape, writable, readable: !writable });
const [at, xt, yt, zt] = await Promise.all([tensor([m, k], true), tensor([2, 9, 9, 16], true), tensor([m, n]), tensor([2, 9, 9, 24])]);
context.writeTensor(at, a);
context.writeTensor(xt, x);
context.dispatch(graph, { a: at, x: xt }, { y: yt, z: zt });
const got = { y: new Float32Array(await context.readTensor(yt)), z: new Float32Array(await context.readTensor(zt)) };
// Worst error over |sum| of |products| (the scale one rounding per product is relative to), in float ULPs.
let worst = 0;
const check = (v, exact, absSum) => { worst = Math.max(worst, Math.abs(v - exact) / (absSum * 2 ** -23)); };
for (let i = 0; i < m; ++i) for (let j = 0; j < n; ++j) {
  let s = 0, t = 0;
  for (let q = 0; q < k; ++q) { s += a[i * k + q] * w[q * n + j]; t += Math.abs(a[i * k + q] * w[q * n + j]); }
  check(got.y[i * n + j], s, t);
}
for (let bi = 0; bi < 2; ++bi) for (let h = 0; h < 9; ++h) for (let wi = 0; wi < 9; ++wi) for (let o = 0; o < 24; ++o) {
  let s = 0, t = 0;
  for (let dh = -1; dh <= 1; ++dh) for (let dw = -1; dw <= 1; ++dw) {
    if (h + dh < 0 || h + dh >= 9 || wi + dw < 0 || wi + dw >= 9) continue;
    for (let c = 0; c < 16; ++c) {
      const p = x[((bi * 9 + h + dh) * 9 + wi + dw) * 16 + c] * f[((o * 3 + dh + 1) * 3 + dw + 1) * 16 + c];
      s += p; t += Math.abs(p);
    }
  }
  check(got.z[((bi * 9 + h) * 9 + wi) * 24 + o], s, t);
}
console.log(JSON.stringify({ info: await runtimeInfo(), validates: WebAssembly.validate(new Uint8Array(probe)), worst }));
`;

function run(flags, options = {}) {
  const r = spawnSync(process.execPath, [...flags, '--no-experimental-fetch', '--input-type=module', '-e', child(options)],
                      { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test('picks relaxed-simd-threaded where relaxed SIMD validates', () => {
  const r = run(FLAG);
  assert.equal(r.validates, true);
  assert.equal(r.info.variant, 'relaxed-simd-threaded');
  assert.ok(r.worst <= 4, `worst error ${r.worst} ULP of the sum of |products|`);
});

test('falls back to simd-threaded where it does not', { skip: CANNOT_TURN_OFF }, () => {
  const r = run(NO_FLAG);
  assert.equal(r.validates, false);
  assert.equal(r.info.variant, 'simd-threaded');
  assert.ok(r.worst <= 4, `worst error ${r.worst} ULP of the sum of |products|`);
});

test('relaxedSimd: false keeps simd-threaded even where relaxed SIMD validates', () => {
  const r = run(FLAG, { relaxedSimd: false });
  assert.equal(r.info.variant, 'simd-threaded');
});

test('threads: false runs simd, relaxed SIMD or not', () => {
  assert.equal(run(FLAG, { threads: false }).info.variant, 'simd');
});
