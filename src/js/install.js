// Puts WebNN on the global object: navigator.ml (a configurable getter on the navigator's
// prototype, as in browsers) and the ML* interface objects.
//   mode 'auto' (default): where the browser has its own WebNN, put the bridge of src/js/bridge.js in
//     front of it (each context is native's if native creates it and, for the non-standard
//     `requiredOps` option, lists what the caller needs; ours otherwise); elsewhere install ours.
//     "Has its own WebNN" means navigator.ml has a callable createContext and MLGraphBuilder is a
//     constructor (a foreign navigator.ml is not WebNN and is replaced).
//   mode 'force': ours, replacing whatever is there.
//   mode 'native': leave the global object alone (never ours).
// Every context tells which implementation serves it in the non-standard `implementation` property:
// 'webnn-wasm' for ours, 'native' for the browser's.
// A stub GPUDevice class is defined where WebGPU is absent: onnxruntime-web's WebNN backend tests
// `x instanceof GPUDevice` unguarded. It is inert (its constructor throws) and only ever defined when
// the name is free; pass {gpuDeviceStub: false} to opt out.
import { registerInterface } from './webidl/conversions.js';
import { ML } from './api/ml.js';
import { MLContext } from './api/ml-context.js';
import { MLGraph } from './api/ml-graph.js';
import { MLGraphBuilder } from './api/ml-graph-builder.js';
import { MLOperand } from './api/ml-operand.js';
import { MLTensor } from './api/ml-tensor.js';
import { contextInternals, graphInternals, operandInternals, tensorInternals } from './api/internals.js';
import { INTERNAL, defineInterface } from './api/webidl-class.js';
import { INT4_ACTIVATION_BITS, configure, preloadRuntime } from './loader.js';
import { primeRuntime } from './api/prime.js';
import { INTERFACE_NAMES, createBridge } from './bridge.js';

const interfaces = { ML, MLContext, MLGraph, MLGraphBuilder, MLOperand, MLTensor };

registerInterface('MLOperand', (v) => operandInternals.isOperand(v));
registerInterface('MLTensor', (v) => tensorInternals.isTensor(v));
registerInterface('MLGraph', (v) => graphInternals.isGraph(v));
registerInterface('MLContext', (v) => contextInternals.isContext(v));
registerInterface('GPUDevice', (v) => typeof globalThis.GPUDevice === 'function' && v instanceof globalThis.GPUDevice);

const MODES = ['auto', 'force', 'native'];

// Non-standard, so not an IDL attribute: which implementation serves this context.
Object.defineProperty(MLContext.prototype, 'implementation', {
  get() { return 'webnn-wasm'; }, enumerable: false, configurable: true,
});

let ml = null;
let installed = null;  // null, 'webnn-wasm' or 'bridge'
const previous = new Map();

// The ML object of this realm, without touching any global (a ponyfill).
export function createML(options = {}) {
  const { int4Activations } = options;
  if (int4Activations !== undefined && !Object.hasOwn(INT4_ACTIVATION_BITS, int4Activations)) {
    throw new TypeError(`options.int4Activations: '${int4Activations}' is not one of ${Object.keys(INT4_ACTIVATION_BITS).map((v) => `'${v}'`).join(', ')}.`);
  }
  configure(options);
  ml ??= new ML(INTERNAL);
  return ml;
}

export function isNativeWebNN() {
  if (installed) return false;
  const nav = globalThis.navigator;
  return !!(nav && nav.ml && typeof nav.ml.createContext === 'function' && typeof globalThis.MLGraphBuilder === 'function');
}

class GPUDevice {
  constructor() {
    throw new TypeError('Illegal constructor');
  }
}
defineInterface(GPUDevice, 'GPUDevice');

function defineGlobal(name, value) {
  previous.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

// Returns true when navigator.ml is now ours or the bridge, false when it was left alone (mode 'native').
export function install(options = {}) {
  const { mode = 'auto', gpuDeviceStub = true, ...loaderOptions } = options;
  if (!MODES.includes(mode)) throw new TypeError(`install options.mode: '${mode}' is not one of ${MODES.map((m) => `'${m}'`).join(', ')}.`);
  if (installed) return true;
  if (mode === 'native') return false;
  let instance = createML(loaderOptions);
  let globals = interfaces;
  if (mode === 'auto' && isNativeWebNN()) {
    const native = { ml: globalThis.navigator.ml, classes: {} };
    for (const name of INTERFACE_NAMES) native.classes[name] = globalThis[name];
    ({ ml: instance, globals } = createBridge(native, { getML: () => ml, classes: interfaces }));
  }
  if (!globalThis.navigator) defineGlobal('navigator', {});
  const nav = globalThis.navigator;
  const proto = Object.getPrototypeOf(nav);
  // Browsers define ml as a getter on Navigator.prototype, where a plain assignment is ignored: define
  // ours there too, or on the navigator itself when that is where an `ml` property already lives.
  const ownsMl = Object.prototype.hasOwnProperty.call(nav, 'ml');
  const target = !ownsMl && proto && proto !== Object.prototype ? proto : nav;
  previous.set('navigator.ml', { target, desc: Object.getOwnPropertyDescriptor(target, 'ml') });
  // As a WebIDL attribute getter: named "get ml", and called on anything but this realm's navigator (e.g. on
  // Navigator.prototype itself) a TypeError. [SameObject]: always the one ML.
  const { get } = Object.getOwnPropertyDescriptor({
    get ml() {
      if (this !== nav) throw new TypeError('Illegal invocation');
      return instance;
    },
  }, 'ml');
  Object.defineProperty(target, 'ml', { get, set: undefined, configurable: true, enumerable: true });
  for (const [name, cls] of Object.entries(globals)) defineGlobal(name, cls);
  if (gpuDeviceStub && typeof globalThis.GPUDevice === 'undefined') defineGlobal('GPUDevice', GPUDevice);
  installed = globals === interfaces ? 'webnn-wasm' : 'bridge';
  // In front of a native WebNN, ours may never be asked for: load it on first use only.
  if (installed === 'webnn-wasm') preloadRuntime(primeRuntime);
  return true;
}

export function uninstall() {
  if (!installed) return;
  const { target, desc } = previous.get('navigator.ml');
  if (desc) Object.defineProperty(target, 'ml', desc);
  else delete target.ml;
  for (const [name, desc] of previous) {
    if (name === 'navigator.ml') continue;
    if (desc) Object.defineProperty(globalThis, name, desc);
    else delete globalThis[name];
  }
  previous.clear();
  installed = null;
}

export function isInstalled() {
  return installed !== null;
}

// What install() put in place: 'webnn-wasm' (ours alone), 'bridge' (in front of a native WebNN) or null.
export function installedMode() {
  return installed;
}

export { ML, MLContext, MLGraph, MLGraphBuilder, MLOperand, MLTensor };
