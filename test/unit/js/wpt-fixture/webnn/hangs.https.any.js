// META: global=window
'use strict';

test(() => assert_true(true), 'this one passes');
promise_test(() => new Promise(() => {}), 'this one never settles');
