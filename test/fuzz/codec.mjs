// Cases as JSON, so that a regression case can be pinned in regressions.json and outlive changes of
// the generator. Typed arrays become {typed, values}; NaN, ±Infinity and -0 (which JSON lacks) are
// written as the strings "NaN", "Infinity", "-Infinity", "-0", as in the WPT data (wpt-webnn/README).
const SPECIAL = { NaN, Infinity, '-Infinity': -Infinity, '-0': -0 };
const TYPED = { Float32Array, Int32Array, Uint8Array };

const encodeNumber = (v) => (Object.is(v, -0) ? '-0' : Number.isFinite(v) ? v : String(v));

export function encodeCase(c) {
  return JSON.parse(JSON.stringify(c, (k, v) => {
    if (ArrayBuffer.isView(v)) return { typed: v.constructor.name, values: Array.from(v, encodeNumber) };
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return { number: Object.is(v, -0) ? '-0' : String(v) };
    return v;
  }));
}

export function decodeCase(json) {
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      if (v.typed) return TYPED[v.typed].from(v.values, (x) => (typeof x === 'string' ? SPECIAL[x] : x));
      if ('number' in v && Object.keys(v).length === 1) return SPECIAL[v.number];
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(json);
}
