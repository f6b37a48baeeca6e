// Unit tests of src/js: native ES modules, no transform.
// Run: node --experimental-vm-modules node_modules/.bin/jest test/unit/js
module.exports = {
  testMatch: ['**/test/unit/js/**/*.test.js', '**/test/wpt/**/*.test.js'],
  transform: {},
  // src/js/generated/ is not checked in: generate it first so the tests run on a fresh clone.
  globalSetup: '<rootDir>/tools/gen-webidl.mjs',
};
