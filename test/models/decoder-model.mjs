// A synthetic decoder-only language model of a real one's shape, as ONNX bytes (onnx-writer.mjs), and the feeds a
// page makes to run it token by token. Shared by the decode-loop test (a small one, decode-loop.mjs) and the decode
// bench (Qwen2.5-0.5B's shape, bench/decode.mjs). Random weights, nothing downloaded.
//
// The graph is what a Qwen2 / Llama export with 4-bit weights holds: a 4-bit GatherBlockQuantized embedding; per
// layer RMSNorm, q/k/v projections with biases, rotary embeddings (cos/sin tables gathered by position), grouped-
// query attention over a static cache, the output projection, RMSNorm and a SiLU-gated MLP, with residuals; a
// final RMSNorm and the LM head. Every projection is a MatMulNBits (4 bits, blocks of `block`, zero points).
//
// The cache is static: past/present key and value [1, cache, kvHeads, headDim] per layer, each new token's key and
// value written into slot position % cache by ScatterND (a ring: once full, the oldest position is overwritten), so
// one graph serves a prompt of any length up to `cache` (prefill) and single tokens (decode); the page gives the
// slots and an additive mask over them (DecoderFeeds). `sequence_length` is the symbolic dim of the new tokens.
import { model, node, tensor, valueInfo } from './onnx-writer.mjs';
import { xorshift } from './random.mjs';

// Qwen2.5-0.5B's shape (494 M parameters).
export const QWEN2_5_0_5B = { hidden: 896, layers: 24, heads: 14, kvHeads: 2, mlp: 4864, vocab: 151936, cache: 256, block: 32 };

const SEQ = 'sequence_length';
// The layers' outputs are scaled down against the embedding in the residual stream, so the next token depends on
// the current one (with random weights at full scale, the layers' biases settle every step on the same token).
const RESIDUAL_GAIN = 0.3;

export function headDim(c) { return c.hidden / c.heads; }

// The names of the cache's graph inputs and outputs, per layer.
export function cacheNames(c) {
  return [...Array(c.layers).keys()].flatMap((l) => ['key', 'value'].map((kind) => ({
    past: `past_key_values.${l}.${kind}`, present: `present.${l}.${kind}`,
  })));
}

// Bytes of 4-bit weights (nibbles, scales, zero points) the graph reads per token: every projection and the LM head,
// and one embedding row.
export function weightBytesPerToken(c) {
  const d = headDim(c), kv = c.kvHeads * d;
  const nbits = (k, n) => n * (k / 2 + (k / c.block) * 4 + Math.ceil(k / c.block / 2));
  const layer = nbits(c.hidden, c.hidden) * 2 + nbits(c.hidden, kv) * 2 + nbits(c.hidden, c.mlp) * 2 + nbits(c.mlp, c.hidden);
  return c.layers * layer + nbits(c.hidden, c.vocab) + nbits(c.hidden, 1);
}

// The model as ONNX bytes; `positions` rows of rotary tables (default: the cache's length).
export function decoderModel(c, { seed = 20261128, positions = c.cache } = {}) {
  const next = xorshift(seed);
  const unit = () => next() / 2 ** 32;
  const d = headDim(c), group = c.heads / c.kvHeads;
  const nodes = [], inits = [];
  let id = 0;
  const tmp = () => `t${id++}`;
  const f32 = (name, dims, fill) => {
    const data = new Float32Array(dims.reduce((a, b) => a * b, 1));
    for (let i = 0; i < data.length; ++i) data[i] = fill(i);
    inits.push(tensor(name, 'float32', dims, data));
    return name;
  };
  const i64 = (name, values) => {
    inits.push(tensor(name, 'int64', [values.length], BigInt64Array.from(values.map(BigInt))));
    return name;
  };
  const randomBytes = (n) => {
    const words = new Uint32Array(Math.ceil(n / 4));
    for (let i = 0; i < words.length; ++i) words[i] = next();
    return new Uint8Array(words.buffer, 0, n);
  };
  // Zero points 7 or 8, the middle of 0..15 on average (a bias of the zero points over a whole column makes that
  // column's logit win at every step), two blocks a byte.
  const zeroPoints = (n) => {
    const z = new Uint8Array(n);
    for (let i = 0; i < n; ++i) {
      const bits = next();
      z[i] = (7 + (bits & 1)) | ((7 + ((bits >> 1) & 1)) << 4);
    }
    return z;
  };
  const op = (type, inputs, attributes = {}, domain = '') => {
    const y = tmp();
    nodes.push(node(type, inputs, [y], attributes, domain));
    return y;
  };
  // MatMulNBits: B uint8 [N, K / block, block / 2] (two 4-bit values a byte, low nibble first), scales [N, K / block],
  // zero points uint8 [N, ceil(K / block / 2)]; weights of about unit variance over sqrt(K) (q - z spreads ~4.6).
  const nbits = (x, k, n, gain = 1) => {
    const w = `w${id++}`, blocks = k / c.block, zBytes = Math.ceil(blocks / 2);
    inits.push(tensor(`${w}_q`, 'uint8', [n, blocks, c.block / 2], randomBytes(n * blocks * c.block / 2)));
    f32(`${w}_s`, [n, blocks], () => gain * (0.75 + 0.5 * unit()) / (4.6 * Math.sqrt(k)));
    inits.push(tensor(`${w}_z`, 'uint8', [n, zBytes], zeroPoints(n * zBytes)));
    return op('MatMulNBits', [x, `${w}_q`, `${w}_s`, `${w}_z`], { K: k, N: n, bits: 4, block_size: c.block }, 'com.microsoft');
  };
  const rmsNorm = (x) => {
    const w = f32(`norm${id++}`, [c.hidden], () => 0.9 + 0.2 * unit());
    const meanSquare = op('ReduceMean', [op('Mul', [x, x])], { axes: [-1], keepdims: 1 });
    return op('Mul', [op('Div', [x, op('Sqrt', [op('Add', [meanSquare, 'eps'])])]), w]);
  };
  const bias = (x, n) => op('Add', [x, f32(`bias${id++}`, [n], () => 0.02 * (unit() - 0.5))]);
  // Rotary embedding of x [1, heads, T, d]: x * cos + rotate_half(x) * sin.
  const rope = (x) => {
    const rotated = op('Concat', [op('Neg', [op('Slice', [x, 'half', 'whole', 'axis3'])]), op('Slice', [x, 'zero', 'half', 'axis3'])], { axis: 3 });
    return op('Add', [op('Mul', [x, 'cos']), op('Mul', [rotated, 'sin'])]);
  };

  // Shared constants and tables.
  f32('eps', [], () => 1e-6);
  f32('scale', [], () => 1 / Math.sqrt(d));
  i64('zero', [0]);
  i64('half', [d / 2]);
  i64('whole', [d]);
  i64('axis3', [3]);
  i64('axis1', [1]);
  const invFreq = (i) => 1e6 ** (-2 * (i % (d / 2)) / d);
  f32('cos_table', [positions, d], (i) => Math.cos(Math.floor(i / d) * invFreq(i % d)));
  f32('sin_table', [positions, d], (i) => Math.sin(Math.floor(i / d) * invFreq(i % d)));
  nodes.push(node('Unsqueeze', [op('Gather', ['cos_table', 'position_ids']), 'axis1'], ['cos']));
  nodes.push(node('Unsqueeze', [op('Gather', ['sin_table', 'position_ids']), 'axis1'], ['sin']));
  i64('q_heads', [1, -1, c.heads, d]);
  i64('kv_heads', [1, -1, c.kvHeads, d]);
  i64('grouped', [1, c.kvHeads, -1, d]);
  i64('per_head_scores', [1, c.heads, -1, c.cache]);
  i64('grouped_scores', [1, c.kvHeads, -1, c.cache]);
  i64('per_head', [1, c.heads, -1, d]);
  i64('hidden', [1, -1, c.hidden]);

  // Embedding: 4-bit rows, a scale and zero point per block of the hidden dim.
  const eBlocks = c.hidden / c.block, eZ = Math.ceil(eBlocks / 2);
  inits.push(tensor('embed_q', 'uint8', [c.vocab, c.hidden / 2], randomBytes(c.vocab * c.hidden / 2)));
  f32('embed_s', [c.vocab, eBlocks], () => (0.75 + 0.5 * unit()) / 4.6);
  inits.push(tensor('embed_z', 'uint8', [c.vocab, eZ], zeroPoints(c.vocab * eZ)));
  let h = op('GatherBlockQuantized', ['embed_q', 'input_ids', 'embed_s', 'embed_z'],
             { bits: 4, block_size: c.block, gather_axis: 0, quantize_axis: 1 }, 'com.microsoft');

  const inputs = [valueInfo('input_ids', 'int64', [1, SEQ]), valueInfo('position_ids', 'int64', [1, SEQ]),
                  valueInfo('cache_indices', 'int64', [1, SEQ, 2]), valueInfo('attention_mask', 'float32', [1, 1, SEQ, c.cache])];
  const outputs = [valueInfo('logits', 'float32', [1, SEQ, c.vocab])];
  for (let l = 0; l < c.layers; ++l) {
    const x = rmsNorm(h);
    const q = rope(op('Transpose', [op('Reshape', [bias(nbits(x, c.hidden, c.hidden), c.hidden), 'q_heads'])], { perm: [0, 2, 1, 3] }));
    const present = {};
    for (const kind of ['key', 'value']) {
      let fresh = op('Reshape', [bias(nbits(x, c.hidden, c.kvHeads * d), c.kvHeads * d), 'kv_heads']);  // [1, T, kvHeads, d]
      if (kind === 'key') fresh = op('Transpose', [rope(op('Transpose', [fresh], { perm: [0, 2, 1, 3] }))], { perm: [0, 2, 1, 3] });
      const past = `past_key_values.${l}.${kind}`;
      present[kind] = `present.${l}.${kind}`;
      inputs.push(valueInfo(past, 'float32', [1, c.cache, c.kvHeads, d]));
      outputs.push(valueInfo(present[kind], 'float32', [1, c.cache, c.kvHeads, d]));
      nodes.push(node('ScatterND', [past, 'cache_indices', fresh], [present[kind]]));
    }
    // Grouped-query attention: each kv head serves `group` query heads, [1, kvHeads, group * T, d] x [1, kvHeads, d, cache].
    const keysT = op('Transpose', [present.key], { perm: [0, 2, 3, 1] });
    const values = op('Transpose', [present.value], { perm: [0, 2, 1, 3] });
    const scores = op('Reshape', [op('Mul', [op('MatMul', [op('Reshape', [q, 'grouped']), keysT]), 'scale']), 'per_head_scores']);
    const probs = op('Reshape', [op('Softmax', [op('Add', [scores, 'attention_mask'])], { axis: -1 }), 'grouped_scores']);
    const attended = op('Reshape', [op('Transpose', [op('Reshape', [op('MatMul', [probs, values]), 'per_head'])], { perm: [0, 2, 1, 3] }), 'hidden']);
    h = op('Add', [h, nbits(attended, c.hidden, c.hidden, RESIDUAL_GAIN)]);
    const y = rmsNorm(h);
    const gate = nbits(y, c.hidden, c.mlp);
    const silu = op('Mul', [gate, op('Sigmoid', [gate])]);
    h = op('Add', [h, nbits(op('Mul', [silu, nbits(y, c.hidden, c.mlp)]), c.mlp, c.hidden, RESIDUAL_GAIN)]);
  }
  nodes.push(node('Identity', [nbits(rmsNorm(h), c.hidden, c.vocab)], ['logits']));
  return model({ opsets: { '': 17, 'com.microsoft': 1 }, nodes, initializers: inits, inputs, outputs });
}

// The feeds of one step of `tokens` new tokens after `past` earlier ones, for onnxruntime-web (`ort`): ids and
// positions, each token's cache slot, and the additive mask: slot j holds the latest position p <= past + T - 1
// with p = j mod cache (none if negative); query t sees it when p <= past + t.
export function stepFeeds(ort, c, tokens, past) {
  const T = tokens.length, S = c.cache;
  const last = past + T - 1;
  const mask = new Float32Array(T * S);
  for (let t = 0; t < T; ++t) {
    for (let j = 0; j < S; ++j) {
      const p = last - ((last - j) % S + S) % S;
      mask[t * S + j] = p >= 0 && p <= past + t ? 0 : -1e9;
    }
  }
  const positions = BigInt64Array.from(tokens, (_, t) => BigInt(past + t));
  const slots = new BigInt64Array(2 * T);
  for (let t = 0; t < T; ++t) slots[2 * t + 1] = BigInt((past + t) % S);
  return {
    input_ids: new ort.Tensor('int64', BigInt64Array.from(tokens, BigInt), [1, T]),
    position_ids: new ort.Tensor('int64', positions, [1, T]),
    cache_indices: new ort.Tensor('int64', slots, [1, T, 2]),
    attention_mask: new ort.Tensor('float32', mask, [1, 1, T, S]),
  };
}

// An empty cache as CPU tensors, keyed by the past_* input names.
export function emptyCache(ort, c) {
  const dims = [1, c.cache, c.kvHeads, headDim(c)];
  return Object.fromEntries(cacheNames(c).map(({ past }) => [past, new ort.Tensor('float32', new Float32Array(dims.reduce((a, b) => a * b)), dims)]));
}

// The next past_* feeds from a run's present_* outputs.
export function pastFrom(c, outputs) {
  return Object.fromEntries(cacheNames(c).map(({ past, present }) => [past, outputs[present]]));
}

// The greedy token of the last row of logits [1, T, vocab].
export function greedyToken(logits, vocab) {
  const base = logits.length - vocab;
  let best = 0;
  for (let i = 1; i < vocab; ++i) if (logits[base + i] > logits[base + best]) best = i;
  return best;
}
