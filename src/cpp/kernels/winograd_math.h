// The F(2x2, 3x3) transforms written once over a lane type: `Ops` gives add, sub, and the filter transform's
// `half` for G's middle rows and `edge` for its first and last, so that the SIMD kernels and their scalar twins run
// the same operations in the same order. Float: half is x * 0.5, edge x (G itself). Integer (the qu8 family,
// exact): half is x, edge x + x, which is 2G, so the filter comes out 4x G g G^T in integers and the output
// transform divides by 4.
#pragma once

namespace webnn::kernels::winograd {

// u = G g G^T (with Ops' half and edge; 4x that for the integer Ops): g is 3x3 row-major, u 4x4.
template <typename Ops, typename V>
inline void Filter(const V g[9], V u[16]) {
  V t[12];  // G g: 4x3
  for (int c = 0; c < 3; ++c) {
    const V s = Ops::add(g[c], g[6 + c]);
    t[c] = Ops::edge(g[c]);
    t[3 + c] = Ops::half(Ops::add(s, g[3 + c]));
    t[6 + c] = Ops::half(Ops::sub(s, g[3 + c]));
    t[9 + c] = Ops::edge(g[6 + c]);
  }
  for (int r = 0; r < 4; ++r) {  // (G g) G^T
    const V* row = t + 3 * r;
    const V s = Ops::add(row[0], row[2]);
    u[4 * r] = Ops::edge(row[0]);
    u[4 * r + 1] = Ops::half(Ops::add(s, row[1]));
    u[4 * r + 2] = Ops::half(Ops::sub(s, row[1]));
    u[4 * r + 3] = Ops::edge(row[2]);
  }
}

// v = B^T d B: d and v 4x4 row-major.
template <typename Ops, typename V>
inline void Input(const V d[16], V v[16]) {
  V t[16];  // B^T d
  for (int c = 0; c < 4; ++c) {
    t[c] = Ops::sub(d[c], d[8 + c]);
    t[4 + c] = Ops::add(d[4 + c], d[8 + c]);
    t[8 + c] = Ops::sub(d[8 + c], d[4 + c]);
    t[12 + c] = Ops::sub(d[4 + c], d[12 + c]);
  }
  for (int r = 0; r < 4; ++r) {  // (B^T d) B
    const V* row = t + 4 * r;
    v[4 * r] = Ops::sub(row[0], row[2]);
    v[4 * r + 1] = Ops::add(row[1], row[2]);
    v[4 * r + 2] = Ops::sub(row[2], row[1]);
    v[4 * r + 3] = Ops::sub(row[1], row[3]);
  }
}

// y = A^T m A: m 4x4, y 2x2, both row-major.
template <typename Ops, typename V>
inline void Output(const V m[16], V y[4]) {
  V t[8];  // A^T m: 2x4
  for (int c = 0; c < 4; ++c) {
    t[c] = Ops::add(Ops::add(m[c], m[4 + c]), m[8 + c]);
    t[4 + c] = Ops::sub(Ops::sub(m[4 + c], m[8 + c]), m[12 + c]);
  }
  for (int r = 0; r < 2; ++r) {  // (A^T m) A
    const V* row = t + 4 * r;
    y[2 * r] = Ops::add(Ops::add(row[0], row[1]), row[2]);
    y[2 * r + 1] = Ops::sub(Ops::sub(row[1], row[2]), row[3]);
  }
}

}  // namespace webnn::kernels::winograd
