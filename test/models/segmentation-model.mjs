// A synthetic segmentation network of a real one's shape, as ONNX bytes (onnx-writer.mjs), in the forms people
// deploy in browsers: float32, dynamic int8 (what onnxruntime's quantize_dynamic and transformers.js's `q8` write:
// DynamicQuantizeLinear + ConvInteger, the float epilogue as Cast, Mul, Add), static QDQ int8 (what onnxruntime's
// quantize_static writes by default: each activation a QuantizeLinear -> DequantizeLinear pair of uint8 with a
// constant scale, int8 weights with a scale per output channel behind a DequantizeLinear) and float16 weights (each
// cast to float32 in the graph). Random weights, nothing downloaded; used by the quantized bench (bench/quantized.mjs).
//
// The network is a U-Net over a size x size image: a stride-2 stem, then per level a stride-2 3x3 conv and
// `depth - 1` more 3x3 convs (ReLU after each), the channels doubling as the resolution halves; back up, each level
// resizes x2 (bilinear), concatenates the encoder's output of that resolution and runs `depth` 3x3 convs; a 1x1
// head, a last x2 resize and a sigmoid give a [1, 1, size, size] mask.
//
// The float16 form lists its weights as graph inputs too (overridable initializers, as older exports have them),
// which keeps onnxruntime from folding the casts at load: WebNN receives float16 constants and `cast` calls.
import { model, node, tensor, valueInfo } from './onnx-writer.mjs';
import { xorshift } from './random.mjs';

// 1024 x 1024 input, 25 convolutions (8 to 512 channels), 8.6 M weights, 11 GFLOP.
export const SEGMENTATION_1024 = { size: 1024, stem: 8, widths: [16, 32, 64, 128, 256, 512], depth: 2 };

export const FORMS = ['float32', 'int8', 'qdq', 'float16'];

// float32 -> float16 bits, rounded to nearest even (finite values of normal weight range and below).
const word = new Float32Array(1), wordBits = new Uint32Array(word.buffer);
function halfBits(x) {
  word[0] = x;
  const u = wordBits[0];
  const sign = (u >>> 16) & 0x8000, exp = ((u >>> 23) & 0xff) - 127 + 15;
  let mant = u & 0x7fffff;
  if (exp >= 31) return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - exp, half = 1 << (shift - 1);
    let h = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    if (rest > half || (rest === half && (h & 1))) ++h;
    return sign | h;
  }
  let h = (exp << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (h & 1))) ++h;
  return sign | h;
}

// Multiply-adds x 2 of the network's convolutions.
export function segmentationFlops(c) {
  let flops = 0;
  const conv = (cin, cout, k, r) => { flops += 2 * cin * cout * k * k * r * r; };
  let r = c.size / 2, prev = c.stem;
  conv(3, c.stem, 3, r);
  const skips = [[c.stem, r]];
  for (const w of c.widths) {
    r /= 2;
    conv(prev, w, 3, r);
    for (let d = 1; d < c.depth; ++d) conv(w, w, 3, r);
    skips.push([w, r]);
    prev = w;
  }
  for (let l = skips.length - 2; l >= 0; --l) {
    const [w, rr] = skips[l];
    conv(prev + w, w, 3, rr);
    for (let d = 1; d < c.depth; ++d) conv(w, w, 3, rr);
    prev = w;
  }
  conv(prev, 1, 1, c.size / 2);
  return flops;
}

// The model as ONNX bytes, in one of FORMS.
export function segmentationModel(c, form, { seed = 20261129 } = {}) {
  if (!FORMS.includes(form)) throw new Error(`form must be one of ${FORMS.join(', ')}`);
  const next = xorshift(seed);
  const unit = () => next() / 2 ** 32;
  const nodes = [], inits = [], inputs = [valueInfo('image', 'float32', [1, 3, c.size, c.size])];
  let id = 0;
  const op = (type, ins, attributes = {}) => {
    const y = `t${id++}`;
    nodes.push(node(type, ins, [y], attributes));
    return y;
  };
  const constant = (name, dataType, dims, data) => {
    inits.push(tensor(name, dataType, dims, data));
    if (form === 'float16' && dataType === 'float16') inputs.push(valueInfo(name, dataType, dims));
    return name;
  };
  const f32 = (name, dims, values) => constant(name, 'float32', dims, Float32Array.from(values));

  // A conv with ReLU: weights uniform of He's variance (2 / fan-in), biases small.
  const conv = (x, cin, cout, k, stride, relu = true) => {
    const w = `w${id++}`, n = cout * cin * k * k, bound = Math.sqrt(6 / (cin * k * k));
    const attributes = { kernel_shape: [k, k], pads: Array(4).fill((k - 1) / 2), strides: [stride, stride] };
    const bias = Array.from({ length: cout }, () => 0.05 * (unit() - 0.5));
    let y;
    if (form === 'qdq') {
      // Symmetric int8 weights, a scale per output channel (axis 0), zero points 0; the activations quantized
      // before the conv (after a concat) unless they came from a conv's QDQ pair already.
      const q = new Int8Array(n), scales = new Float32Array(cout).fill(bound / 127);
      for (let i = 0; i < n; ++i) q[i] = Math.max(-127, Math.min(127, Math.round((2 * unit() - 1) * 127)));
      constant(`${w}_q`, 'int8', [cout, cin, k, k], q);
      f32(`${w}_s`, [cout], scales);
      constant(`${w}_z`, 'int8', [cout], new Int8Array(cout));
      const wd = op('DequantizeLinear', [`${w}_q`, `${w}_s`, `${w}_z`], { axis: 0 });
      y = op('Conv', [quantized.has(x) ? x : qdq(x, x === 'image' ? 1 / 255 : ACTIVATION_SCALE), wd, f32(`${w}_b`, [cout], bias)], attributes);
      if (relu) return qdq(op('Relu', [y]), ACTIVATION_SCALE);
      return y;
    }
    if (form === 'int8') {
      // quantize_dynamic's ConvInteger form: uint8 weights with a scalar scale and zero point.
      const q = new Uint8Array(n);
      for (let i = 0; i < n; ++i) q[i] = next() & 0xff;
      constant(`${w}_q`, 'uint8', [cout, cin, k, k], q);
      f32(`${w}_s`, [], [bound / 128]);
      constant(`${w}_z`, 'uint8', [], Uint8Array.of(128));
      const xq = `${w}_xq`, xs = `${w}_xs`, xz = `${w}_xz`;
      nodes.push(node('DynamicQuantizeLinear', [x], [xq, xs, xz]));
      const scale = op('Mul', [xs, `${w}_s`]);
      const acc = op('Cast', [op('ConvInteger', [xq, `${w}_q`, xz, `${w}_z`], attributes)], { to: 1 });
      y = op('Add', [op('Mul', [acc, scale]), f32(`${w}_b`, [1, cout, 1, 1], bias)]);
    } else {
      const values = Array.from({ length: n }, () => bound * (2 * unit() - 1));
      if (form === 'float16') {
        constant(`${w}_h`, 'float16', [cout, cin, k, k], Uint16Array.from(values, halfBits));
        constant(`${w}_bh`, 'float16', [cout], Uint16Array.from(bias, halfBits));
        y = op('Conv', [x, op('Cast', [`${w}_h`], { to: 1 }), op('Cast', [`${w}_bh`], { to: 1 })], attributes);
      } else {
        y = op('Conv', [x, f32(w, [cout, cin, k, k], values), f32(`${w}_b`, [cout], bias)], attributes);
      }
    }
    return relu ? op('Relu', [y]) : y;
  };
  // The QDQ form's activations: uint8, zero point 0, 4 / 255 a step (post-ReLU values of He-initialised layers
  // over a [0, 1) image stay mostly below 4).
  const ACTIVATION_SCALE = 4 / 255;
  const quantized = new Set();
  const qdq = (x, scale) => {
    const s = f32(`qs${id++}`, [], [scale]), z = constant(`qz${id++}`, 'uint8', [], Uint8Array.of(0));
    const y = op('DequantizeLinear', [op('QuantizeLinear', [x, s, z]), s, z]);
    quantized.add(y);
    return y;
  };
  f32('up2', [4], [1, 1, 2, 2]);
  const up = (x) => op('Resize', [x, '', 'up2'], { mode: 'linear', coordinate_transformation_mode: 'half_pixel' });

  let x = conv('image', 3, c.stem, 3, 2), prev = c.stem;
  const skips = [[x, c.stem]];
  for (const w of c.widths) {
    x = conv(x, prev, w, 3, 2);
    for (let d = 1; d < c.depth; ++d) x = conv(x, w, w, 3, 1);
    skips.push([x, w]);
    prev = w;
  }
  for (let l = skips.length - 2; l >= 0; --l) {
    const [skip, w] = skips[l];
    x = conv(op('Concat', [up(x), skip], { axis: 1 }), prev + w, w, 3, 1);
    for (let d = 1; d < c.depth; ++d) x = conv(x, w, w, 3, 1);
    prev = w;
  }
  nodes.push(node('Sigmoid', [up(conv(x, prev, 1, 1, 1, false))], ['mask']));
  const outputs = [valueInfo('mask', 'float32', [1, 1, c.size, c.size])];
  return model({ opsets: { '': 17 }, nodes, initializers: inits, inputs, outputs });
}

// A deterministic image [1, 3, size, size] in [0, 1).
export function segmentationImage(c, seed = 7) {
  const next = xorshift(seed);
  return Float32Array.from({ length: 3 * c.size * c.size }, () => next() / 2 ** 32);
}
