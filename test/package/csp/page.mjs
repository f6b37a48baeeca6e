// Runs the relu graph on what the script tag installed, and reports any CSP violation with the result.
import { runRelu } from '/app/graph.js';

const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
runRelu(globalThis.webnnWasm)
  .then((page) => { window.__result = { page, violations }; })
  .catch((e) => { window.__result = { error: `${e?.name}: ${e?.message}`, violations }; });
