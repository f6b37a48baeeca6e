import { destroyWhenCollected, graphInternals } from './internals.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const graphs = new WeakSet();

export class MLGraph {
  #context;
  #native;
  #desc;
  #destroyed = false;
  #devices;

  constructor(token, context, native) {
    checkInternal(token);
    this.#context = context;
    this.#native = native;
    this.#desc = native.describe();
    this.#devices = Object.freeze(['cpu']);
    graphs.add(this);
    destroyWhenCollected.register(this, native, this);
  }

  // Beyond the spec snapshot (idl/compat.idl): Chromium's FrozenArray<MLDeviceType> of the devices the graph
  // runs on. LiteRT.js's WebNN delegate reads it after build() and fails without it. Always ['cpu'] here.
  get devices() {
    if (!graphs.has(this)) throw new TypeError('Illegal invocation');
    return this.#devices;
  }

  destroy() {
    if (!graphs.has(this)) throw new TypeError('Illegal invocation');
    if (this.#destroyed) return;
    this.#destroyed = true;
    // A step of the context's timeline: dispatches queued before it still run.
    this.#native.destroy();
    destroyWhenCollected.unregister(this);
    this.#native.delete();
  }

  static {
    Object.assign(graphInternals, {
      isGraph: (v) => graphs.has(v),
      contextOf: (g) => g.#context,
      nativeOf: (g) => g.#native,
      isDestroyed: (g) => g.#destroyed,
      descriptorsOf: (g) => g.#desc,
    });
  }
}

defineInterface(MLGraph, 'MLGraph');
export { INTERNAL };
