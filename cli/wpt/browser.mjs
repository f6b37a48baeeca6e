// Starts Chromium through playwright-core, which is the user's (or this repository's) dependency, never
// the package's: resolved from the working directory's project first, then from beside this file.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export class BrowserError extends Error {}

async function loadPlaywright() {
  for (const from of [path.join(process.cwd(), 'package.json'), fileURLToPath(import.meta.url)]) {
    let resolved;
    try {
      resolved = createRequire(from).resolve('playwright-core');
    } catch {
      continue;
    }
    const mod = await import(pathToFileURL(resolved).href);
    return mod.chromium ?? mod.default?.chromium;
  }
  throw new BrowserError('playwright-core is not installed: `npm install --save-dev playwright-core` in your project ' +
                         '(it drives Chromium; no browser is downloaded, pass --browser or CHROMIUM_PATH).');
}

// `executable`: --browser, else $CHROMIUM_PATH, else /usr/bin/chromium.
export async function launchChromium(executable) {
  const file = executable ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(file)) {
    throw new BrowserError(`no Chromium at ${file}: pass --browser <path> or set CHROMIUM_PATH.`);
  }
  const chromium = await loadPlaywright();
  try {
    return await chromium.launch({ executablePath: file, headless: true,
                                   args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  } catch (e) {
    throw new BrowserError(`Chromium (${file}) did not start: ${String(e?.message ?? e).split('\n')[0]}`);
  }
}
