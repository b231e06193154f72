// A game against the AI in the browser: start it from the lobby, move on the board, attack,
// see the odds and the targets, finish the short `duel` game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, waitTurn, choices, decide, choose, newGame } from './lib.mjs';

test('start a game against the AI, move, attack, see the odds, finish it', { timeout: 600000 }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await newGame(page, { scenario: 'duel', side: 'a', opponent: 'ai greedy', seed: 11 });
    await shot(page, 'vs-ai-start');
    let moved = false, attacked = false, sawOdds = false, sawTargets = false;
    for (let i = 0; i < 300; i++) {
      if (await waitTurn(page)) break;
      const list = await choices(page);
      const d = choose(list, 'A');
      if (/^aim \d+ u\d+/.test(d) && !sawOdds) {
        // Select the attack: its line of sight, cover and exact odds are shown before it is confirmed.
        await page.click(`#choices button.choice[data-text="${d}"]`);
        const odds = await page.textContent('#choice-odds');
        assert.match(odds, /destroys \d+(\.\d)?%/);
        await page.waitForSelector('svg[data-chart="odds"]');
        await shot(page, 'vs-ai-odds');
        sawOdds = true;
        await page.click('#confirm');
        await page.waitForFunction(() => document.querySelector('#pending').dataset.sending === 'false');
        attacked = true;
        continue;
      }
      if (!sawTargets && /^plan /.test(d)) {
        // Tap our unit on the board: its card and every target with sight, cover and odds.
        const bothOnBoard = (await page.$('[data-unit="1"]')) && (await page.$('[data-unit="0"]'));
        if (bothOnBoard) {
          await page.click('[data-unit="0"]');
          await page.waitForSelector('#targets .target');
          const t = await page.textContent('#targets');
          assert.match(t, /cover|line of sight/);
          assert.match(await page.textContent('#card'), /Rifles A/);
          await shot(page, 'vs-ai-targets');
          sawTargets = true;
        }
      }
      if (/^move /.test(d)) moved = true;
      await decide(page, d);
    }
    assert.equal(await page.getAttribute('#pending', 'data-kind'), 'over', 'the game is finished');
    assert.match(await page.textContent('#game-over'), /Game over/);
    assert.ok(moved, 'moved on the board');
    assert.ok(attacked, 'attacked');
    assert.ok(sawOdds, 'saw the odds of an attack');
    const log = await page.textContent('#log');
    assert.match(log, /tactics-revised-core-rules\.md/);
    assert.match(await page.textContent('#dice'), /\d+\/\d+/);
    await shot(page, 'vs-ai-over');
  } finally {
    await ctx.close();
  }
});

test('the odds page, the rulings and the replay viewer', { timeout: 120000 }, async () => {
  const ctx = await launch({ width: 390, height: 844 }); // a phone
  try {
    const page = await newPage(ctx);
    await page.goto((process.env.DUST_URL || '') + '/odds');
    await page.waitForSelector('#odds-compute');
    await page.selectOption('#odds-attacker', 'The Hammers');
    await page.selectOption('#odds-target', 'Sturmpioniere');
    await page.selectOption('#odds-cover', 'soft');
    await page.click('#odds-compute');
    await page.waitForSelector('#odds-summary');
    assert.match(await page.textContent('#odds-summary'), /destroys/);
    await page.waitForSelector('#odds-result svg rect.bar');
    await shot(page, 'odds-phone');
    await page.goto((process.env.DUST_URL || '') + '/rulings');
    await page.waitForSelector('#rulings h2');
    await shot(page, 'rulings-phone');
    // A game on the phone, then its record in the replay viewer.
    const url = await newGame(page, { scenario: 'duel', opponent: 'ai random', seed: 5 });
    await shot(page, 'game-phone');
    const id = /\/game\/(\w+)/.exec(url)[1];
    const seat = new URL(url).searchParams.get('seat');
    await page.goto(`${process.env.DUST_URL || ''}/replay?game=${id}&seat=${seat}`);
    await page.waitForFunction(() => /decision 0 of/.test(document.querySelector('#replay-info')?.textContent || ''));
    await page.click('#replay-last');
    await page.waitForFunction(() => /decision (\d+) of \1/.test(document.querySelector('#replay-info')?.textContent || ''));
    await page.click('#replay-prev');
    await page.waitForSelector('#board');
    await shot(page, 'replay-phone');
  } finally {
    await ctx.close();
  }
});
