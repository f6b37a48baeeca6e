// Unit tests of the WPT runner's comparison helpers (test/wpt/compare.js).
// Run: node --experimental-vm-modules node_modules/.bin/jest --rootDir . \
//        --testMatch '**/test/wpt/**/*.test.js'

import {
  MAX_FILL_CHECK, actualValues, compareElement, compareOutput, decodeArg, decodeBigInt,
  decodeNumber, expectedValues, float32Bits, halfToNumber, toHalf, toTypedArray, ulpDistance,
  unpackInt4,
} from './compare.js';

const ULP = (value) => ({metricType: 'ULP', value});
const ATOL = (value) => ({metricType: 'ATOL', value});
const MIN_SUBNORMAL = 1.401298464324817e-45; // smallest positive float32

describe('number decoding', () => {
  test('special strings in tensor data', () => {
    expect(decodeNumber('NaN')).toBeNaN();
    expect(decodeNumber('Infinity')).toBe(Infinity);
    expect(decodeNumber('-Infinity')).toBe(-Infinity);
    expect(Object.is(decodeNumber('-0'), -0)).toBe(true);
    expect(decodeNumber(1.25)).toBe(1.25);
    expect(() => decodeNumber('abc')).toThrow(TypeError);
  });

  test('int64 data is decimal strings, decoded exactly', () => {
    expect(decodeBigInt('9007199254740993')).toBe(9007199254740993n);
    expect(decodeBigInt('-9223372036854775808')).toBe(-9223372036854775808n);
    expect(decodeBigInt(-5)).toBe(-5n);
  });

  test('$bigint / $number in arguments, recursively', () => {
    const v = decodeArg({
      minValue: {$number: '-Infinity'}, maxValue: {$bigint: '9007199254740993'},
      nested: [{$number: 'NaN'}, {$number: '-0'}, 3, 'name'], plain: {a: 1},
    });
    expect(v.minValue).toBe(-Infinity);
    expect(v.maxValue).toBe(9007199254740993n);
    expect(v.nested[0]).toBeNaN();
    expect(Object.is(v.nested[1], -0)).toBe(true);
    expect(v.nested.slice(2)).toEqual([3, 'name']);
    expect(v.plain).toEqual({a: 1});
  });
});

describe('float32 ULP', () => {
  test('distance is continuous across zero', () => {
    expect(ulpDistance(MIN_SUBNORMAL, -MIN_SUBNORMAL, 'float32')).toBe(2);
    expect(ulpDistance(MIN_SUBNORMAL, 0, 'float32')).toBe(1);
    expect(ulpDistance(-MIN_SUBNORMAL, 0, 'float32')).toBe(1);
    // 1.0 vs -1.0: twice the bit pattern of 1.0
    expect(ulpDistance(1, -1, 'float32')).toBe(2 * 0x3f800000);
  });

  test('-0 and +0 are equal', () => {
    expect(ulpDistance(-0, 0, 'float32')).toBe(0);
    expect(compareElement(-0, 0, 'float32', ULP(0)).pass).toBe(true);
    expect(compareElement(0, -0, 'float32', ULP(0)).pass).toBe(true);
  });

  test('NaN passes only against NaN (canonical bits)', () => {
    expect(float32Bits(NaN)).toBe(0x7fc00000);
    expect(compareElement(NaN, NaN, 'float32', ULP(0)).pass).toBe(true);
    expect(compareElement(NaN, 1, 'float32', ULP(1000)).pass).toBe(false);
    expect(compareElement(1, NaN, 'float32', ULP(1000)).pass).toBe(false);
    expect(compareElement(Infinity, NaN, 'float32', ULP(1000)).pass).toBe(false);
  });

  test('bound is inclusive; expected rounded to float32 first', () => {
    const one = 1;
    const onePlus2 = 1 + 2 * 2 ** -23;
    expect(compareElement(one, onePlus2, 'float32', ULP(2)).pass).toBe(true);
    expect(compareElement(one, onePlus2, 'float32', ULP(1)).pass).toBe(false);
    // 0.3 as a double rounds to the same float32 as Math.fround(0.3)
    expect(compareElement(Math.fround(0.3), 0.3, 'float32', ULP(0)).pass).toBe(true);
    expect(compareElement(Infinity, Infinity, 'float32', ULP(0)).pass).toBe(true);
  });
});

describe('float16', () => {
  test('round to nearest, ties to even, via float32', () => {
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(0.1)).toBe(0x2e66);
    expect(toHalf(1 + 2 ** -11)).toBe(0x3c00); // tie -> even (down)
    expect(toHalf(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie -> even (up)
    expect(toHalf(65504)).toBe(0x7bff);
    expect(toHalf(65519)).toBe(0x7bff);
    expect(toHalf(65520)).toBe(0x7c00); // tie at max -> Infinity
    expect(toHalf(-Infinity)).toBe(0xfc00);
    expect(toHalf(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(toHalf(2 ** -25)).toBe(0x0000); // tie -> even (zero)
    expect(toHalf(3 * 2 ** -26)).toBe(0x0001);
    expect(toHalf(1e-8)).toBe(0x0000);
    expect(toHalf(-0)).toBe(0x8000);
    expect(halfToNumber(toHalf(NaN))).toBeNaN();
  });

  test('round trip of every finite half value', () => {
    const bad = [];
    for (let h = 0; h < 0x10000; h++) {
      const n = halfToNumber(h);
      if (!Number.isNaN(n) && toHalf(n) !== h) bad.push(h);
    }
    expect(bad).toEqual([]);
  });

  test('inputs are converted with the same rounding', () => {
    const t = toTypedArray('float16', [4], [0.1, 'NaN', '-0', 65520]);
    expect(t).toBeInstanceOf(Uint16Array);
    expect(t[0]).toBe(0x2e66);
    expect(halfToNumber(t[1])).toBeNaN();
    expect(t[2]).toBe(0x8000);
    expect(t[3]).toBe(0x7c00);
  });

  test('ULP on raw bits, not sign-aware, ±0 equal', () => {
    expect(ulpDistance(0x3c01, 1, 'float16')).toBe(1);
    expect(ulpDistance(0x8000, 0, 'float16')).toBe(0);
    expect(ulpDistance(0x0000, -0, 'float16')).toBe(0);
    expect(ulpDistance(0x8001, 2 ** -24, 'float16')).toBe(0x8000); // opposite signs are far
    expect(compareElement(0x7e00, NaN, 'float16', ULP(0)).pass).toBe(true);
    expect(compareElement(0x7c00, NaN, 'float16', ULP(10)).pass).toBe(false);
  });

  test('ATOL decodes float16 results', () => {
    expect(compareElement(toHalf(0.1), 0.1, 'float16', ATOL(1e-4)).pass).toBe(true);
    expect(compareElement(toHalf(0.1), 0.1, 'float16', ATOL(1e-6)).pass).toBe(false);
  });
});

describe('integers', () => {
  test('plain difference', () => {
    expect(ulpDistance(-3, 4, 'int8')).toBe(7);
    expect(ulpDistance(255, 250, 'uint8')).toBe(5);
    expect(compareElement(7, 8, 'int32', ULP(1)).pass).toBe(true);
    expect(compareElement(7, 9, 'int32', ULP(1)).pass).toBe(false);
  });

  test('int64 compares as BigInt beyond 2^53', () => {
    expect(ulpDistance(9007199254740993n, 9007199254740992n, 'int64')).toBe(1n);
    expect(compareElement(9007199254740993n, 9007199254740992n, 'int64', ULP(0)).pass).toBe(false);
    expect(compareElement(9007199254740993n, 9007199254740992n, 'int64', ULP(1)).pass).toBe(true);
    expect(compareElement(-9223372036854775808n, -9223372036854775808n, 'int64', ULP(0)).pass)
        .toBe(true);
    const t = toTypedArray('int64', [2], ['9007199254740993', '-9223372036854775808']);
    expect(Array.from(t)).toEqual([9007199254740993n, -9223372036854775808n]);
    const u = toTypedArray('uint64', [1], ['18446744073709551615']);
    expect(u[0]).toBe(18446744073709551615n);
  });

  test('int4 / uint4 pack low nibble first and unpack with sign', () => {
    const p = toTypedArray('uint4', [5], [1, 2, 3, 4, 5]);
    expect(Array.from(p)).toEqual([0x21, 0x43, 0x05]);
    const q = toTypedArray('int4', [3], [-1, 2, -8]);
    expect(unpackInt4(q, 'int4', 3)).toEqual([-1, 2, -8]);
  });
});

describe('fill semantics', () => {
  test('scalar data fills inputs', () => {
    const t = toTypedArray('float32', [3, 2], -2.5);
    expect(Array.from(t)).toEqual(new Array(6).fill(-2.5));
    const h = toTypedArray('float16', [2], 'Infinity');
    expect(Array.from(h)).toEqual([0x7c00, 0x7c00]);
    expect(() => toTypedArray('float32', [3], [1, 2])).toThrow(RangeError);
  });

  test('scalar expected data checks only the first min(1000, size) elements', () => {
    expect(expectedValues('float32', [40, 30], 1).count).toBe(MAX_FILL_CHECK);
    expect(expectedValues('float32', [10], 1).count).toBe(10);
    expect(expectedValues('float32', [], 1.5)).toMatchObject({count: 1, filled: false});
    const actual = new Float32Array(1200).fill(3);
    actual[1100] = 99; // beyond the checked prefix
    const expected = {data: 3, descriptor: {dataType: 'float32', shape: [1200]}};
    expect(compareOutput('o', actual, expected, ULP(0)).pass).toBe(true);
    actual[5] = 4;
    const r = compareOutput('o', actual, expected, ULP(0));
    expect(r.pass).toBe(false);
    expect(r.index).toBe(5);
    expect(r.reason).toMatch(/'o'\[5\]: actual 4, expected 3/);
  });

  test('length mismatch fails', () => {
    const r = compareOutput('o', new Float32Array(2),
        {data: [0, 0, 0], descriptor: {dataType: 'float32', shape: [3]}}, ULP(0));
    expect(r.pass).toBe(false);
    expect(r.reason).toMatch(/length 2 != expected 3/);
  });
});

describe('compareOutput', () => {
  test('reports index, values, distance and tolerance', () => {
    const r = compareOutput('out', new Float32Array([1, 2]),
        {data: [1, 2.000000476837158], descriptor: {dataType: 'float32', shape: [2]}}, ULP(1));
    expect(r).toMatchObject({pass: false, index: 1, distance: 2});
    expect(r.reason).toBe("output 'out'[1]: actual 2, expected 2.000000476837158, " +
        'distance 2 ULP > ULP 1');
  });

  test('tolerance null uses the relative bound 1e-3 with atol 1e-5', () => {
    const desc = {dataType: 'float32', shape: [3]};
    expect(compareOutput('o', new Float32Array([1000.5, 0, 1e-6]),
        {data: [1000, 0, 0], descriptor: desc}, null).pass).toBe(true);
    expect(compareOutput('o', new Float32Array([1002, 0, 0]),
        {data: [1000, 0, 0], descriptor: desc}, null).pass).toBe(false);
    expect(compareOutput('o', new Float32Array([0, 0, 2e-5]),
        {data: [0, 0, 0], descriptor: desc}, null).pass).toBe(false);
  });

  test('readTensor ArrayBuffer is viewed with the data type', () => {
    const buf = new BigInt64Array([5n, -1n]).buffer;
    expect(Array.from(actualValues('int64', [2], buf))).toEqual([5n, -1n]);
    const half = new Uint16Array([0x3c00]).buffer;
    expect(actualValues('float16', [1], half)[0]).toBe(0x3c00);
  });
});
