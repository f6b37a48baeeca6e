import * as webnn from 'webnn-wasm';
import { runRelu } from './graph.js';

runRelu(webnn).then(postMessage, (e) => postMessage({ error: `${e?.name}: ${e?.message}` }));
