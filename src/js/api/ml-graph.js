import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const graphs = new WeakSet();
const release = new FinalizationRegistry((native) => native.delete());

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
    release.register(this, native, this);
  }

  destroy() {
    if (!graphs.has(this)) throw new TypeError('Illegal invocation');
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#native.destroy();
    release.unregister(this);
    this.#native.delete();
  }

  static isGraph(v) { return graphs.has(v); }
  static contextOf(g) { return g.#context; }
  static nativeOf(g) { return g.#native; }
  static isDestroyed(g) { return g.#destroyed; }
  static descriptorsOf(g) { return g.#desc; }
}

defineInterface(MLGraph, 'MLGraph');
export { INTERNAL };
