// META: global=window
'use strict';

promise_test(async () => {
  const context = await navigator.ml.createContext();
  const builder = new MLGraphBuilder(context);
  assert_throws_js(TypeError, () => builder.input('x', { dataType: 'float32', shape: [-1] }));
}, 'a negative dimension is a TypeError');

test(() => {
  assert_equals(1 + 1, 3, 'arithmetic');
}, 'this subtest fails');
