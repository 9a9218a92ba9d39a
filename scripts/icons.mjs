// Renders www/favicon.svg into the PNG icons the web app manifest names (www/icons/): run by
// hand after changing the favicon (`node scripts/icons.mjs`), and commit the PNGs. Headless
// Chromium draws them, so they look exactly like the favicon.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/helpers.mjs';

const svg = readFileSync(new URL('../www/favicon.svg', import.meta.url), 'utf8');
const uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
/** [file, size, maskable]: a maskable icon keeps the letters inside the central safe circle. */
const ICONS = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const [file, size, maskable] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.72) : size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${maskable ? '#1f6f5c' : 'transparent'}"><img src="${uri}" width="${inner}" height="${inner}"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    writeFileSync(new URL(`../www/icons/${file}`, import.meta.url), await page.screenshot({ omitBackground: !maskable }));
    await page.close();
  }
} finally {
  await browser.close();
}
