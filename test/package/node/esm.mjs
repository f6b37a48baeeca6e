// Node, ES module, the package by name from the installed tarball: prints the relu result.
import * as webnn from 'webnn-wasm';
import { runRelu } from '../app/graph.js';

console.log(JSON.stringify(await runRelu(webnn)));
