// Serves a WPT checkout on 127.0.0.1 (a secure context over http), cross-origin isolated so our threaded
// build runs: COOP same-origin and COEP require-corp on every response, and CORP so each resource may be
// embedded. .any.js and .window.js tests are wrapped as WPT's server wraps them (pages.mjs); the package's
// dist/ is served under /__webnn-wasm/dist/.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectIntoHtml, wrapperFor } from './pages.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.resolve(HERE, '..', '..', 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.htm': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm',
  '.css': 'text/css', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.bin': 'application/octet-stream', '.idl': 'text/plain; charset=utf-8',
};
// WPT's server answers this URL (idlharness tests load it) from the webidl2 copy in resources/.
const REWRITES = { '/resources/WebIDLParser.js': '/resources/webidl2/lib/webidl2.js' };
const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin', 'Cache-Control': 'no-store',
};

// The generated document for a request path, or undefined when the path is no wrapper (or the file it
// wraps is missing), null when the test's META excludes that global.
function generated(root, urlPath, query, threads) {
  const kinds = [['.any.worker.html', 'any.worker.html', '.any.js'], ['.any.worker.js', 'any.worker.js', '.any.js'],
                 ['.any.html', 'any.html', '.any.js'], ['.window.html', 'window.html', '.window.js']];
  for (const [suffix, kind, source] of kinds) {
    if (!urlPath.endsWith(suffix)) continue;
    const testPath = urlPath.slice(0, -suffix.length) + source;
    const file = path.join(root, testPath);
    if (!fs.existsSync(file)) return undefined;
    const body = wrapperFor(kind, { source: fs.readFileSync(file, 'utf8'), testPath, query, threads });
    return body === null ? null : { body, type: TYPES[path.extname(suffix)] };
  }
  return undefined;
}

function inside(base, urlPath) {
  const file = path.join(base, path.normalize(urlPath));
  return file.startsWith(path.resolve(base) + path.sep) || file === path.resolve(base) ? file : null;
}

export function startServer({ root, threads, reporterFile = path.join(HERE, 'reporter.js') }) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const requested = decodeURIComponent(url.pathname);
    const urlPath = REWRITES[requested] ?? requested;
    const send = (status, type, body) => {
      res.writeHead(status, { ...HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    let file;
    if (urlPath === '/__webnn-wasm/reporter.js') file = reporterFile;
    else if (urlPath.startsWith('/__webnn-wasm/dist/')) file = inside(DIST, urlPath.slice('/__webnn-wasm/dist'.length));
    else {
      const page = generated(root, urlPath, url.search, threads);
      if (page === null) return send(404, 'text/plain', `${urlPath}: this test's META excludes that global`);
      if (page) return send(200, page.type, page.body);
      file = inside(root, urlPath);
    }
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(404, 'text/plain', `not found: ${urlPath}`);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) return send(200, type, injectIntoHtml(fs.readFileSync(file, 'utf8'), threads));
    res.writeHead(200, { ...HEADERS, 'Content-Type': type, 'Content-Length': fs.statSync(file).size });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({ origin: `http://127.0.0.1:${server.address().port}`,
                close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }) });
    });
  });
}
