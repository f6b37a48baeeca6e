import { destroyWhenCollected, graphInternals } from './internals.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const graphs = new WeakSet();

export class MLGraph {
  #context;
  #native;
  #desc;
  #destroyed = false;

  constructor(token, context, native) {
    checkInternal(token);
    this.#context = context;
    this.#native = native;
    this.#desc = native.describe();
    graphs.add(this);
    destroyWhenCollected.register(this, native, this);
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
