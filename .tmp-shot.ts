import { chromium } from '@playwright/test';
import { chromiumArgs } from '/work/main/scripts/browser.ts';
const base = process.env.BASE ?? 'http://127.0.0.1:4400';
const [email, w, h, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: Number(h) } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'workspace-demo' }) });
const { token } = await res.json() as { token: string };
await page.addInitScript((t) => localStorage.setItem('workspace.session', t), token);
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(1500);
  const dims = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: innerWidth, top: document.querySelector('.shell-topbar')?.getBoundingClientRect().height }));
  const name = `/tmp/shots/${email.split('@')[0]}-${w}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: name });
  console.log(p, JSON.stringify(dims), name);
}
await browser.close();
