import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const tensors = new WeakSet();
const release = new FinalizationRegistry((native) => native.delete());

export class MLTensor {
  #context;
  #native;
  #desc;
  #destroyed = false;

  constructor(token, context, native, desc) {
    checkInternal(token);
    this.#context = context;
    this.#native = native;
    this.#desc = {
      dataType: desc.dataType,
      shape: Object.freeze([...desc.shape]),
      readable: !!desc.readable,
      writable: !!desc.writable,
      constant: !!desc.constant,
    };
    tensors.add(this);
    release.register(this, native, this);
  }

  get dataType() { return this.#desc.dataType; }
  get shape() { return this.#desc.shape; }
  get readable() { return this.#desc.readable; }
  get writable() { return this.#desc.writable; }
  get constant() { return this.#desc.constant; }

  destroy() {
    if (!tensors.has(this)) throw new TypeError("Illegal invocation");
    if (this.#destroyed) return;
    this.#destroyed = true;
    // Queued jobs hold their own reference; the bytes go when the last of them has run.
    this.#native.destroy();
    release.unregister(this);
    this.#native.delete();
  }

  static isTensor(v) { return tensors.has(v); }
  static contextOf(t) { return t.#context; }
  static nativeOf(t) { return t.#native; }
  static isDestroyed(t) { return t.#destroyed; }
}

defineInterface(MLTensor, 'MLTensor');
export { INTERNAL };
