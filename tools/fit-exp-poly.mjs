// Fits the polynomial of vunary_impl::ExpNonPositiveF32 (kernels/f32-vunary/vunary-impl.h):
//   exp(t) ~ 1 + t + t^2 * q(t) on |t| <= ln2/2, q of degree D, minimising the largest relative error
//   (Lawson-weighted least squares in doubles), then rounds q's coefficients to float32 and reports the error
//   of the float32 evaluation the kernel does (Horner for q, then 1 + (t + t^2 q)), in ULP of the result.
//   node tools/fit-exp-poly.mjs [D=3]
const D = +process.argv[2] || 3;
const H = Math.LN2 / 2;
const N = 3000;
const ts = Array.from({ length: N }, (_, i) => H * Math.cos(Math.PI * (i + 0.5) / N));
// Target for q: (e^t - 1 - t) / t^2, computed without cancellation from its series where t is small.
const g = (t) => {
  if (Math.abs(t) < 1e-3) {
    let s = 0, term = 0.5;
    for (let k = 2; k < 12; k++) { s += term; term *= t / (k + 1); }
    return s;
  }
  return (Math.expm1(t) - t) / (t * t);
};
// Weighted least squares by normal equations (D+1 unknowns: tiny and well conditioned on this interval).
function fit(weights) {
  const n = D + 1;
  const A = Array.from({ length: n }, () => new Array(n).fill(0));
  const b = new Array(n).fill(0);
  ts.forEach((t, i) => {
    // Relative error of e^t: t^2 * (q - g) / e^t, so weight each row by t^2 / e^t.
    const s = weights[i] * (t * t / Math.exp(t)) ** 2;
    const row = Array.from({ length: n }, (_, k) => t ** k);
    for (let r = 0; r < n; r++) {
      b[r] += s * row[r] * g(t);
      for (let c = 0; c < n; c++) A[r][c] += s * row[r] * row[c];
    }
  });
  for (let k = 0; k < n; k++) {  // Gaussian elimination with partial pivoting
    let p = k;
    for (let r = k + 1; r < n; r++) if (Math.abs(A[r][k]) > Math.abs(A[p][k])) p = r;
    [A[k], A[p]] = [A[p], A[k]];
    [b[k], b[p]] = [b[p], b[k]];
    for (let r = k + 1; r < n; r++) {
      const f = A[r][k] / A[k][k];
      for (let c = k; c < n; c++) A[r][c] -= f * A[k][c];
      b[r] -= f * b[k];
    }
  }
  const c = new Array(n).fill(0);
  for (let k = n - 1; k >= 0; k--) {
    let s = b[k];
    for (let j = k + 1; j < n; j++) s -= A[k][j] * c[j];
    c[k] = s / A[k][k];
  }
  return c;
}
const relErr = (c, t) => {
  let q = 0;
  for (let k = D; k >= 0; k--) q = q * t + c[k];
  return (1 + t + t * t * q - Math.exp(t)) / Math.exp(t);
};
let w = new Array(N).fill(1);
let c = fit(w);
for (let it = 0; it < 200; it++) {  // Lawson: reweight by the error so the fit levels towards minimax
  const e = ts.map((t) => Math.abs(relErr(c, t)));
  const sum = e.reduce((a, v, i) => a + w[i] * v, 0);
  w = w.map((wi, i) => wi * e[i] / sum * N);
  c = fit(w);
}
const c32 = c.map(Math.fround);
const f = Math.fround;
function evalF32(t) {  // the kernel's order of operations, every step rounded to float32
  let q = c32[D];
  for (let k = D - 1; k >= 0; k--) q = f(c32[k] + f(q * t));
  return f(1 + f(t + f(f(t * t) * q)));
}
const ulp = (x) => { const b = new Float32Array([x]); const i = new Int32Array(b.buffer); i[0] += 1; return b[0] - x; };
let maxRel = 0, maxUlp = 0;
for (let i = 0; i <= 200000; i++) {
  const t = f(-H + (2 * H * i) / 200000);
  maxRel = Math.max(maxRel, Math.abs(relErr(c, t)));
  const exact = Math.exp(t);
  maxUlp = Math.max(maxUlp, Math.abs(evalF32(t) - exact) / ulp(f(exact)));
}
console.log(`degree ${D} for q: max relative error of the fit ${maxRel.toExponential(2)} (${(maxRel * 2 ** 23).toFixed(2)} ULP);`);
console.log(`float32 evaluation: max ${maxUlp.toFixed(2)} ULP over [-ln2/2, ln2/2]`);
console.log('q coefficients (float32, t^0 first):', c32.map((v) => `${v.toPrecision(9)}f`).join(', '));
