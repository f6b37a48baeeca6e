// ML (navigator.ml): creates contexts. Every device is served on this CPU implementation, so
// `deviceType` (2024 API, still sent by onnxruntime-web) and a GPUDevice are accepted and ignored.
import { convertArguments } from '../webidl/conversions.js';
import { loadRuntime } from '../loader.js';
import { MLContext } from './ml-context.js';
import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const mls = new WeakSet();

export class ML {
  constructor(token) {
    checkInternal(token);
    mls.add(this);
  }

  createContext(...args) {
    try {
      if (!mls.has(this)) throw new TypeError('Illegal invocation');
      convertArguments('ML', 'createContext', args);
    } catch (e) {
      return Promise.reject(e);
    }
    return loadRuntime().then((runtime) => new MLContext(INTERNAL, runtime));
  }
}

defineInterface(ML, 'ML');
