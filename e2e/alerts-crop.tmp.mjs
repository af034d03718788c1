import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const [,, src, out, x, y, w, h] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const p = await b.newPage({ viewport: { width: 1300, height: 1300 } });
const data = readFileSync(src).toString('base64');
await p.setContent(`<body style="margin:0"><img src="data:image/png;base64,${data}"></body>`);
await p.screenshot({ path: out, fullPage: true, clip: { x: +x, y: +y, width: +w, height: +h } });
await b.close();
