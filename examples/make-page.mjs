// Writes examples/page.png, the demo's input: a 640x320 page with four lines of printed text, drawn by
// Chromium's canvas (playwright-core, a devDependency) with the fonts the system has. Committed, so the
// demo itself needs no browser: run this only to change the page. Run: node examples/make-page.mjs
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const LINES = [
  ['34px sans-serif', 'WebNN runs in every browser', 40, 70],
  ['bold 34px serif', 'webnn-wasm 2026', 40, 145],
  ['30px monospace', 'Hello, OCR world!', 40, 215],
  ['italic 26px sans-serif', 'lines boxed by PP-OCRv4', 300, 285],
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate((lines) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 320;
    const g = canvas.getContext('2d');
    g.fillStyle = '#fdfbf5';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#1a1a1a';
    for (const [font, text, x, y] of lines) {
      g.font = font;
      g.fillText(text, x, y);
    }
    return canvas.toDataURL('image/png');
  }, LINES);
  fs.writeFileSync(new URL('./page.png', import.meta.url), Buffer.from(dataUrl.split(',')[1], 'base64'));
} finally {
  await browser.close();
}
