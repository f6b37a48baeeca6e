// Fits the rational erf of kernels/f32-vunary/vunary-impl.h (ErfRational) and checks it in float32:
//   erf(x) ~ x P(x^2) / Q(x^2) on [0, X], Q(0) = 1;  erf(x) = 1 from X on (1 - erfc(X) rounds to 1)
// P and Q of degree D, fitted for the least largest relative error (Sanathanan-Koerner iteration on the
// linearised error x P - erf Q, weighted by 1 / (erf Q_previous), then Lawson weights towards minimax), in
// doubles, then rounded to float32. Reports the float32 evaluation's error (the kernel's order of
// operations) over every `step`-th float in [2^-20, X) against the exact erf, in ULP of the result, and
// prints the coefficients. The evaluation's roundings, not the fit, make that error: the fit is within
// 0.16 ULP at degree 5, and nudging the float32 coefficients by a few ULPs each (coordinate descent on the
// largest error) gained 0.2 ULP of 6, not kept.
//   node tools/fit-erf-rational.mjs [D=5] [X=3.92] [step=7]
// (the defaults give the kernel's constants; ~30 s).
const D = +process.argv[2] || 5;
const X = Math.fround(+process.argv[3] || 3.92);
const STEP = +process.argv[4] || 7;
const f32 = Math.fround;

// erf and erfc to ~1e-16 relative in doubles: the Taylor series below 2, Lentz's continued fraction above.
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

const horner = (c, u) => c.reduceRight((acc, cj) => acc * u + cj, 0);

function fitRational() {
  const N = 1500;
  const xs = Array.from({ length: N }, (_, i) => X * (1 - Math.cos(Math.PI * (i + 0.5) / N)) / 2);
  const fs = xs.map(erf);
  const w = new Array(N).fill(1);
  let qPrev = xs.map(() => 1);
  let p = null, q = null, max = Infinity;
  for (let it = 0; it < 60; it++) {
    const A = [], b = [];
    xs.forEach((x, i) => {
      const u = x * x, s = Math.sqrt(w[i]) / (fs[i] * qPrev[i]);
      A.push([...Array.from({ length: D + 1 }, (_, j) => s * x * u ** j), ...Array.from({ length: D }, (_, j) => -s * fs[i] * u ** (j + 1))]);
      b.push(s * fs[i]);
    });
    const c = solve(A, b);
    p = c.slice(0, D + 1);
    q = [1, ...c.slice(D + 1)];
    qPrev = xs.map((x) => horner(q, x * x));
    const err = xs.map((x, i) => Math.abs(x * horner(p, x * x) / qPrev[i] - fs[i]) / fs[i]);
    max = Math.max(...err);
    if (it >= 10) {  // Lawson weights once the linearisation has settled
      let sum = 0;
      for (let i = 0; i < N; i++) { w[i] *= err[i] / max + 1e-3; sum += w[i]; }
      for (let i = 0; i < N; i++) w[i] /= sum / N;
    }
  }
  return { p, q, max };
}

// The kernel's float32 evaluation: u = a*a, both Horner chains, (a * P) / Q.
function evaluate(p, q, a) {
  const u = f32(a * a);
  let np = p[D], dq = q[D];
  for (let j = D - 1; j >= 0; j--) {
    np = f32(f32(np * u) + p[j]);
    dq = f32(f32(dq * u) + q[j]);
  }
  return f32(f32(a * np) / dq);
}

const ulpOf = (v) => 2 ** (Math.max(Math.floor(Math.log2(Math.abs(v))), -126) - 23);
const bitsOf = (v) => new Uint32Array(new Float32Array([v]).buffer)[0];
const floatOf = (b) => new Float32Array(new Uint32Array([b]).buffer)[0];

// Every `step`-th float in [2^-20, X) with its exact erf (below 2^-20, erf(x) ~ x P(0) alone).
function sample(step) {
  const xs = [], refs = [], ulps = [];
  for (let b = bitsOf(2 ** -20); b < bitsOf(X); b += step) {
    const x = floatOf(b), e = erf(x);
    xs.push(x); refs.push(e); ulps.push(ulpOf(f32(e)));
  }
  return { xs, refs, ulps };
}

function worst(p, q, s) {
  let max = 0, at = 0;
  for (let i = 0; i < s.xs.length; i++) {
    const d = Math.abs(evaluate(p, q, s.xs[i]) - s.refs[i]) / s.ulps[i];
    if (d > max) { max = d; at = s.xs[i]; }
  }
  return { max, at };
}

const fitted = fitRational();
console.log(`degree ${D}/${D} on [0, ${X}]: fit's largest relative error ${fitted.max.toExponential(2)} (doubles)`);
const p = fitted.p.map(f32), q = fitted.q.map(f32);
const full = worst(p, q, sample(STEP));
const tail = Math.abs(1 - erf(X)) / ulpOf(f32(erf(X)));
console.log(`float32 evaluation: at most ${full.max.toFixed(2)} ULP at x = ${full.at} over every ${STEP}th float in [2^-20, ${X}); ` +
            `1 from ${X} on is ${tail.toFixed(2)} ULP from erf(${X})`);
const show = (c) => c.map((v) => `${v.toPrecision(9)}f`).join(', ');
console.log(`kP = {${show(p)}}\nkQ = {${show(q)}}`);
