import { destroyWhenCollected, tensorInternals } from './internals.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const tensors = new WeakSet();

export class MLTensor {
  #context;
  #native;
  #desc;
  #destroyed = false;
  #pendingReads = new Set();  // reject functions of readTensor() promises not yet settled

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
    destroyWhenCollected.register(this, native, this);
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
    for (const reject of this.#pendingReads) {
      reject(new DOMException('readTensor: the tensor was destroyed before the read completed.', 'InvalidStateError'));
    }
    this.#pendingReads.clear();
    // A step of the context's timeline: work queued before it still sees the tensor.
    this.#native.destroy();
    destroyWhenCollected.unregister(this);
    this.#native.delete();
  }

  static {
    Object.assign(tensorInternals, {
      isTensor: (v) => tensors.has(v),
      contextOf: (t) => t.#context,
      nativeOf: (t) => t.#native,
      isDestroyed: (t) => t.#destroyed,
      // Settles `promise` through a promise that destroy() rejects first if it comes first.
      trackRead: (t, promise) => new Promise((resolve, reject) => {
        t.#pendingReads.add(reject);
        promise.then(resolve, reject).finally(() => t.#pendingReads.delete(reject));
      }),
    });
  }
}

defineInterface(MLTensor, 'MLTensor');
export { INTERNAL };
