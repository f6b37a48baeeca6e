// Fits the rational erf approximation of kernels/f32-vunary/f32-verf-wasmsimd-u8.cc:
//   erf(x) ~ x * P(x^2) / Q(x^2) on [0, X], Q(0) = 1, by Lawson-weighted linearised least squares in
//   doubles, then reports the error of the float32 Horner evaluation the kernel does.
//   node tools/fit-erf-rational.mjs [X=4] [terms of P=6] [degree of Q=5]   (the kernel: 3.92 6 5)
const X = +process.argv[2] || 4, NP = +process.argv[3] || 6, NQ = +process.argv[4] || 5;
function erf(x) { // high-accuracy erf via series/continued fraction in double
  const ax = Math.abs(x);
  if (ax < 2.5) { let s = 0, term = ax, n = 0; while (Math.abs(term) > 1e-20 * Math.abs(s) || n < 5) { s += term / (2 * n + 1); n++; term *= -ax * ax / n; } return Math.sign(x) * s * 2 / Math.sqrt(Math.PI); }
  // continued fraction for erfc
  let f = 0; for (let k = 60; k >= 1; k--) f = (k / 2) / (ax + f);
  return Math.sign(x) * (1 - Math.exp(-ax * ax) / Math.sqrt(Math.PI) / (ax + f));
}
const N = 4000;
const xs = Array.from({ length: N }, (_, i) => X * (1 - Math.cos(Math.PI * (i + 0.5) / N)) / 2);
const fs = xs.map(erf);
const T = (x) => x * x / (X * X);
function solve(A, b) { // least squares via normal equations with Householder QR
  const m = A.length, n = A[0].length; const R = A.map(r => r.slice()); const y = b.slice();
  for (let k = 0; k < n; k++) {
    let norm = 0; for (let i = k; i < m; i++) norm += R[i][k] ** 2; norm = Math.sqrt(norm);
    const alpha = R[k][k] > 0 ? -norm : norm; const v = new Array(m).fill(0);
    for (let i = k; i < m; i++) v[i] = R[i][k]; v[k] -= alpha;
    let vn = 0; for (let i = k; i < m; i++) vn += v[i] ** 2; if (vn === 0) continue;
    for (let j = k; j < n; j++) { let d = 0; for (let i = k; i < m; i++) d += v[i] * R[i][j]; d = 2 * d / vn; for (let i = k; i < m; i++) R[i][j] -= d * v[i]; }
    let d = 0; for (let i = k; i < m; i++) d += v[i] * y[i]; d = 2 * d / vn; for (let i = k; i < m; i++) y[i] -= d * v[i];
  }
  const c = new Array(n).fill(0);
  for (let k = n - 1; k >= 0; k--) { let s = y[k]; for (let j = k + 1; j < n; j++) s -= R[k][j] * c[j]; c[k] = s / R[k][k]; }
  return c;
}
let w = new Array(N).fill(1), q = null, p = null;
let Qprev = new Array(N).fill(1);
for (let it = 0; it < 60; it++) {
  const A = [], b = [];
  for (let i = 0; i < N; i++) {
    const t = T(xs[i]), x = xs[i], f = fs[i], s = Math.sqrt(w[i]) / Qprev[i];
    const row = [];
    for (let k = 0; k < NP; k++) row.push(s * x * t ** k);
    for (let k = 1; k <= NQ; k++) row.push(-s * f * t ** k);
    A.push(row); b.push(s * f);
  }
  const c = solve(A, b);
  p = c.slice(0, NP); q = [1, ...c.slice(NP)];
  const err = []; let maxe = 0;
  for (let i = 0; i < N; i++) {
    const t = T(xs[i]); let P = 0, Q = 0; for (let k = NP - 1; k >= 0; k--) P = P * t + p[k]; for (let k = NQ; k >= 0; k--) Q = Q * t + q[k];
    Qprev[i] = Q; const e = Math.abs(xs[i] * P / Q - fs[i]); err.push(e); maxe = Math.max(maxe, e);
  }
  let sw = 0; for (let i = 0; i < N; i++) { w[i] *= err[i] / maxe + 1e-3; sw += w[i]; } for (let i = 0; i < N; i++) w[i] /= sw / N;
  if (it % 10 === 9) console.error('iter', it, 'max abs err (double)', maxe.toExponential(3));
}
// to powers of x^2: t^k = x^(2k) / X^(2k)
const pc = p.map((v, k) => v / X ** (2 * k)), qc = q.map((v, k) => v / X ** (2 * k));
const f32 = Math.fround;
const pf = pc.map(f32), qf = qc.map(f32);
function evalF32(x) {
  x = f32(Math.min(Math.abs(x), X)); const z = f32(x * x);
  let P = pf[NP - 1]; for (let k = NP - 2; k >= 0; k--) P = f32(f32(P * z) + pf[k]);
  let Q = qf[NQ]; for (let k = NQ - 1; k >= 0; k--) Q = f32(f32(Q * z) + qf[k]);
  return f32(f32(x * P) / Q);
}
let maxa = 0, maxrel = 0, at = 0;
for (let i = 0; i <= 2000000; i++) { const x = f32(i * 4.5 / 2000000); const e = Math.abs(evalF32(x) - erf(x)); if (e > maxa) { maxa = e; at = x; } if (x > 0 && x < 0.5) maxrel = Math.max(maxrel, e / erf(x)); }
console.log(JSON.stringify({ X, NP, NQ, maxAbsF32: maxa, at, maxRelSmall: maxrel, p: pf, q: qf }));
