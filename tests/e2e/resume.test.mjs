// Reload mid-game and continue; kill the server (-9) mid-game, start it again, continue at the
// same state. The server command comes from scripts/e2e.sh (DUST_SERVER_CMD, DUST_PID_FILE).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, openSync } from 'node:fs';
import { launch, page as newPage, shot, waitTurn, choices, decide, choose, newGame, ply, BASE } from './lib.mjs';

async function playSome(page, n) {
  for (let i = 0; i < n; i++) {
    if (await waitTurn(page)) return;
    await decide(page, choose(await choices(page), 'A'));
  }
  await waitTurn(page);
}

async function healthy() {
  for (let i = 0; i < 200; i++) {
    try { const r = await fetch(BASE + '/api/health'); if (r.ok) return; } catch (_) { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not come back');
}

test('reload the page mid-game and continue', { timeout: 300000 }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await newGame(page, { scenario: 'duel', opponent: 'ai random', seed: 31 });
    await playSome(page, 5);
    const at = await ply(page), hash = await page.getAttribute('#pending', 'data-hash');
    await page.reload();
    await page.waitForSelector('#pending');
    await waitTurn(page);
    assert.equal(await ply(page), at);
    assert.equal(await page.getAttribute('#pending', 'data-hash'), hash);
    await playSome(page, 3);
    assert.ok(await ply(page) > at);
  } finally {
    await ctx.close();
  }
});

test('kill the server mid-game, restart it, continue', { timeout: 300000, skip: !process.env.DUST_SERVER_CMD && 'needs scripts/e2e.sh' }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await newGame(page, { scenario: 'annihilation', opponent: 'ai greedy', seed: 41 });
    await playSome(page, 6);
    const at = await ply(page), hash = await page.getAttribute('#pending', 'data-hash');
    const pidFile = process.env.DUST_PID_FILE;
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const log = openSync(process.env.DUST_SERVER_LOG || '/dev/null', 'a');
    const child = spawn('/bin/sh', ['-c', `exec ${process.env.DUST_SERVER_CMD}`], { detached: true, stdio: ['ignore', log, log] });
    child.unref();
    writeFileSync(pidFile, String(child.pid));
    await healthy();
    // The page reconnects by itself and shows the same state.
    await page.waitForFunction(() => document.querySelector('#pending')?.dataset.yours === 'true', null, { timeout: 60000 });
    assert.equal(await ply(page), at);
    assert.equal(await page.getAttribute('#pending', 'data-hash'), hash);
    await playSome(page, 4);
    assert.ok(await ply(page) > at);
    await shot(page, 'after-restart');
  } finally {
    await ctx.close();
  }
});
