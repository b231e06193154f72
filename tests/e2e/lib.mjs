// Shared helpers of the browser tests: Debian's chromium driven by playwright-core, and the
// server under test (started by scripts/e2e.sh; its address in DUST_URL, and how to restart
// it in DUST_RESTART / DUST_KILL, for the crash test).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BASE = process.env.DUST_URL || 'http://127.0.0.1:18047';
export const SHOTS = process.env.DUST_SHOTS || new URL('../../target/e2e-screens/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// Another server of the command under test (DUST_SERVER from scripts/e2e.sh), with `args`
// (e.g. ['--edition', 'battlefront']), on a free loopback port over a fresh database:
// { url, stop() }. The main server (BASE) keeps running.
export async function startServer(args = []) {
  if (!process.env.DUST_SERVER) throw new Error('startServer needs scripts/e2e.sh (DUST_SERVER)');
  const port = await new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
  const dir = mkdtempSync(join(tmpdir(), 'dust1947-e2e-server-'));
  const cmd = `exec ${process.env.DUST_SERVER} --port ${port} --db '${join(dir, 'e2e.sqlite')}' --host 127.0.0.1 ${args.join(' ')}`;
  const child = spawn('/bin/sh', ['-c', cmd], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '', exited = false;
  child.stderr.on('data', (d) => { log += d; });
  const done = new Promise((r) => child.on('exit', () => { exited = true; r(); }));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200 && !exited; i++) {
    try { if ((await fetch(url + '/api/health')).ok) return { url, stop }; } catch (_) { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the server (${cmd}) did not start: ${log}`);
}

// A browser context of its own: Debian's chromium with a fresh --user-data-dir (playwright
// passes it from launchPersistentContext). Two players are two such contexts.
// `extra`: more context options (hasTouch, isMobile, deviceScaleFactor).
export async function launch(viewport = { width: 1280, height: 900 }, extra = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dust1947-chromium-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    ...extra,
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

// Saves a screenshot in target/e2e-screens/NAME.png (the whole page, or `clip`) and
// returns the PNG.
export async function shot(page, name, clip) {
  return page.screenshot(clip ? { path: join(SHOTS, name + '.png'), clip } : { path: join(SHOTS, name + '.png'), fullPage: true });
}

// Decodes a PNG as chromium writes it (8-bit RGB or RGBA, not interlaced): { width, height,
// rgb(x, y) -> [r, g, b] }, so a test can look at the pixels of a screenshot.
export function decodePng(buf) {
  let pos = 8, width = 0, height = 0, type = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString('ascii', pos + 4, pos + 8), data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4); type = data[9];
      if (data[8] !== 8 || (type !== 2 && type !== 6) || data[12] !== 0) throw new Error('unexpected PNG format');
    } else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    pos += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3, stride = width * bpp, raw = inflateSync(Buffer.concat(idat)), px = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? px[y * stride + i - bpp] : 0, b = y > 0 ? px[(y - 1) * stride + i] : 0, c = i >= bpp && y > 0 ? px[(y - 1) * stride + i - bpp] : 0;
      let v = src[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + i] = v & 255;
    }
  }
  return { width, height, rgb: (x, y) => { const o = Math.round(y) * stride + Math.round(x) * bpp; return [px[o], px[o + 1], px[o + 2]]; } };
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

// Runs `send` (the clicks that send a decision) and waits until the game is past it.
export async function sent(page, send) {
  const before = await ply(page);
  await send();
  await page.waitForFunction((old) => Number(document.querySelector('#pending').dataset.ply) > old, before, { timeout: 30000 });
}

// Takes a decision as a person does: a tap selects it (details and odds appear), the Confirm
// button sends it. Moves are taken on the board (tap the green space twice). With `touch`,
// by touch (taps) rather than mouse clicks.
export async function decide(page, text, { touch = false } = {}) {
  const press = (selector) => (touch ? page.tap(selector) : page.click(selector));
  await sent(page, async () => {
    const move = /^move ([A-Z]\d+)$/.exec(text);
    if (move) {
      await press(`[data-hl="${move[1]}"]`);
      await page.waitForSelector(`[data-hl="${move[1]}"].sel`);
      await press(`[data-hl="${move[1]}"]`);
    } else {
      await press(`#choices button.choice[data-text="${text}"]`);
      await press('#confirm');
    }
  });
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
