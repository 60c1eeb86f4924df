import { chromium } from '@playwright/test';
import { chromiumArgs } from '/work/main/scripts/browser.ts';
const base = 'http://127.0.0.1:4400';
const [email, w, h, p] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: Number(h) } });
const page = await ctx.newPage();
const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'workspace-demo' }) });
const { token } = await res.json() as { token: string };
await page.addInitScript((t) => localStorage.setItem('workspace.session', t), token);
await page.goto(base + p);
await page.waitForTimeout(1500);
const out = await page.evaluate(() => {
  const r: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    const b = el.getBoundingClientRect();
    if (b.right > innerWidth + 1) {
      // only report if no ancestor with overflow clip that is within
      let a = el.parentElement; let clipped = false;
      while (a) { const s = getComputedStyle(a); if (s.overflowX !== 'visible' && a.getBoundingClientRect().right <= innerWidth+1) { clipped = true; break; } a = a.parentElement; }
      if (getComputedStyle(el).position !== "static") r.push(`${el.tagName}.${el.className} right=${Math.round(b.right)} pos=${getComputedStyle(el).position}`);
    }
  }
  return r.slice(0, 20);
});
console.log(out.join('\n'));
await browser.close();
