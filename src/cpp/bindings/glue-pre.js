// Linked into the Emscripten glue with --pre-js: it runs inside the module factory, before the glue's own
// environment set-up, so the declarations below are the factory's and shadow the global ones.
//
// Emscripten 3.1.6's Node branch for pthreads does `global.Worker = require('worker_threads').Worker` and
// then starts its workers with `new Worker(...)`: the package would leave a global `Worker` in every Node
// process that loads it (code that tells a browser by `typeof Worker` then takes the wrong branch). Here
// `Worker` is the factory's own variable and `global` an object whose `Worker` property writes it; every
// other property reads through to the real global (the glue also reads `global.performance`, and embind
// takes globalThis before it would look at `global`). In browsers and workers `Worker` is the global one.
var Worker = typeof globalThis.Worker == 'function' ? globalThis.Worker : undefined;
var global = Object.create(globalThis, {
  Worker: { get: function() { return Worker; }, set: function(value) { Worker = value; } },
});
