// Fits the piecewise erf of kernels/f32-vunary/vunary-impl.h (ErfPiecewise) and checks it in float32:
//   [0, 1):         erf(x) = x + x * P0(x^2)          (relative error; P0 = erf(x) / x - 1 is at most 0.16
//                                                      in size, so its rounding weighs little against x's)
//   [b_k, b_k+1), k>=1: erf(x) = 1 - Pk(x - c_k)        (c_k the interval's centre; Pk ~ erfc: absolute
//                                                      error, far below erf's ULP)
//   [X, inf):       erf(x) = 1                          (1 - erfc(X) rounds to 1 in float32)
// Each Pk has `terms` coefficients, fitted by Lawson-weighted least squares in doubles (minimax in the
// limit), then rounded to float32; the kernel picks a lane's coefficients from one v128 per power
// (i8x16.swizzle), so the intervals share the term count. Reports the float32 evaluation's error in ULP
// against the exact erf over every float in [0.25, X) and every 64th below.
// With `fma`, each multiply-add rounds once (the relaxed-SIMD kernel on a host with FMA).
//   node tools/fit-erf-piecewise.mjs [terms=7] [X=3.92] [fma] [bounds=1,1.78,2.72] [step=1]
// (the defaults give the kernel's constants).
const args = process.argv.slice(2);
const numbers = args.filter((a) => /^[0-9.]+$/.test(a)).map(Number);
const option = (name, fallback) => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? fallback;
const TERMS = numbers[0] || 7;
const X = numbers[1] || 3.92;
const FMA = args.includes('fma');
const STEP = +option('step', 1);
// The interval boundaries b_1 < b_2 < b_3 between 0 and X, float32 constants in the kernel, which finds a
// lane's interval by comparing with them.
const BOUNDS = [0, ...option('bounds', '1,1.78,2.72').split(',').map(Number), X].map(Math.fround);
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
const intervals = BOUNDS.length - 1;
const centres = BOUNDS.slice(0, -1).map((b, k) => (k === 0 ? 0 : f32((b + BOUNDS[k + 1]) / 2)));
const coeffs = [];
// [0, b_1): relative error of x + x * P0(x^2), i.e. of P0 against erf(x) / x - 1, relative to erf(x) / x.
coeffs.push(fit(Array.from({ length: N }, (_, i) => { const x = cheb(0, BOUNDS[1], i); return [x * x, erf(x) / x - 1, erf(x) / x]; }), TERMS));
// [b_k, b_k+1): absolute error of Pk against erfc.
for (let k = 1; k < intervals; k++) {
  coeffs.push(fit(Array.from({ length: N }, (_, i) => { const x = cheb(BOUNDS[k], BOUNDS[k + 1], i); return [x - centres[k], erfc(x), 1]; }), TERMS));
}
const table = coeffs.map((c) => c.map(f32));
const intervalOf = (x) => BOUNDS.findLastIndex((b, k) => k < intervals && x >= b);

function erfF32(x) { // the kernel's float32 operations, for x >= 0
  if (x >= X) return 1;
  const k = intervalOf(x);
  const u = k === 0 ? f32(x * x) : f32(x - centres[k]);
  let p = table[k][TERMS - 1];
  // a + b c, rounded once with FMA (the double product of two floats is exact).
  const madd = (a, b, c) => (FMA ? f32(a + b * c) : f32(a + f32(b * c)));
  for (let j = TERMS - 2; j >= 0; j--) p = madd(table[k][j], p, u);
  return k === 0 ? madd(x, x, p) : madd(1, -1, p);
}

// The float32 spacing above |r| (the next float's bits are |r|'s plus one). Not r * 2^-23, which is two
// spacings for a significand near 2 and made this tool report up to half the true error.
const bits = new Uint32Array(1), asFloat = new Float32Array(bits.buffer);
function spacing(r) {
  asFloat[0] = Math.abs(r);
  const below = asFloat[0];
  bits[0] += 1;
  return asFloat[0] - below;
}
function ulpError(x) {
  const exact = erf(x), got = erfF32(x);
  return Math.abs(got - exact) / spacing(f32(exact));
}
const worst = [], at = [];
let count = 0;
const u32 = new Uint32Array(1), fl = new Float32Array(u32.buffer);
// Every float in [0.25, X), and every 64th in [2^-126, 0.25).
for (u32[0] = 0x00800000; fl[0] < X; u32[0] += (fl[0] < 0.25 ? 64 : 1) * STEP) {
  const e = ulpError(fl[0]), k = intervalOf(fl[0]);
  count++;
  if (!(e <= worst[k])) { worst[k] = e; at[k] = fl[0]; }
}
console.log(JSON.stringify({ terms: TERMS, X, fma: FMA, bounds: BOUNDS, centres, floatsChecked: count, maxUlp: Math.max(...worst).toFixed(3),
                             perInterval: worst.map((e, k) => `${e.toFixed(3)} at ${at[k]}`) }));
// The kernel's constants: the boundaries, the centres and kC, one row per power, the intervals in its lanes.
const literal = (v) => `${v.toPrecision(9)}f`;
console.log(`bounds ${BOUNDS.slice(1, -1).map(literal).join(', ')}; centres ${centres.map(literal).join(', ')}`);
console.log('alignas(16) static constexpr float kC[kTerms][4] = {');
for (let j = 0; j < TERMS; j++) console.log(`    {${table.map((c) => literal(c[j])).join(', ')}},`);
console.log('};');
