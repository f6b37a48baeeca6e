// A small stand-in for WPT's resources/testharness.js, written for the wpt command's test
// (test/unit/js/wpt-baseline.node.mjs copies this fixture folder to a temp dir and runs the command on it).
// It has the API the fixture tests and the command's reporter use (test, promise_test, promise_setup,
// assert_true/equals/throws_js, setup({explicit_timeout}), timeout(), add_result_callback,
// add_completion_callback, fetch_tests_from_worker, done) with testharness's status numbers: subtests 0 PASS,
// 1 FAIL, 2 TIMEOUT, 3 NOTRUN; the harness 0 OK, 1 ERROR, 2 TIMEOUT. Tests run one at a time in the order they
// were declared, after promise_setup's promise.
(function () {
  var inWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
  var tests = [];
  var resultCallbacks = [];
  var completionCallbacks = [];
  var harness = { status: 0, message: null };
  var chain = Promise.resolve();
  var queued = 0;
  var sourceDone = false;   // window: load fired; worker: done() called
  var workers = 0;
  var explicitTimeout = false;
  var complete = false;

  function AssertionError(message) { this.message = message; }
  AssertionError.prototype = Object.create(Error.prototype);
  AssertionError.prototype.name = 'AssertionError';

  function post(message) { if (inWorker) self.postMessage(message); }
  function plain(t) { return { name: t.name, status: t.status, message: t.message }; }

  function record(t, status, message) {
    if (t.status !== null) return;
    t.status = status;
    t.message = message;
    post({ type: 'result', test: plain(t) });
    for (var i = 0; i < resultCallbacks.length; i++) resultCallbacks[i](t);
  }

  function maybeComplete() {
    if (complete || !sourceDone || queued || workers) return;
    complete = true;
    post({ type: 'complete', tests: tests.map(plain), status: harness });
    for (var i = 0; i < completionCallbacks.length; i++) completionCallbacks[i](tests, harness);
  }

  function enqueue(name, body) {
    var t = { name: name, status: null, message: null };
    tests.push(t);
    queued++;
    chain = chain.then(function () {
      if (t.status !== null) return;
      return Promise.resolve().then(body).then(function () { record(t, 0, null); },
                                               function (e) { record(t, 1, String(e && e.message || e)); });
    }).then(function () { queued--; maybeComplete(); });
  }

  self.test = function (fn, name) { enqueue(name, function () { fn(); }); };
  self.promise_test = function (fn, name) { enqueue(name, function () { return fn(); }); };
  self.promise_setup = function (fn) {
    queued++;
    chain = chain.then(fn).catch(function (e) {
      harness = { status: 1, message: 'promise_setup failed: ' + (e && e.message || e) };
      tests.forEach(function (t) { record(t, 3, null); });
    }).then(function () { queued--; maybeComplete(); });
  };
  self.setup = function (properties) { if (properties && properties.explicit_timeout) explicitTimeout = true; };
  self.timeout = function () {
    if (!explicitTimeout || complete) return;
    harness = { status: 2, message: null };
    tests.forEach(function (t) { record(t, 2, 'Test timed out'); });
    queued = 0;
    workers = 0;
    sourceDone = true;
    maybeComplete();
  };
  self.done = function () { sourceDone = true; maybeComplete(); };
  self.add_result_callback = function (cb) { resultCallbacks.push(cb); };
  self.add_completion_callback = function (cb) { completionCallbacks.push(cb); };

  self.fetch_tests_from_worker = function (worker) {
    workers++;
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.type === 'result') {
        var t = { name: m.test.name, status: null, message: null };
        tests.push(t);
        record(t, m.test.status, m.test.message);
      } else if (m.type === 'complete') {
        if (m.status.status !== 0) harness = m.status;
        workers--;
        maybeComplete();
      }
    };
    worker.onerror = function (event) {
      harness = { status: 1, message: 'worker error: ' + event.message };
      workers--;
      maybeComplete();
    };
  };

  function fail(message) { throw new AssertionError(message); }
  self.assert_true = function (actual, description) {
    if (actual !== true) fail('assert_true: ' + (description ? description + ' ' : '') + 'expected true got ' + String(actual));
  };
  self.assert_equals = function (actual, expected, description) {
    if (!Object.is(actual, expected)) {
      fail('assert_equals: ' + (description ? description + ' ' : '') + 'expected ' + String(expected) + ' but got ' + String(actual));
    }
  };
  self.assert_throws_js = function (constructor, fn, description) {
    try {
      fn();
    } catch (e) {
      if (e && e.name === constructor.name) return;
      fail('assert_throws_js: ' + (description ? description + ' ' : '') + 'expected ' + constructor.name + ' got ' + String(e));
    }
    fail('assert_throws_js: ' + (description ? description + ' ' : '') + 'did not throw');
  };

  self.addEventListener('error', function (event) {
    harness = { status: 1, message: String(event.message) };
  });
  if (!inWorker) self.addEventListener('load', function () { sourceDone = true; maybeComplete(); });
})();
