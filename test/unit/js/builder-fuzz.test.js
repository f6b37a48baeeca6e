// Hostile input: seeded random calls of every MLGraphBuilder method with random operands, numbers,
// sequences, dictionaries and data types. Every failure must be a TypeError or NotSupportedError (never
// an abort of the Wasm module or another exception), graphs that build must dispatch and read back,
// and the context must still compute correctly afterwards.
import { createML, MLGraphBuilder } from '../../../dist/index.mjs';

const ITERATIONS = 1500;
const TYPES = ['float32', 'float16', 'int32', 'uint32', 'int64', 'uint64', 'int8', 'uint8'];
const ODD_NUMBERS = [0, 1, 2, 3, 5, 7, 4294967295, -1, 2.5, NaN];

let context;
beforeAll(async () => {
  context = await createML({ threads: false }).createContext();
});

function rng(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

test('random builder calls fail cleanly and never break the module', async () => {
  const random = rng(20261123);
  const pick = (a) => a[Math.floor(random() * a.length)];
  const ops = Object.getOwnPropertyNames(MLGraphBuilder.prototype)
    .filter((k) => !['constructor', 'input', 'constant', 'build'].includes(k));
  const outcomes = {};
  const unexpected = [];
  for (let iter = 0; iter < ITERATIONS; iter++) {
    const builder = new MLGraphBuilder(context);
    const inputs = {};
    const operand = () => {
      const rank = Math.floor(random() * 5);
      const shape = Array.from({ length: rank }, () => (random() < 0.9 ? 1 + Math.floor(random() * 4) : pick(ODD_NUMBERS)));
      const name = `x${iter}_${Object.keys(inputs).length}`;
      const desc = { dataType: pick(TYPES), shape };
      try {
        const o = builder.input(name, desc);
        inputs[name] = desc;
        return o;
      } catch {
        return 1;
      }
    };
    const value = () => {
      const k = random();
      if (k < 0.4) return operand();
      if (k < 0.5) return pick(ODD_NUMBERS);
      if (k < 0.6) return Array.from({ length: Math.floor(random() * 5) }, () => pick(ODD_NUMBERS));
      if (k < 0.7) {
        return { axis: pick(ODD_NUMBERS), axes: [pick(ODD_NUMBERS)], padding: [1, 1], strides: [pick(ODD_NUMBERS), 1],
                 windowDimensions: [pick(ODD_NUMBERS), 2], groups: pick(ODD_NUMBERS), keepDimensions: true,
                 epsilon: NaN, minValue: 3, maxValue: -3 };
      }
      if (k < 0.8) return pick(TYPES);
      if (k < 0.9) return undefined;
      return [operand(), operand()];
    };
    const op = pick(ops);
    let outcome;
    try {
      const result = builder[op](...Array.from({ length: 1 + Math.floor(random() * 4) }, value));
      const named = {};
      (Array.isArray(result) ? result : [result]).forEach((o, i) => { named[`o${i}`] = o; });
      const graph = await builder.build(named);
      // Bind every input the call created; unused ones make dispatch a TypeError, as the spec says.
      const bound = {};
      const outputs = {};
      for (const [name, desc] of Object.entries(inputs)) bound[name] = await context.createTensor({ ...desc, writable: true });
      for (const [name, o] of Object.entries(named)) {
        outputs[name] = await context.createTensor({ dataType: o.dataType, shape: o.shape, readable: true });
      }
      try {
        context.dispatch(graph, bound, outputs);
        outcome = 'dispatched';
      } catch (e) {
        if (!(e instanceof TypeError)) unexpected.push(`${op} dispatch: ${e?.name}: ${e?.message}`);
        outcome = 'dispatch TypeError';
      }
      for (const t of Object.values(outputs)) await context.readTensor(t);
      graph.destroy();
    } catch (e) {
      outcome = e?.name ?? String(e);
      if (!(e instanceof TypeError) && e?.name !== 'NotSupportedError') unexpected.push(`${op}: ${outcome}: ${e?.message}`);
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  expect(unexpected).toEqual([]);
  expect(outcomes.dispatched).toBeGreaterThan(10);  // the generator does reach the kernels
  expect(outcomes.TypeError).toBeGreaterThan(ITERATIONS / 2);

  const builder = new MLGraphBuilder(context);
  const x = builder.input('x', { dataType: 'float32', shape: [2] });
  const graph = await builder.build({ y: builder.relu(x) });
  const xt = await context.createTensor({ dataType: 'float32', shape: [2], writable: true });
  const yt = await context.createTensor({ dataType: 'float32', shape: [2], readable: true });
  context.writeTensor(xt, new Float32Array([-1, 2]));
  context.dispatch(graph, { x: xt }, { y: yt });
  expect(Array.from(new Float32Array(await context.readTensor(yt)))).toEqual([0, 2]);
}, 120000);
