// Type-checked (tsc --noEmit) against the packed package under moduleResolution bundler and node16.
// Each @ts-expect-error proves a declaration is precise, not `any`.
import { createML, install, installedMode, isInstalled, runtimeInfo, MLGraphBuilder as Builder } from 'webnn-wasm';
import type { InstallOptions } from 'webnn-wasm';
import 'webnn-wasm/auto';

const options: InstallOptions = { mode: 'force', numThreads: 2, wasmPaths: '/assets/webnn/', preload: false,
                                  relaxedSimd: false };
const installed: boolean = install(options);
const context: MLContext = await navigator.ml.createContext();
const builder: MLGraphBuilder = new Builder(context);
const x: MLOperand = builder.input('x', { dataType: 'float32', shape: [2, 2] });
const graph: MLGraph = await builder.build({ y: builder.relu(x) });
const tensor: MLTensor = await context.createTensor({ dataType: 'float32', shape: [2, 2], readable: true });
context.dispatch(graph, { x: tensor }, { y: tensor });
const bytes: ArrayBuffer = await context.readTensor(tensor);
const { variant, numThreads }: { variant: 'simd' | 'simd-threaded' | 'relaxed-simd-threaded'; numThreads: number } = await runtimeInfo();
const ml: ML = createML();
// @ts-expect-error 'float33' is not an MLOperandDataType
builder.input('x', { dataType: 'float33', shape: [1] });
// @ts-expect-error install() has no mode 'if-missing' (an old name)
install({ mode: 'if-missing' });
// @ts-expect-error readTensor returns a promise
const sync: ArrayBuffer = context.readTensor(tensor);
const mode: 'webnn-wasm' | 'bridge' | null = installedMode();
export { installed, bytes, variant, numThreads, ml, sync, isInstalled, mode };
