// Seeded PRNG of the fuzzer. Every case draws from its own stream, keyed by (seed, index), so a case is
// reproduced from those two numbers alone, whatever ran before it.

// 32-bit finaliser of MurmurHash3: spreads every input bit over the whole word.
function mix32(h) {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A generator for case `index` of run `seed` (both non-negative integers below 2**53). */
export function rngFor(seed, index) {
  const lo = (x) => x >>> 0;
  const hi = (x) => Math.floor(x / 2 ** 32) >>> 0;
  // Four words of state (sfc32) from both halves of seed and index.
  let a = mix32(lo(seed) ^ 0x9e3779b9);
  let b = mix32(hi(seed) ^ a ^ 0x7f4a7c15);
  let c = mix32(lo(index) ^ b ^ 0x94d049bb);
  let d = mix32(hi(index) ^ c ^ 0x2545f491);
  const next32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next32();  // leave the correlated start-up states behind

  const r = {
    /** Uniform in [0, 1). */
    next: () => next32() / 2 ** 32,
    /** Integer in [lo, hi], both inclusive. */
    int: (lo2, hi2) => lo2 + Math.floor(r.next() * (hi2 - lo2 + 1)),
    /** true with probability p. */
    chance: (p) => r.next() < p,
    pick: (list) => list[Math.floor(r.next() * list.length)],
    /** Picks a key of `weights` ({key: weight}) with probability proportional to its weight. */
    weighted: (weights) => {
      const entries = Object.entries(weights);
      let x = r.next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [k, w] of entries) {
        if ((x -= w) < 0) return k;
      }
      return entries[entries.length - 1][0];
    },
    /** A shuffled copy of `list`. */
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(r.next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    uniform: (lo2, hi2) => lo2 + r.next() * (hi2 - lo2),
  };
  return r;
}
