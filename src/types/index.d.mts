// The webnn-wasm module. The WebNN API itself (navigator.ml, MLContext, MLGraphBuilder, ...) is declared
// globally by webnn.d.ts, generated from idl/webnn.idl.
/// <reference path="./webnn.d.ts" />

export interface WebnnWasmOptions {
  /** Threads of the threaded build (default: hardware concurrency, at most 4). 1 where threads are unavailable. */
  numThreads?: number;
  /** false: always the single-threaded simd build, even where threads are available. */
  threads?: boolean;
  /**
   * Threaded build: a dispatch, tensor write or read whose last run took at most this many milliseconds runs
   * on the calling thread when its context has nothing queued, saving the hop to the executor thread and the
   * move of its output between cores (default 2, a tenth of it with more than one thread; 0: every step on the
   * executor, the calling thread never computes).
   */
  inlineStepMs?: number;
  /** false: never the relaxed-simd-threaded build (whose f32x4.relaxed_madd may round differently per CPU). */
  relaxedSimd?: boolean;
  /**
   * How a matmul of one row against 4-bit weights (a decoder's token step) takes its activations, quantized per block:
   * 'int16' (default: within 2^-16 of each block's largest), 'int8' (onnxruntime's MatMulNBits at accuracy level 4:
   * within 1/254, the fastest) or 'float32' (float32's accuracy, the slowest).
   */
  int4Activations?: 'int16' | 'int8' | 'float32';
  /** Where the dist files are: a folder URL, or a URL per file name (e.g. 'webnn-wasm-simd.wasm'). */
  wasmPaths?: string | Record<string, string | URL>;
  /** The bytes of the wasm build that will be loaded, instead of fetching or reading it. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Start loading the runtime at install() rather than at the first createContext() (default: true in Node). */
  preload?: boolean;
  /**
   * Once preloaded, build and run a small graph in the background so the engine's optimising compiler has our
   * common kernels ready before the first real graph: true at once, 'idle' in the page's first idle period
   * (default: true in Node, 'idle' in browsers).
   */
  prime?: boolean | 'idle';
}

export interface InstallOptions extends WebnnWasmOptions {
  /**
   * 'auto' (default): where the browser has its own WebNN, a bridge that serves each context from native when
   * native creates it (and lists the context's requiredOps), from webnn-wasm otherwise; ours elsewhere.
   * 'force': ours, replacing whatever is there. 'native': leave the global object alone.
   */
  mode?: 'auto' | 'force' | 'native';
  /** Define an inert GPUDevice class where WebGPU is absent (default true; onnxruntime-web's WebNN EP needs it). */
  gpuDeviceStub?: boolean;
}

/** Puts navigator.ml and the ML* interface objects on the global object. Returns whether it did. */
export declare function install(options?: InstallOptions): boolean;
/** Undoes install(). */
export declare function uninstall(): void;
export declare function isInstalled(): boolean;
/** What install() put in place: ours alone, the bridge in front of a native WebNN, or nothing. */
export declare function installedMode(): 'webnn-wasm' | 'bridge' | null;
/** Whether navigator.ml is a working WebNN that webnn-wasm did not install. */
export declare function isNativeWebNN(): boolean;
/** This realm's ML object (what navigator.ml returns once installed), without touching any global. */
export declare function createML(options?: WebnnWasmOptions): ML;
/** Which Wasm build runs and with how many threads (loads the runtime if it is not loaded yet). */
export declare function runtimeInfo(): Promise<{
  variant: 'simd' | 'simd-threaded' | 'relaxed-simd-threaded';
  numThreads: number;
  int4Activations: 'int16' | 'int8' | 'float32';
}>;

// Beyond the spec (src/js/bridge.js, idl/compat.idl): which implementation serves a context, the operators and
// data types a context must support for the bridge to keep a native one, and Chromium's MLGraph.devices.
declare global {
  interface MLContext {
    readonly implementation?: 'webnn-wasm' | 'native';
  }
  interface MLContextOptions {
    requiredOps?: Record<string, MLOperandDataType[]>;
  }
  interface MLGraph {
    readonly devices: readonly ('cpu' | 'gpu' | 'npu')[];
  }
}

// The interface objects, also reachable without install(); their types are the global ones.
declare const ML_: typeof globalThis.ML;
declare const MLContext_: typeof globalThis.MLContext;
declare const MLGraph_: typeof globalThis.MLGraph;
declare const MLGraphBuilder_: typeof globalThis.MLGraphBuilder;
declare const MLOperand_: typeof globalThis.MLOperand;
declare const MLTensor_: typeof globalThis.MLTensor;
export { ML_ as ML, MLContext_ as MLContext, MLGraph_ as MLGraph, MLGraphBuilder_ as MLGraphBuilder, MLOperand_ as MLOperand,
         MLTensor_ as MLTensor };
