// Node, CommonJS, the package by name from the installed tarball: prints the relu result.
const webnn = require('webnn-wasm');

import('../app/graph.js').then(({ runRelu }) => runRelu(webnn)).then((r) => console.log(JSON.stringify(r)));
