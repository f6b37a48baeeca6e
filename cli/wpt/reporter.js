// Loaded right after /resources/testharness.js in every test page (not the checkout's testharnessreport.js,
// whose content varies): hands each result and the completion to the runner, which has exposed
// __webnnWptReport. The runner owns the timeout (explicit_timeout, as wptrunner does); when it expires it
// calls testharness's timeout(), and the results completed so far are already with it if the page hangs.
(function () {
  var send = function (message) {
    if (typeof self.__webnnWptReport === 'function') self.__webnnWptReport(JSON.stringify(message));
  };
  var plain = function (t) {
    return { name: String(t.name), status: t.status, message: t.message == null ? null : String(t.message) };
  };
  setup({ explicit_timeout: true });
  add_result_callback(function (test) { send({ type: 'result', test: plain(test) }); });
  add_completion_callback(function (tests, status) {
    var list = [];
    for (var i = 0; i < tests.length; i++) list.push(plain(tests[i]));
    send({ type: 'complete', tests: list, status: { status: status.status, message: status.message == null ? null : String(status.message) } });
  });
})();
