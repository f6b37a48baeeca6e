// META: global=window,worker
// META: variant=?cpu
// META: variant=?gpu
'use strict';

promise_test(async () => {
  const deviceType = location.search.substring(1);
  assert_true(['cpu', 'gpu'].includes(deviceType), `the variant reaches the test (${location.search})`);
  const context = await navigator.ml.createContext({ deviceType });
  assert_true(context instanceof MLContext);
}, 'createContext with the variant\'s deviceType');
