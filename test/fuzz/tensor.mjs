// Shape and index helpers shared by the reference and the generator (row-major, like WebNN).

export const sizeOf = (shape) => shape.reduce((a, b) => a * b, 1);

export const INT_RANGE = {
  int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1], int8: [-128, 127], uint8: [0, 255],
};

export const isFloat = (dataType) => dataType === 'float32' || dataType === 'float16';

export function makeTensor(dataType, shape, data) {
  if (data.length !== sizeOf(shape)) {
    throw new RangeError(`tensor [${shape}] needs ${sizeOf(shape)} elements, got ${data.length}`);
  }
  return { dataType, shape: [...shape], data };
}

/** Multi-index of flat index i in `shape`. */
export function unravel(i, shape) {
  const idx = new Array(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    idx[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return idx;
}

/** Flat index of multi-index idx in `shape`. */
export function ravel(idx, shape) {
  let i = 0;
  for (let d = 0; d < shape.length; d++) i = i * shape[d] + idx[d];
  return i;
}

/** The spec's bidirectional broadcast of two shapes, or null when they are incompatible. */
export function broadcastShapes(a, b) {
  if (!a || !b) return null;
  const rank = Math.max(a.length, b.length);
  const pa = [...new Array(rank - a.length).fill(1), ...a];
  const pb = [...new Array(rank - b.length).fill(1), ...b];
  const out = [];
  for (let i = 0; i < rank; i++) {
    if (pa[i] !== pb[i] && pa[i] !== 1 && pb[i] !== 1) return null;
    out.push(Math.max(pa[i], pb[i]));
  }
  return out;
}

/** The spec's "cast" of an option value (MLNumber / double) to a data type (ConvertToFloat/Int). */
export function castNumber(x, dataType) {
  if (dataType === 'float32') return Math.fround(x);
  const range = INT_RANGE[dataType];
  if (!range) throw new TypeError(`castNumber: unsupported data type ${dataType}`);
  if (Number.isNaN(x)) return 0;
  const c = Math.min(Math.max(x, range[0]), range[1]);
  const r = Math.round(c);
  // Math.round rounds halves up; the spec rounds them to even.
  const even = Math.abs(c % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return even === 0 ? 0 : even;
}
