// Shared runner of the per-operator validation tables (test/unit/js/validation/<group>.test.js).
// A case is one rule of an operator's method steps in the spec:
//   [rule, (b, t) => call, expected]
// - rule: the spec step, quoted or closely paraphrased, with its section anchor.
// - call: gets a fresh MLGraphBuilder `b`, `t(dataType, shape)`, which makes an input of a fresh name
//   (input names must be unique within one graph), and `foreign(dataType, shape)`, an input of another builder
//   (for the "validating operand" steps). It returns the operand(s) the method gave.
// - expected: `out(dataType, shape)` (or an array of them, for methods returning several operands),
//   or `error(name, message)` where message matches "[label] <op> <argument>: <reason>".
import { createML, MLGraphBuilder } from '../../../../dist/index.mjs';

export { createML, MLGraphBuilder };

export const out = (dataType, shape) => ({ dataType, shape });
export const error = (name, message) => ({ name, message });
export const typeError = (message) => error('TypeError', message);

const ml = createML({ threads: false });
let context;

// Registers one jest test per case under `title`. Call at a test file's top level.
export function describeCases(title, cases) {
  describe(title, () => {
    beforeAll(async () => { context ??= await ml.createContext(); });
    test.each(cases)('%s', async (rule, call, expected) => {
      const b = new MLGraphBuilder(context);
      let n = 0;
      const t = (dataType, shape) => b.input(`in${n++}`, { dataType, shape });
      const foreign = (dataType, shape) => new MLGraphBuilder(context).input('foreign', { dataType, shape });
      let result;
      let thrown;
      try {
        result = await call(b, t, foreign);
      } catch (e) {
        thrown = e;
      }
      if ('message' in expected) {
        expect(thrown?.name).toBe(expected.name);
        expect(thrown.message).toMatch(expected.message);
        return;
      }
      if (thrown) throw thrown;
      const describe = (o) => ({ dataType: o.dataType, shape: o.shape });
      expect(Array.isArray(result) ? result.map(describe) : describe(result)).toEqual(expected);
    });
  });
}
