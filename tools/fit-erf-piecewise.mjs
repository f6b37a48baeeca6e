// Fits the piecewise erf of kernels/f32-vunary/f32-verf-wasmsimd-u8.cc and checks it in float32:
//   [0, 1):         erf(x) = x + x * P0(x^2)          (relative error; P0 = erf(x) / x - 1 is at most 0.16
//                                                      in size, so its rounding weighs little against x's)
//   [k, k+1), k>=1: erf(x) = 1 - Pk(x - k - 0.5)       (Pk ~ erfc: absolute error, far below erf's ULP)
//   [X, inf):       erf(x) = 1                          (1 - erfc(X) rounds to 1 in float32)
// Each Pk has `terms` coefficients, fitted by Lawson-weighted least squares in doubles (minimax in the
// limit), then rounded to float32; the kernel picks a lane's coefficients from one v128 per power
// (i8x16.swizzle), so the intervals share the term count. Reports the float32 evaluation's error in ULP
// against the correctly rounded erf over every float in [0.25, X) and every 64th below.
// With `fma`, each multiply-add rounds once (the relaxed-SIMD kernel on a host with FMA).
//   node tools/fit-erf-piecewise.mjs [terms=9] [X=3.92] [fma]
const TERMS = +process.argv[2] || 9;
const X = +process.argv[3] || 3.92;
const FMA = process.argv[4] === 'fma';
const f32 = Math.fround;

// erf and erfc to ~1e-16 relative in doubles: the Taylor series below 2 (terms stay below 2^4, so at most a
// few ULP of cancellation), Lentz's continued fraction for erfc above.
function erf(x) {
  if (x >= 2) return 1 - erfc(x);
  let s = 0, term = x, n = 0;
  while (Math.abs(term) > 1e-18 * Math.abs(s) || n < 3) { s += term / (2 * n + 1); n++; term *= -x * x / n; }
  return s * 2 / Math.sqrt(Math.PI);
}
function erfc(x) {
  if (x < 2) return 1 - erf(x);
  let f = 0;
  for (let k = 200; k >= 1; k--) f = (k / 2) / (x + f);
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / (x + f);
}

function solve(A, b) { // least squares by Householder QR
  const m = A.length, n = A[0].length, R = A.map((r) => r.slice()), y = b.slice();
  for (let k = 0; k < n; k++) {
    let norm = 0; for (let i = k; i < m; i++) norm += R[i][k] ** 2; norm = Math.sqrt(norm);
    const alpha = R[k][k] > 0 ? -norm : norm, v = new Array(m).fill(0);
    for (let i = k; i < m; i++) v[i] = R[i][k]; v[k] -= alpha;
    let vn = 0; for (let i = k; i < m; i++) vn += v[i] ** 2; if (vn === 0) continue;
    for (let j = k; j < n; j++) { let d = 0; for (let i = k; i < m; i++) d += v[i] * R[i][j]; d = 2 * d / vn; for (let i = k; i < m; i++) R[i][j] -= d * v[i]; }
    let d = 0; for (let i = k; i < m; i++) d += v[i] * y[i]; d = 2 * d / vn; for (let i = k; i < m; i++) y[i] -= d * v[i];
  }
  const c = new Array(n).fill(0);
  for (let k = n - 1; k >= 0; k--) { let s = y[k]; for (let j = k + 1; j < n; j++) s -= R[k][j] * c[j]; c[k] = s / R[k][k]; }
  return c;
}

// Minimax-like fit of sum c_j u^j to f over points (u, f, scale): error measured as (fit - f) / scale.
function fit(points, terms) {
  const w = new Array(points.length).fill(1);
  let c = null;
  for (let it = 0; it < 40; it++) {
    const A = [], b = [];
    points.forEach(([u, f, scale], i) => {
      const s = Math.sqrt(w[i]) / scale;
      A.push(Array.from({ length: terms }, (_, j) => s * u ** j));
      b.push(s * f);
    });
    c = solve(A, b);
    const err = points.map(([u, f, scale]) => Math.abs(c.reduce((acc, cj, j) => acc + cj * u ** j, 0) - f) / scale);
    const max = Math.max(...err);
    let sum = 0;
    for (let i = 0; i < w.length; i++) { w[i] *= err[i] / max + 1e-3; sum += w[i]; }
    for (let i = 0; i < w.length; i++) w[i] /= sum / w.length;
  }
  return c;
}

const N = 600;
const cheb = (lo, hi, i) => lo + (hi - lo) * (1 - Math.cos(Math.PI * (i + 0.5) / N)) / 2;
const intervals = Math.ceil(X);
const coeffs = [];
// [0, 1): relative error of x + x * P0(x^2), i.e. of P0 against erf(x) / x - 1, relative to erf(x) / x.
coeffs.push(fit(Array.from({ length: N }, (_, i) => { const x = cheb(0, 1, i); return [x * x, erf(x) / x - 1, erf(x) / x]; }), TERMS));
// [k, k+1): absolute error of Pk against erfc.
for (let k = 1; k < intervals; k++) {
  coeffs.push(fit(Array.from({ length: N }, (_, i) => { const x = cheb(k, Math.min(k + 1, X), i); return [x - k - 0.5, erfc(x), 1]; }), TERMS));
}
const table = coeffs.map((c) => c.map(f32));

function erfF32(x) { // the kernel's float32 operations, for x >= 0
  if (x >= X) return 1;
  const k = Math.min(Math.trunc(x), intervals - 1);
  const u = k === 0 ? f32(x * x) : f32(x - f32(k + 0.5));
  let p = table[k][TERMS - 1];
  // a + b c, rounded once with FMA (the double product of two floats is exact).
  const madd = (a, b, c) => (FMA ? f32(a + b * c) : f32(a + f32(b * c)));
  for (let j = TERMS - 2; j >= 0; j--) p = madd(table[k][j], p, u);
  return k === 0 ? madd(x, x, p) : madd(1, -1, p);
}

function ulpError(x) {
  const exact = erf(x), got = erfF32(x);
  const r = f32(exact);
  const ulp = Math.abs(f32(r * (1 + 2 ** -23)) - r) || 2 ** -149;  // the float32 spacing at the result
  return Math.abs(got - exact) / ulp;
}
const worst = [], at = [];
let count = 0;
const u32 = new Uint32Array(1), fl = new Float32Array(u32.buffer);
// Every float in [0.25, X), and every 64th in [2^-126, 0.25).
for (u32[0] = 0x00800000; fl[0] < X; u32[0] += fl[0] < 0.25 ? 64 : 1) {
  const e = ulpError(fl[0]), k = Math.min(Math.trunc(fl[0]), intervals - 1);
  count++;
  if (!(e <= worst[k])) { worst[k] = e; at[k] = fl[0]; }
}
console.log(JSON.stringify({ terms: TERMS, X, fma: FMA, floatsChecked: count, maxUlp: Math.max(...worst).toFixed(3),
                             perInterval: worst.map((e, k) => `${e.toFixed(3)} at ${at[k]}`) }));
// The kernel's kC: one row per power, the intervals in its lanes.
console.log(`alignas(16) static constexpr float kC[kTerms][4] = {  // [0,1), ${table.slice(1).map((_, k) => `[${k + 1},${Math.min(k + 2, X)})`).join(', ')}`);
for (let j = 0; j < TERMS; j++) console.log(`    {${table.map((c) => c[j].toPrecision(9) + 'f').join(', ')}},`);
console.log('};');
