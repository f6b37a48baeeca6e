// Soak: build -> dispatch -> read -> destroy cycles over a mix of graphs, every result checked against a
// float64 reference, the C++ heap measured after a warm-up and at the end. Several contexts are driven
// interleaved from async tasks. Used by test/unit/js/soak.node.mjs (a CI budget) and on demand:
//   node --no-experimental-fetch test/soak/soak.mjs --cycles 10000 [--threads 2] [--contexts 3]
import { createML, MLGraphBuilder, __testing } from '../../dist/index.mjs';

// Each case: a small graph, its input, and a reference for its output (all exact or within 1e-5).
const CASES = [
  {
    name: 'matmul+relu',
    build(b) {
      const a = b.input('a', { dataType: 'float32', shape: [16, 16] });
      return b.relu(b.matmul(a, a));
    },
    shape: [16, 16],
    reference(a) {
      const y = new Float64Array(256);
      for (let i = 0; i < 16; ++i) for (let j = 0; j < 16; ++j) {
        let s = 0;
        for (let k = 0; k < 16; ++k) s += a[i * 16 + k] * a[k * 16 + j];
        y[i * 16 + j] = Math.max(0, s);
      }
      return y;
    },
  },
  {
    name: 'softmax',
    build(b) {
      return b.softmax(b.input('a', { dataType: 'float32', shape: [8, 32] }), 1);
    },
    shape: [8, 32],
    reference(a) {
      const y = new Float64Array(256);
      for (let r = 0; r < 8; ++r) {
        const row = a.slice(r * 32, r * 32 + 32);
        const m = Math.max(...row);
        const e = Array.from(row, (v) => Math.exp(v - m));
        const s = e.reduce((p, q) => p + q, 0);
        e.forEach((v, i) => { y[r * 32 + i] = v / s; });
      }
      return y;
    },
  },
  {
    name: 'conv2d 3x3',
    build(b) {
      const x = b.input('a', { dataType: 'float32', shape: [1, 8, 8, 4] });
      const w = b.constant({ dataType: 'float32', shape: [4, 3, 3, 4] }, new Float32Array(144).fill(0.5));
      return b.conv2d(x, w, { inputLayout: 'nhwc', filterLayout: 'ohwi', padding: [1, 1, 1, 1] });
    },
    shape: [1, 8, 8, 4],
    reference(a) {
      const y = new Float64Array(256);
      for (let h = 0; h < 8; ++h) for (let w = 0; w < 8; ++w) {
        let s = 0;
        for (let dy = -1; dy <= 1; ++dy) for (let dx = -1; dx <= 1; ++dx) {
          const yy = h + dy, xx = w + dx;
          if (yy < 0 || yy >= 8 || xx < 0 || xx >= 8) continue;
          for (let c = 0; c < 4; ++c) s += 0.5 * a[(yy * 8 + xx) * 4 + c];
        }
        for (let o = 0; o < 4; ++o) y[(h * 8 + w) * 4 + o] = s;
      }
      return y;
    },
  },
  {
    name: 'concat+reduceSum',
    build(b) {
      const a = b.input('a', { dataType: 'float32', shape: [4, 64] });
      return b.reduceSum(b.concat([a, b.neg(a)], 0), { axes: [1] });
    },
    shape: [4, 64],
    reference(a) {
      const y = new Float64Array(8);
      for (let r = 0; r < 4; ++r) {
        let s = 0;
        for (let i = 0; i < 64; ++i) s += a[r * 64 + i];
        y[r] = s;
        y[4 + r] = -s;
      }
      return y;
    },
  },
];

function seededInput(n, seed) {
  let s = seed * 2654435761 >>> 0;
  return Float32Array.from({ length: n }, () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return ((s >>> 8) / (1 << 24)) * 2 - 1;
  });
}

// One cycle on `context`: build, create tensors, write, dispatch, read, destroy everything.
async function cycle(context, index) {
  const c = CASES[index % CASES.length];
  const b = new MLGraphBuilder(context);
  const out = c.build(b);
  const graph = await b.build({ y: out });
  const n = c.shape.reduce((p, q) => p * q, 1);
  const input = seededInput(n, index);
  const a = await context.createTensor({ dataType: 'float32', shape: c.shape, writable: true });
  const y = await context.createTensor({ dataType: 'float32', shape: out.shape, readable: true });
  context.writeTensor(a, input);
  context.dispatch(graph, { a }, { y });
  graph.destroy();  // queued behind the dispatch
  a.destroy();
  const got = new Float32Array(await context.readTensor(y));
  y.destroy();
  const want = c.reference(input);
  for (let i = 0; i < want.length; ++i) {
    if (!(Math.abs(got[i] - want[i]) <= 1e-5 * Math.max(1, Math.abs(want[i])))) {
      throw new Error(`soak cycle ${index} (${c.name}): y[${i}] = ${got[i]}, expected ${want[i]}`);
    }
  }
}

export async function soak({ cycles = 2000, threads = 2, contexts = 3, warmup = 200 } = {}) {
  const ml = createML(threads > 1 ? { numThreads: threads } : { threads: false });
  const ctxs = await Promise.all(Array.from({ length: contexts }, () => ml.createContext()));
  const perContext = Math.ceil(cycles / contexts);
  let done = 0;
  let afterWarmup = null;
  const started = performance.now();
  await Promise.all(ctxs.map(async (context, k) => {
    for (let i = 0; i < perContext; ++i) {
      await cycle(context, k * perContext + i);
      if (++done === warmup) afterWarmup = await __testing.heapStats();
    }
  }));
  // Destroys are timeline steps: a read queued behind them (of a probe tensor) waits until they ran.
  const live = await Promise.all(ctxs.map(async (c) => {
    const probe = await c.createTensor({ dataType: 'float32', shape: [1], readable: true });
    await c.readTensor(probe);
    return __testing.liveObjects(c) - 1;
  }));
  const end = await __testing.heapStats();
  ctxs.forEach((c) => c.destroy());
  const measured = done - warmup;
  return {
    cycles: done,
    contexts,
    threads,
    seconds: (performance.now() - started) / 1000,
    heapInUseAfterWarmup: afterWarmup.inUse,
    heapInUseAtEnd: end.inUse,
    bytesPerCycle: (end.inUse - afterWarmup.inUse) / measured,
    wasmMemory: end.memory,
    liveObjectsAtEnd: live.reduce((p, q) => p + q, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const report = await soak({ cycles: arg('cycles', 10000), threads: arg('threads', 2), contexts: arg('contexts', 3) });
  console.log(JSON.stringify(report, null, 2));
}
