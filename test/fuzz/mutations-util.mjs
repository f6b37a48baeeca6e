// Helpers shared by the mutation tables (mutations*.mjs).
export const set = (args, i, v) => Object.assign([...args], { [i]: v });
export const setOpt = (args, i, patch) => set(args, i, { ...(args[i] ?? {}), ...patch });
export const otherType = (t) => (t === 'float32' ? 'int32' : 'float32');
export const BAD_UNSIGNED = [-1, 2 ** 32, NaN, Infinity];  // [EnforceRange] unsigned long rejects these
export const shapeOf = (G, arg) => G.shape(arg.$);
export const typeOf = (G, arg) => G.dtype(arg.$);

/** Replaces operand argument `i` (or options key `key` of argument i) with a new input. */
export function swapOperand(G, args, i, dataType, shape, key) {
  const id = G.source(dataType, shape);
  return key ? setOpt(args, i, { [key]: G.ref(id) }) : set(args, i, G.ref(id));
}

export const floatOnly = {
  intInput: (G, args) => ({ args: swapOperand(G, args, 0, 'int32', shapeOf(G, args[0])), what: 'int32 input (float32/float16 only)' }),
};

export const nanOption = (key, pos = 1) => ({
  [`${key}NaN`]: (G, args, rng) => ({
    args: setOpt(args, pos, { [key]: rng.pick([NaN, Infinity, -Infinity]) }), what: `${key} not finite (a restricted double)`,
  }),
});

/** axis as positional argument `pos` (softmax, argMax, concat). */
export const badAxisArg = (pos) => ({
  axisRange: (G, args) => {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    return { args: set(args, pos, shapeOf(G, first).length), what: 'axis equal to the rank' };
  },
  axisEnforceRange: (G, args, rng) => {
    const v = rng.pick(BAD_UNSIGNED);
    return { args: set(args, pos, v), what: `axis ${v} ([EnforceRange] unsigned long)` };
  },
});

/** An index of a dimension > 1 of `shape`, or -1. */
export function bigDim(rng, shape) {
  const dims = shape.flatMap((d, i) => (d > 1 ? [i] : []));
  return dims.length ? rng.pick(dims) : -1;
}
