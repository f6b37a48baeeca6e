// int4 and uint4, as Chromium has them beyond the spec snapshot (idl/compat.idl): where opSupportLimits()
// lists them, their data packed two to a byte (low nibble first) at every API crossing - constant(),
// createConstantTensor(), writeTensor(), readTensor(), compute() - and exact results of the operators that
// take them (dequantizeLinear, quantizeLinear, cast, identity, transpose, reshape). Odd element counts
// throughout: the last byte's high nibble is not an element.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ml = createML({ numThreads: 1 });

const pack = (values) => {
  const out = new Uint8Array(Math.ceil(values.length / 2));
  values.forEach((v, i) => { out[i >> 1] |= (v & 0xF) << (4 * (i & 1)); });
  return out;
};
const unpack = (buffer, n, signed) => {
  const bytes = new Uint8Array(buffer);
  return Array.from({ length: n }, (_, i) => {
    const v = (bytes[i >> 1] >> (4 * (i & 1))) & 0xF;
    return signed && v >= 8 ? v - 16 : v;
  });
};

async function run(build, inputs, outputs) {
  const context = await ml.createContext();
  try {
    const b = new MLGraphBuilder(context);
    const graph = await b.build(build(b));
    const ins = {};
    for (const [name, { dataType, shape, data }] of Object.entries(inputs)) {
      ins[name] = await context.createTensor({ dataType, shape, writable: true });
      context.writeTensor(ins[name], data);
    }
    const outs = {};
    for (const [name, desc] of Object.entries(outputs)) outs[name] = await context.createTensor({ ...desc, readable: true });
    context.dispatch(graph, ins, outs);
    const result = {};
    for (const name of Object.keys(outputs)) result[name] = await context.readTensor(outs[name]);
    return result;
  } finally {
    context.destroy();
  }
}

test('opSupportLimits lists int4 and uint4 where Chromium does, and nowhere else', async () => {
  const context = await ml.createContext();
  const limits = context.opSupportLimits();
  const has = (l) => l.dataTypes.includes('int4') && l.dataTypes.includes('uint4');
  for (const l of [limits.input, limits.constant, limits.output, limits.cast.input, limits.cast.output,
    limits.identity.input, limits.transpose.input, limits.reshape.input, limits.dequantizeLinear.input,
    limits.dequantizeLinear.zeroPoint, limits.quantizeLinear.zeroPoint, limits.quantizeLinear.output]) {
    assert.ok(has(l), JSON.stringify(l));
  }
  for (const l of [limits.add.a, limits.gather.input, limits.concat.inputs, limits.slice.input, limits.where.trueValue]) {
    assert.ok(!l.dataTypes.includes('int4') && !l.dataTypes.includes('uint4'), JSON.stringify(l));
  }
  const b = new MLGraphBuilder(context);
  const x = b.input('x', { dataType: 'int4', shape: [3] });
  assert.equal(x.dataType, 'int4');
  assert.throws(() => b.add(x, x), (e) => e instanceof TypeError && /add/.test(e.message) && /int4/.test(e.message));
  context.destroy();
});

test('constant(): 4-bit data is ceil(n / 2) bytes; other lengths are a TypeError', async () => {
  const context = await ml.createContext();
  const b = new MLGraphBuilder(context);
  assert.throws(() => b.constant({ dataType: 'uint4', shape: [5] }, new Uint8Array(5)),
    (e) => e instanceof TypeError && /byte length 5/.test(e.message) && /3/.test(e.message));
  assert.throws(() => b.constant({ dataType: 'int4', shape: [2, 3] }, new Uint8Array(2)), TypeError);
  assert.throws(() => b.constant({ dataType: 'int4', shape: [2] }, new Int8Array(1)), TypeError);  // bytes only
  b.constant({ dataType: 'int4', shape: [2, 3] }, new Uint8Array(3));
  context.destroy();
});

test('dequantizeLinear of int4 and uint4 constants and inputs, per-element and blockwise scales', async () => {
  const q = [-8, -1, 0, 3, 7, 5, -4];  // int4, 7 elements
  const u = [0, 15, 8, 3, 9, 1, 14];
  const scale = Float32Array.of(0.5, 0.25, 1.5, 2, 0.125, 3, 0.75);
  const zpI = [-2, 1, 0, 0, 3, -8, 7];
  const zpU = [8, 8, 8, 0, 15, 1, 2];
  const r = await run((b) => ({
    i: b.dequantizeLinear(b.constant({ dataType: 'int4', shape: [7] }, pack(q)),
      b.constant({ dataType: 'float32', shape: [7] }, scale), b.constant({ dataType: 'int4', shape: [7] }, pack(zpI))),
    u: b.dequantizeLinear(b.input('u', { dataType: 'uint4', shape: [7] }),
      b.constant({ dataType: 'float32', shape: [7] }, scale), b.input('zu', { dataType: 'uint4', shape: [7] })),
  }), {
    u: { dataType: 'uint4', shape: [7], data: pack(u) },
    zu: { dataType: 'uint4', shape: [7], data: pack(zpU) },
  }, { i: { dataType: 'float32', shape: [7] }, u: { dataType: 'float32', shape: [7] } });
  assert.deepEqual(Array.from(new Float32Array(r.i)), q.map((v, k) => Math.fround((v - zpI[k]) * scale[k])));
  assert.deepEqual(Array.from(new Float32Array(r.u)), u.map((v, k) => Math.fround((v - zpU[k]) * scale[k])));
});

test('dequantizeLinear: a uint4 weight [N, K] with one scale and zero point per block of 4 along K (MatMulNBits)', async () => {
  const N = 3, K = 8, block = 4;
  const w = Array.from({ length: N * K }, (_, i) => (i * 7 + 3) % 16);
  const scales = Float32Array.from({ length: N * (K / block) }, (_, i) => 0.125 * (i + 1));
  const zps = Array.from({ length: N * (K / block) }, (_, i) => (i * 5) % 16);
  const r = await run((b) => ({
    y: b.dequantizeLinear(b.constant({ dataType: 'uint4', shape: [N, K / block, block] }, pack(w)),
      b.constant({ dataType: 'float32', shape: [N, K / block, 1] }, scales),
      b.constant({ dataType: 'uint4', shape: [N, K / block, 1] }, pack(zps))),
  }), {}, { y: { dataType: 'float32', shape: [N, K / block, block] } });
  assert.deepEqual(Array.from(new Float32Array(r.y)), w.map((v, i) => {
    const k = Math.floor(i / block);
    return Math.fround((v - zps[k]) * scales[k]);
  }));
});

test('quantizeLinear to int4 and uint4 clamps to [-8, 7] and [0, 15]', async () => {
  const x = Float32Array.of(-100, -4.5, -1.25, 0, 0.75, 2.5, 3.5, 100, NaN);
  const s = Float32Array.of(0.5);
  const roundEven = (v) => (Math.abs(v % 1) === 0.5 ? 2 * Math.round(v / 2) : Math.round(v));
  const r = await run((b) => {
    const input = b.input('x', { dataType: 'float32', shape: [9] });
    const scale = b.constant({ dataType: 'float32', shape: [1] }, s);
    return {
      i: b.quantizeLinear(input, scale, b.constant({ dataType: 'int4', shape: [1] }, pack([-1]))),
      u: b.quantizeLinear(input, scale, b.constant({ dataType: 'uint4', shape: [1] }, pack([3]))),
    };
  }, { x: { dataType: 'float32', shape: [9], data: x } },
  { i: { dataType: 'int4', shape: [9] }, u: { dataType: 'uint4', shape: [9] } });
  assert.equal(r.i.byteLength, 5);
  const q = (v, zp, lo, hi) => (Number.isNaN(v) ? 0 : Math.min(hi, Math.max(lo, roundEven(v / 0.5) + zp)));
  assert.deepEqual(unpack(r.i, 9, true), Array.from(x, (v) => q(v, -1, -8, 7)));
  assert.deepEqual(unpack(r.u, 9, false), Array.from(x, (v) => q(v, 3, 0, 15)));
  assert.equal(new Uint8Array(r.i)[4] >> 4, 0, 'the unused high nibble of the last byte is 0');
});

test('cast to 4 bits saturates from floats and wraps from integers, as casts to 8 bits do; and back', async () => {
  const f = Float32Array.of(-20, -8.9, -0.5, 6.99, 7.5, 15.9, 16, NaN, 3);
  const n = Int32Array.of(-9, -8, 7, 8, 15, 16, 31, -1, 100);
  const r = await run((b) => {
    const x = b.input('f', { dataType: 'float32', shape: [9] });
    const y = b.input('n', { dataType: 'int32', shape: [9] });
    const fromInt4 = b.input('q', { dataType: 'int4', shape: [9] });
    return {
      fi: b.cast(x, 'int4'), fu: b.cast(x, 'uint4'), ni: b.cast(y, 'int4'), nu: b.cast(y, 'uint4'),
      back: b.cast(fromInt4, 'float32'), wide: b.cast(b.cast(fromInt4, 'uint4'), 'int32'),
    };
  }, {
    f: { dataType: 'float32', shape: [9], data: f },
    n: { dataType: 'int32', shape: [9], data: n },
    q: { dataType: 'int4', shape: [9], data: pack([-8, -1, 0, 1, 7, -7, 2, 3, -2]) },
  }, {
    fi: { dataType: 'int4', shape: [9] }, fu: { dataType: 'uint4', shape: [9] },
    ni: { dataType: 'int4', shape: [9] }, nu: { dataType: 'uint4', shape: [9] },
    back: { dataType: 'float32', shape: [9] }, wide: { dataType: 'int32', shape: [9] },
  });
  const sat = (v, lo, hi) => (Number.isNaN(v) ? 0 : Math.min(hi, Math.max(lo, Math.trunc(v))) + 0);  // + 0: no -0
  assert.deepEqual(unpack(r.fi, 9, true), Array.from(f, (v) => sat(v, -8, 7)));
  assert.deepEqual(unpack(r.fu, 9, false), Array.from(f, (v) => sat(v, 0, 15)));
  assert.deepEqual(unpack(r.ni, 9, true), Array.from(n, (v) => ((v & 0xF) ^ 8) - 8));
  assert.deepEqual(unpack(r.nu, 9, false), Array.from(n, (v) => v & 0xF));
  assert.deepEqual(Array.from(new Float32Array(r.back)), [-8, -1, 0, 1, 7, -7, 2, 3, -2]);
  assert.deepEqual(Array.from(new Int32Array(r.wide)), [8, 15, 0, 1, 7, 9, 2, 3, 14]);
});

test('transpose, reshape and identity move 4-bit values; an int4 tensor round-trips through write and read', async () => {
  const v = [1, -2, 3, -4, 5, -6, 7, -8, 0, 1, 2, 3, 4, 5, -1];  // [3, 5]
  const r = await run((b) => {
    const x = b.input('x', { dataType: 'int4', shape: [3, 5] });
    return { t: b.transpose(x), r: b.identity(b.reshape(x, [5, 3])), same: b.identity(x) };
  }, { x: { dataType: 'int4', shape: [3, 5], data: pack(v) } }, {
    t: { dataType: 'int4', shape: [5, 3] }, r: { dataType: 'int4', shape: [5, 3] }, same: { dataType: 'int4', shape: [3, 5] },
  });
  const t = [];
  for (let j = 0; j < 5; ++j) for (let i = 0; i < 3; ++i) t.push(v[i * 5 + j]);
  assert.deepEqual(unpack(r.t, 15, true), t);
  assert.deepEqual(unpack(r.r, 15, true), v);
  assert.deepEqual(new Uint8Array(r.same), pack(v));
});

test('writeTensor / readTensor / createConstantTensor / compute() take packed bytes', async () => {
  const context = await ml.createContext();
  const t = await context.createTensor({ dataType: 'uint4', shape: [5], readable: true, writable: true });
  assert.throws(() => context.writeTensor(t, new Uint8Array(5)), (e) => e instanceof TypeError && /byte length 5/.test(e.message));
  assert.throws(() => context.writeTensor(t, new Uint16Array(3)), TypeError);
  context.writeTensor(t, Uint8Array.of(0x21, 0x43, 0xF5));  // 1..5; the high nibble of the last byte is not an element
  assert.deepEqual(new Uint8Array(await context.readTensor(t)), Uint8Array.of(0x21, 0x43, 0x05));
  const into = new Uint8Array(3);
  await context.readTensor(t, into);
  assert.deepEqual(into, Uint8Array.of(0x21, 0x43, 0x05));
  await assert.rejects(context.readTensor(t, new Uint8Array(5)), TypeError);

  const b = new MLGraphBuilder(context);
  const w = await context.createConstantTensor({ dataType: 'int4', shape: [3] }, pack([-3, 4, -5]));
  const x = b.input('x', { dataType: 'int4', shape: [3] });
  const s = b.constant({ dataType: 'float32', shape: [] }, Float32Array.of(2));
  const z = b.constant({ dataType: 'int4', shape: [] }, pack([0]));
  const graph = await b.build({
    y: b.add(b.dequantizeLinear(b.constant(w), s, z), b.dequantizeLinear(x, s, z)),
    q: b.identity(x),
  });
  const outputs = { y: new Float32Array(3), q: new Uint8Array(2) };
  const result = await context.compute(graph, { x: pack([1, 2, -8]) }, outputs);
  assert.deepEqual(Array.from(result.outputs.y), [-4, 12, -26]);
  assert.deepEqual(result.outputs.q, pack([1, 2, -8]));
  context.destroy();
});
