import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const srv = spawn('node', ['scripts/serve.mjs', '8414', '.'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
const page = await b.newPage({ viewport: { width: 1280, height: 900 } });
const t0 = Date.now();
await page.goto('http://127.0.0.1:8414/?mode=break&class=lnrst+aeiou+lnrst+aeiou+%2F+aeiou+lnrst+aeiou+lnrst+%2F+lnrst+aeiou+lnrst+aeiou+%2F+aeiou+lnrst+aeiou+lnrst&target=3500');
for (let i = 0; i < 40; i++) {
  await page.waitForTimeout(1000);
  const st = await page.locator('.break-card .break-progress').first().textContent();
  console.log(((Date.now() - t0) / 1000).toFixed(0), st.replace(/\s+/g, ' ').slice(0, 260));
  if (/Done/.test(st)) break;
}
await page.screenshot({ path: '/tmp/shots/break-fast.png', fullPage: false });
await b.close(); srv.kill();
