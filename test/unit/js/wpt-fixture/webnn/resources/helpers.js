// Loaded by `// META: script=resources/helpers.js` before graph.https.any.js, in the window and in the worker.
self.reluReference = (values) => values.map((v) => Math.max(0, v));
