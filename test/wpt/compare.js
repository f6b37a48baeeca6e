// Comparison and data-conversion helpers of the WPT WebNN conformance runner.
//
// Semantics follow /work/shared/wpt-webnn/README.md ("Number encoding",
// "Tolerance semantics"), which describes how upstream WPT's
// webnn/resources/utils.js compares results. This is an independent
// implementation; no WPT code is copied here.

/** Data types of the shipped spec (MLOperandDataType). */
export const SPEC_DATA_TYPES = Object.freeze([
  'float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8',
]);

/** Data types the runner knows how to encode (spec types plus int4/uint4). */
export const ALL_DATA_TYPES = Object.freeze([...SPEC_DATA_TYPES, 'int4', 'uint4']);

/** Maximum number of elements upstream checks for a scalar-filled output. */
export const MAX_FILL_CHECK = 1000;

/** Relative bound used when a case has no tolerance (tolerance: null). */
export const RELATIVE_BOUND = 1e-3;
/** Absolute fallback used together with RELATIVE_BOUND. */
export const RELATIVE_ATOL_FALLBACK = 1e-5;

const TYPED_ARRAYS = {
  float32: Float32Array,
  float16: Uint16Array, // raw half bits; Node 20 has no Float16Array
  int32: Int32Array,
  uint32: Uint32Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
  int8: Int8Array,
  uint8: Uint8Array,
  int4: Uint8Array, // packed, two per byte, low nibble first
  uint4: Uint8Array,
};

export function typedArrayClass(dataType) {
  const T = TYPED_ARRAYS[dataType];
  if (!T) throw new TypeError(`unknown data type ${dataType}`);
  return T;
}

export function isFloatType(dataType) {
  return dataType === 'float32' || dataType === 'float16';
}

export function isBigIntType(dataType) {
  return dataType === 'int64' || dataType === 'uint64';
}

export function sizeOfShape(shape) {
  return shape.reduce((a, b) => a * b, 1);
}

// ---------------------------------------------------------------------------
// Number decoding

const SPECIAL_NUMBERS = {
  'NaN': NaN,
  'Infinity': Infinity,
  '-Infinity': -Infinity,
  '-0': -0,
};

/**
 * Decodes one element of float tensor data: a JSON number or one of the
 * strings "NaN", "Infinity", "-Infinity", "-0". Numbers pass through.
 */
export function decodeNumber(v) {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    if (Object.prototype.hasOwnProperty.call(SPECIAL_NUMBERS, v)) {
      return SPECIAL_NUMBERS[v];
    }
    const n = Number(v);
    if (v.trim() !== '' && !Number.isNaN(n)) return n;
  }
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new TypeError(`cannot decode number from ${JSON.stringify(v)}`);
}

/** Decodes one element of int64/uint64 data (decimal string, number, bigint). */
export function decodeBigInt(v) {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string') return BigInt(v.trim());
  if (typeof v === 'number') return BigInt(v);
  if (v && typeof v === 'object' && typeof v.$bigint === 'string') return BigInt(v.$bigint);
  throw new TypeError(`cannot decode bigint from ${JSON.stringify(v)}`);
}

/**
 * Decodes an operator argument / option value: `{"$bigint": "<dec>"}` ->
 * BigInt, `{"$number": "NaN"|"Infinity"|"-Infinity"|"-0"}` -> number,
 * recursively through arrays and plain objects. Other values unchanged.
 */
export function decodeArg(v) {
  if (Array.isArray(v)) return v.map(decodeArg);
  if (v && typeof v === 'object' && !ArrayBuffer.isView(v) &&
      Object.prototype.toString.call(v) === '[object Object]' &&
      (Object.getPrototypeOf(v) === null || Object.getPrototypeOf(Object.getPrototypeOf(v)) === null)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$bigint') return BigInt(v.$bigint);
    if (keys.length === 1 && keys[0] === '$number') return decodeNumber(v.$number);
    const out = {};
    for (const k of keys) out[k] = decodeArg(v[k]);
    return out;
  }
  return v;
}

// ---------------------------------------------------------------------------
// float32 / float16 bit helpers

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const CANONICAL_F32_NAN = 0x7fc00000;

/** Raw float32 bit pattern of the float32 nearest to x (NaN canonicalised). */
export function float32Bits(x) {
  if (Number.isNaN(x)) return CANONICAL_F32_NAN;
  f32[0] = x;
  return u32[0];
}

/**
 * Converts a JS number to float16 bits: first to float32 (as upstream does),
 * then float32 -> float16 with round-to-nearest, ties to even. Overflow gives
 * ±Infinity, NaN gives a quiet NaN (0x7e00 with the sign).
 */
export function toHalf(value) {
  f32[0] = value;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  const mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 112; // rebias 127 -> 15
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -11) return sign; // below half of the smallest subnormal
    const m = mant | 0x800000;
    const shift = 14 - e; // 14..25
    let h = m >>> shift;
    const rem = m & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rem > mid || (rem === mid && (h & 1))) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (h & 1))) h++; // carry may give Inf: correct
  return sign | h;
}

/** Decodes float16 bits to a JS number. */
export function halfToNumber(bits) {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const mant = bits & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

export function isHalfNaN(bits) {
  return (bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0;
}

// ---------------------------------------------------------------------------
// Typed-array construction

function expandData(data, size) {
  if (Array.isArray(data)) return data;
  if (ArrayBuffer.isView(data)) return Array.from(data);
  // scalar data: fill the tensor with it
  return new Array(size).fill(data);
}

/**
 * Builds the typed array for a tensor of `dataType` and `shape` from case
 * data (array, typed array or a scalar that fills the tensor).
 * float16 -> Uint16Array of half bits; int64/uint64 -> BigInt arrays;
 * int4/uint4 -> packed Uint8Array (low nibble first).
 */
export function toTypedArray(dataType, shape, data) {
  const size = sizeOfShape(shape);
  if (!Array.isArray(data) && !ArrayBuffer.isView(data) &&
      dataType !== 'int4' && dataType !== 'uint4') {
    // scalar fill: convert once (large tensors, e.g. 6000x6000)
    const one = toTypedArray(dataType, [1], [data]);
    return new (typedArrayClass(dataType))(size).fill(one[0]);
  }
  const values = expandData(data, size);
  if (values.length !== size) {
    throw new RangeError(
        `data has ${values.length} elements, shape [${shape}] needs ${size}`);
  }
  switch (dataType) {
    case 'float32': {
      const out = new Float32Array(size);
      for (let i = 0; i < size; i++) out[i] = decodeNumber(values[i]);
      return out;
    }
    case 'float16': {
      const out = new Uint16Array(size);
      for (let i = 0; i < size; i++) out[i] = toHalf(decodeNumber(values[i]));
      return out;
    }
    case 'int64':
    case 'uint64': {
      const out = new (typedArrayClass(dataType))(size);
      for (let i = 0; i < size; i++) out[i] = decodeBigInt(values[i]);
      return out;
    }
    case 'int4':
    case 'uint4': {
      const out = new Uint8Array(Math.ceil(size / 2));
      for (let i = 0; i < size; i++) {
        const nib = decodeNumber(values[i]) & 0xf;
        out[i >> 1] |= (i & 1) ? nib << 4 : nib;
      }
      return out;
    }
    default: {
      const out = new (typedArrayClass(dataType))(size);
      for (let i = 0; i < size; i++) out[i] = decodeNumber(values[i]);
      return out;
    }
  }
}

/** Unpacks int4/uint4 (two per byte, low nibble first) into plain numbers. */
export function unpackInt4(bytes, dataType, size) {
  const out = new Array(size);
  for (let i = 0; i < size; i++) {
    let v = (bytes[i >> 1] >> ((i & 1) << 2)) & 0xf;
    if (dataType === 'int4' && (v & 0x8)) v -= 16;
    out[i] = v;
  }
  return out;
}

/**
 * Expected values of an output as JS values (numbers, or BigInts for
 * int64/uint64), with upstream's fill semantics: scalar data with a shape
 * of more than one element is checked on the first min(1000, size) elements
 * only. Returns {values, count, filled}.
 */
export function expectedValues(dataType, shape, data) {
  const size = sizeOfShape(shape);
  let values;
  let filled = false;
  if (!Array.isArray(data) && !ArrayBuffer.isView(data)) {
    if (size > 1) {
      filled = true;
      values = new Array(Math.min(MAX_FILL_CHECK, size)).fill(data);
    } else {
      values = [data];
    }
  } else {
    values = Array.from(data);
  }
  const decode = isBigIntType(dataType) ? decodeBigInt : decodeNumber;
  values = values.map(decode);
  return {values, count: values.length, filled, size};
}

/**
 * Actual values read back from an output tensor (ArrayBuffer or view of the
 * tensor's data type) as an array-like of raw elements: float16 stays as
 * uint16 bits, int4/uint4 are unpacked.
 */
export function actualValues(dataType, shape, buffer) {
  const T = typedArrayClass(dataType);
  let view;
  const tag = Object.prototype.toString.call(buffer);
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    view = new T(buffer, 0, Math.floor(buffer.byteLength / T.BYTES_PER_ELEMENT));
  } else if (ArrayBuffer.isView(buffer)) {
    view = buffer instanceof T ? buffer :
        new T(buffer.buffer, buffer.byteOffset,
            Math.floor(buffer.byteLength / T.BYTES_PER_ELEMENT));
  } else {
    throw new TypeError('readTensor did not return an ArrayBuffer');
  }
  if (dataType === 'int4' || dataType === 'uint4') {
    return unpackInt4(view, dataType, sizeOfShape(shape));
  }
  return view;
}

// ---------------------------------------------------------------------------
// Distances

/**
 * ULP distance as upstream utils.js measures it (see README):
 * float32: sign applied to the magnitude bits (continuous across zero; -0 and
 *   +0 are both 0; NaN is the canonical quiet NaN so NaN vs NaN is 0);
 * float16: `actual` is raw uint16 bits, `expected` a JS number converted with
 *   toHalf; plain difference of the bit patterns, ±0 equal. Any NaN bits vs an
 *   expected NaN count as 0 (upstream would compare against one particular
 *   NaN pattern; no corpus case expects a float16 NaN);
 * integer types: plain difference; int64/uint64: BigInt difference.
 * Returns a number, or a BigInt for int64/uint64.
 */
export function ulpDistance(actual, expected, dataType) {
  switch (dataType) {
    case 'float32': {
      const a = signedBits(actual);
      const b = signedBits(expected);
      return Math.abs(a - b);
    }
    case 'float16': {
      const a = actual & 0xffff;
      const b = toHalf(expected);
      if ((a & 0x7fff) === 0 && (b & 0x7fff) === 0) return 0;
      if (isHalfNaN(a) && isHalfNaN(b)) return 0;
      return Math.abs(a - b);
    }
    case 'int64':
    case 'uint64': {
      const d = decodeBigInt(actual) - decodeBigInt(expected);
      return d < 0n ? -d : d;
    }
    case 'int8': case 'uint8': case 'int32': case 'uint32':
    case 'int4': case 'uint4':
      return Math.abs(Number(actual) - Number(expected));
    default:
      throw new TypeError(`ULP distance: unsupported data type ${dataType}`);
  }
}

function signedBits(x) {
  const bits = float32Bits(Math.abs(x));
  return x < 0 ? -bits : bits;
}

/** Converts an actual raw element to a JS number (float16 bits decoded). */
export function actualToNumber(raw, dataType) {
  if (dataType === 'float16') return halfToNumber(raw);
  if (typeof raw === 'bigint') return Number(raw);
  return raw;
}

function sameValueLoose(a, b) {
  // a === b, plus NaN == NaN
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * Compares one element. tolerance: {metricType: 'ULP'|'ATOL', value} or
 * null/{metricType:'REL'} for the relative fallback.
 * Returns {pass, distance, bound, actualNumber}.
 */
export function compareElement(actual, expected, dataType, tolerance) {
  const metric = tolerance ? tolerance.metricType : 'REL';
  const actualNumber = actualToNumber(actual, dataType);
  if (metric === 'ULP') {
    // pass immediately on identical values (float16: actual is bits)
    if (dataType !== 'float16' && actual === expected) {
      return {pass: true, distance: 0, bound: tolerance.value, actualNumber};
    }
    let bound = tolerance.value;
    if (bound === null || bound === undefined) bound = 0; // identical only
    const distance = ulpDistance(actual, expected, dataType);
    const b = typeof distance === 'bigint' ? BigInt(bound) : Number(bound);
    return {pass: distance <= b, distance, bound, actualNumber};
  }
  if (metric === 'ATOL') {
    let bound = tolerance.value;
    if (bound === null || bound === undefined) bound = 0;
    const e = typeof expected === 'bigint' ? Number(expected) : expected;
    if (sameValueLoose(actualNumber, e)) {
      return {pass: true, distance: 0, bound, actualNumber};
    }
    const distance = Math.abs(actualNumber - e);
    return {pass: distance <= bound, distance, bound, actualNumber};
  }
  if (metric === 'REL') {
    const e = typeof expected === 'bigint' ? Number(expected) : expected;
    if (sameValueLoose(actualNumber, e)) {
      return {pass: true, distance: 0, bound: 0, actualNumber};
    }
    const distance = Math.abs(actualNumber - e);
    const bound = Math.max(RELATIVE_BOUND * Math.abs(e), RELATIVE_ATOL_FALLBACK);
    return {pass: distance <= bound, distance, bound, actualNumber};
  }
  throw new TypeError(`unsupported tolerance metric ${metric}`);
}

function fmt(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (Object.is(v, -0)) return '-0';
  return String(v);
}

function describeTolerance(tolerance) {
  if (!tolerance) {
    return `relative ${RELATIVE_BOUND} (atol fallback ${RELATIVE_ATOL_FALLBACK}; case has no tolerance)`;
  }
  return `${tolerance.metricType} ${tolerance.value === null ? 0 : fmt(tolerance.value)}`;
}

/**
 * Compares an output. `actual`: array-like of raw elements (see
 * actualValues). `expected`: {data, descriptor:{dataType, shape}}.
 * Returns {pass, reason?, index?, checked}.
 */
export function compareOutput(name, actual, expected, tolerance) {
  const {dataType, shape} = expected.descriptor;
  const exp = expectedValues(dataType, shape, expected.data);
  let act = actual;
  if (exp.filled) {
    act = Array.prototype.slice.call(actual, 0, MAX_FILL_CHECK);
  }
  if (act.length !== exp.count) {
    return {
      pass: false, checked: 0,
      reason: `output '${name}': length ${act.length} != expected ${exp.count}`,
    };
  }
  for (let i = 0; i < exp.count; i++) {
    const r = compareElement(act[i], exp.values[i], dataType, tolerance);
    if (!r.pass) {
      const unit = tolerance && tolerance.metricType === 'ULP' ? ' ULP' : '';
      return {
        pass: false, index: i, checked: i + 1,
        actual: r.actualNumber, expected: exp.values[i], distance: r.distance,
        reason: `output '${name}'[${i}]: actual ${fmt(r.actualNumber)}, ` +
            `expected ${fmt(exp.values[i])}, distance ${fmt(r.distance)}${unit} > ` +
            `${describeTolerance(tolerance)}` +
            (tolerance ? '' : ` (bound ${fmt(r.bound)})`),
      };
    }
  }
  return {pass: true, checked: exp.count};
}

export {describeTolerance};
