// Shared by bench/first-result.mjs's Node child and its browser page (bench/first-result-page.mjs): the
// phases of the demo's first result, and where our API's calls fall inside them. Nothing here imports
// a node: module.
//
// The probe wraps a few WebNN methods on the prototypes install() defined, to note when the first
// createContext() and build() started and settled and when the first run's dispatch() and last
// readTensor() happened. It only reads the clock; the calls themselves are unchanged.
export function probeWebnn(now) {
  const api = {};
  const wrap = (proto, name, key) => {
    const original = proto?.[name];
    if (typeof original !== 'function') return;
    proto[name] = function (...args) {
      const start = now();
      const result = original.apply(this, args);
      const settle = () => {
        const entry = (api[key] ??= { start, end: 0, calls: 0 });
        entry.calls++;
        entry.end = Math.max(entry.end, now());
      };
      if (result && typeof result.then === 'function') result.then(settle, settle);
      else settle();
      return result;
    };
  };
  wrap(globalThis.ML?.prototype, 'createContext', 'createContext');
  wrap(globalThis.MLGraphBuilder?.prototype, 'build', 'build');
  wrap(globalThis.MLContext?.prototype, 'dispatch', 'dispatch');
  wrap(globalThis.MLContext?.prototype, 'readTensor', 'readTensor');
  return api;
}

// The demo's session: every node on WebNN ('webnn', as examples/text-detection.mjs), or, for reference,
// ORT's own CPU EP ('wasm') with the same fixed sizes.
export function sessionFor(ort, detector, engine, modelBytes, width, height) {
  if (engine === 'webnn') return detector.createDetector(ort, modelBytes, width, height);
  return ort.InferenceSession.create(modelBytes, {
    executionProviders: ['wasm'],
    freeDimensionOverrides: { 'p2o.DynamicDimension.0': 1, 'p2o.DynamicDimension.1': height, 'p2o.DynamicDimension.2': width },
  });
}

// Phases (ms) from the absolute marks of one run; `zero` is spawn (Node) or navigation start (Chromium).
// Marks: ready (our library imported and installed, its runtime loaded; 0 for the wasm EP), ort (ORT
// imported and set up), inputs (model bytes and the page image in hand), session, first (first result).
export function phasesOf(marks, zero) {
  const at = (k) => marks[k] - zero;
  const p = { total: at('first') };
  p.start = at('begin');                          // process start / HTML, script tags and modules evaluated
  p.ours = marks.ready ? marks.ready - marks.begin : 0;
  if (marks.installed) p.install = marks.installed - marks.begin;  // of which: import + install()
  p.ort = marks.ort - (marks.ready || marks.begin);
  p.inputs = marks.inputs - marks.ort;
  p.session = marks.session - marks.inputs;
  p.firstRun = marks.first - marks.session;
  const api = marks.api ?? {};
  if (api.createContext) p.createContext = api.createContext.end - api.createContext.start;
  if (api.build) p.build = api.build.end - api.build.start;
  if (api.dispatch && api.readTensor) p.dispatchToRead = api.readTensor.end - api.dispatch.start;
  return p;
}
