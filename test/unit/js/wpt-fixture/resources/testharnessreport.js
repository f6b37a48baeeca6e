// Empty, as the wpt command must not depend on a checkout's testharnessreport.js (it brings its own reporter).
