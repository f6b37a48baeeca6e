// A minimal static file server for the browser tests: serves the repo root, plus ../shared/models
// under /shared-models/. With `isolated`, every response carries COOP/COEP (so the page is cross-origin
// isolated and SharedArrayBuffer, hence our threaded build, is available) and CORP.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.map': 'application/json', '.png': 'image/png',
  '.onnx': 'application/octet-stream', '.css': 'text/css', '.txt': 'text/plain; charset=utf-8',
};

// Serves `root`; `mounts` maps URL prefixes ('/shared-models/') to other folders; `headers` go on every
// response (e.g. a Content-Security-Policy); `routes` maps a path to a handler(req, res) of its own.
export function startServer({ root, mounts = {}, isolated = false, headers: extraHeaders = {}, routes = {}, port = 0, host = '127.0.0.1', log = null }) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (routes[url.pathname]) {
      routes[url.pathname](req, res);
      return;
    }
    let pathname = decodeURIComponent(url.pathname);
    let base = root;
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (pathname.startsWith(prefix)) {
        base = dir;
        pathname = '/' + pathname.slice(prefix.length);
        break;
      }
    }
    let file = path.join(base, path.normalize(pathname));
    const headers = { 'Cache-Control': 'no-store', ...extraHeaders };
    if (isolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    if (!file.startsWith(path.resolve(base))) {
      res.writeHead(403, headers).end('forbidden');
      return;
    }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        file = path.join(file, 'index.html');
        try {
          st = fs.statSync(file);
        } catch (e) {
          err = e;
        }
      }
      if (err) {
        log?.(`404 ${req.url}`);
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end(`not found: ${req.url}`);
        return;
      }
      headers['Content-Type'] = TYPES[path.extname(file)] ?? 'application/octet-stream';
      headers['Content-Length'] = st.size;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      resolve({ url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${p}`, server, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }) });
    });
  });
}
