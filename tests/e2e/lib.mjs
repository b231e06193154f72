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

// Waits until this player must decide (choices shown) or the game is over; true when over.
export async function waitTurn(page, timeout = 90000) {
  await page.waitForFunction(() => {
    const p = document.querySelector('#pending');
    if (!p) return false;
    if (p.dataset.kind === 'over') return true;
    return p.dataset.yours === 'true' && p.dataset.sending === 'false' && document.querySelectorAll('#choices button.choice').length > 0;
  }, null, { timeout });
  return page.evaluate(() => document.querySelector('#pending').dataset.kind === 'over');
}

// The texts of the legal decisions shown.
export async function choices(page) {
  return page.$$eval('#choices button.choice', (bs) => bs.map((b) => b.dataset.text));
}

export async function ply(page) {
  return Number(await page.getAttribute('#pending', 'data-ply'));
}

// Takes a decision as a person does: a tap selects it (details and odds appear), the Confirm
// button sends it. Moves are taken on the board (tap the green space twice).
export async function decide(page, text) {
  const before = await ply(page);
  const move = /^move ([A-Z]\d+)$/.exec(text);
  if (move) {
    await page.click(`[data-hl="${move[1]}"]`);
    await page.waitForSelector(`[data-hl="${move[1]}"].sel`);
    await page.click(`[data-hl="${move[1]}"]`);
  } else {
    await page.click(`#choices button.choice[data-text="${text}"]`);
    await page.click('#confirm');
  }
  await page.waitForFunction((old) => Number(document.querySelector('#pending').dataset.ply) > old, before, { timeout: 30000 });
}

// A simple policy: attack a unit when possible, else move and attack, toward the enemy.
export function choose(list, side) {
  const pref = (re) => list.filter((t) => re.test(t));
  const aim = pref(/^aim \d+ u\d+/);
  if (aim.length) return aim[0];
  const plan = pref(/^plan move attack$/);
  if (plan.length) return plan[0];
  const moves = pref(/^move [A-Z]\d+$/);
  if (moves.length) {
    const row = (t) => Number(t.slice(6));
    moves.sort((a, b) => (side === 'B' ? row(a) - row(b) : row(b) - row(a)));
    return moves[0];
  }
  return pref(/^activate/)[0] || pref(/^react none/)[0] || list[0];
}

// Creates a game from the lobby form and returns its page URL.
export async function newGame(page, { scenario = 'duel', side = 'a', opponent = 'ai greedy', seed = 11 } = {}) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#create');
  await page.selectOption('#scenario', scenario);
  await page.selectOption('#side', side);
  await page.selectOption('#opponent', opponent);
  await page.fill('#seed', String(seed));
  await page.click('#create');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('#pending');
  return page.url();
}
