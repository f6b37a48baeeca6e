// Puts WebNN on the global object: navigator.ml (a configurable getter on the navigator's
// prototype, as in browsers) and the ML* interface objects.
//   mode 'if-missing' (default): leave a working native WebNN alone. "Working" means navigator.ml has
//     a callable createContext and MLGraphBuilder is a constructor (a foreign navigator.ml is not).
//   mode 'force': replace whatever is there.
// A stub GPUDevice class is defined where WebGPU is absent: onnxruntime-web's WebNN backend tests
// `x instanceof GPUDevice` unguarded. It is inert (its constructor throws) and only ever defined when
// the name is free; pass {gpuDeviceStub: false} to opt out.
import { registerInterface } from './generated/webidl.js';
import { ML } from './api/ml.js';
import { MLContext } from './api/ml-context.js';
import { MLGraph } from './api/ml-graph.js';
import { MLGraphBuilder } from './api/ml-graph-builder.js';
import { MLOperand } from './api/ml-operand.js';
import { MLTensor } from './api/ml-tensor.js';
import { contextInternals, graphInternals, operandInternals, tensorInternals } from './api/internals.js';
import { INTERNAL, defineInterface } from './api/webidl-class.js';
import { configure } from './loader.js';

const interfaces = { ML, MLContext, MLGraph, MLGraphBuilder, MLOperand, MLTensor };

registerInterface('MLOperand', (v) => operandInternals.isOperand(v));
registerInterface('MLTensor', (v) => tensorInternals.isTensor(v));
registerInterface('MLGraph', (v) => graphInternals.isGraph(v));
registerInterface('MLContext', (v) => contextInternals.isContext(v));
registerInterface('GPUDevice', (v) => typeof globalThis.GPUDevice === 'function' && v instanceof globalThis.GPUDevice);

let ml = null;
let installed = false;
const previous = new Map();

// The ML object of this realm, without touching any global (a ponyfill).
export function createML(options = {}) {
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

export function install(options = {}) {
  const { mode = 'if-missing', gpuDeviceStub = true, ...loaderOptions } = options;
  if (mode !== 'if-missing' && mode !== 'force') throw new TypeError(`install options.mode: '${mode}' is not one of 'if-missing', 'force'.`);
  if (installed) return true;
  if (mode === 'if-missing' && isNativeWebNN()) return false;
  const instance = createML(loaderOptions);
  if (!globalThis.navigator) defineGlobal('navigator', {});
  const nav = globalThis.navigator;
  const proto = Object.getPrototypeOf(nav);
  // Browsers define ml as a getter on Navigator.prototype, where a plain assignment is ignored: define
  // ours there too, or on the navigator itself when that is where an `ml` property already lives.
  const ownsMl = Object.prototype.hasOwnProperty.call(nav, 'ml');
  const target = !ownsMl && proto && proto !== Object.prototype ? proto : nav;
  previous.set('navigator.ml', { target, desc: Object.getOwnPropertyDescriptor(target, 'ml') });
  Object.defineProperty(target, 'ml', { get: () => instance, configurable: true, enumerable: true });
  for (const [name, cls] of Object.entries(interfaces)) defineGlobal(name, cls);
  if (gpuDeviceStub && typeof globalThis.GPUDevice === 'undefined') defineGlobal('GPUDevice', GPUDevice);
  installed = true;
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
  installed = false;
}

export function isInstalled() {
  return installed;
}

export { ML, MLContext, MLGraph, MLGraphBuilder, MLOperand, MLTensor };
