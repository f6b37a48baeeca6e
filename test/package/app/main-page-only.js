// The esbuild app: esbuild bundles no workers, so the page alone runs the graph.
import * as webnn from 'webnn-wasm';
import { runRelu } from './graph.js';

runRelu(webnn).then((page) => { window.__result = { page }; },
                    (e) => { window.__result = { error: `${e?.name}: ${e?.message}` }; });
