#!/usr/bin/env node
// Serves the browser demo: node examples/serve.mjs [--port 8080]
// Serves the repository root (so /dist, /node_modules/onnxruntime-web/dist and /examples are
// reachable) and ../shared/models under /shared-models/, with COOP/COEP headers: the page is
// cross-origin isolated, so webnn-wasm can use its threaded build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../test/browser/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const port = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : Number(process.env.PORT ?? 8080);

let server;
try {
  server = await startServer({ root: ROOT, mounts: { '/shared-models/': path.resolve(ROOT, '..', 'shared', 'models') }, isolated: true, port });
} catch (e) {
  if (e.code !== 'EADDRINUSE') throw e;
  console.log(`port ${port} is busy; using a free one`);
  server = await startServer({ root: ROOT, mounts: { '/shared-models/': path.resolve(ROOT, '..', 'shared', 'models') }, isolated: true, port: 0 });
}
console.log(`webnn-wasm demo: open ${server.url}/examples/  (Ctrl+C to stop)`);
