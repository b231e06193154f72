// Shared helpers of the browser tests: Debian's chromium driven by playwright-core, and the
// server under test (started by scripts/e2e.sh; its address in DUST_URL, and how to restart
// it in DUST_RESTART / DUST_KILL, for the crash test).
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BASE = process.env.DUST_URL || 'http://127.0.0.1:18047';
export const SHOTS = process.env.DUST_SHOTS || new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// A browser context of its own: Debian's chromium with a fresh --user-data-dir (playwright
// passes it from launchPersistentContext). Two players are two such contexts.
export async function launch(viewport = { width: 1280, height: 900 }) {
  const dir = mkdtempSync(join(tmpdir(), 'dust1947-chromium-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A new page that reports the page's errors on the console.
export async function page(ctx) {
  const p = ctx.pages()[0] || await ctx.newPage();
  p.on('pageerror', (e) => console.log('pageerror:', e.message));
  return p;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, name + '.png'), fullPage: true });
}

// Waits until the page says it is this player's turn, or the game is over.
export async function myTurnOrOver(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const p = document.querySelector('#pending');
    return p && (p.dataset.yours === 'true' || p.dataset.kind === 'over') && !document.querySelector('#choices .muted:not(:only-child)');
  }, null, { timeout });
  return page.evaluate(() => document.querySelector('#pending').dataset.kind === 'over');
}

// The texts of the legal decisions shown.
export async function choices(page) {
  return page.$$eval('#choices button.choice', (bs) => bs.map((b) => b.dataset.text));
}

// Clicks a decision button twice (select, then confirm) and waits for the state to move on.
export async function decide(page, text) {
  const ply = await page.evaluate(() => document.querySelector('#status .small').textContent);
  const b = page.locator(`#choices button.choice[data-text="${text}"]`);
  await b.click();
  await page.locator(`#choices button.choice[data-text="${text}"]`).click();
  await page.waitForFunction((old) => document.querySelector('#status .small').textContent !== old, ply, { timeout: 30000 });
}

// Plays one decision by a simple policy: prefer attacks, then moves toward the enemy, else the first.
export function choose(list) {
  const pref = (re) => list.find((t) => re.test(t));
  return pref(/^aim \d+ u\d+/) || pref(/^plan move attack/) || pref(/^activate/) || pref(/^move /) || pref(/^react none/) || list[0];
}
