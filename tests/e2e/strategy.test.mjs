// The strategy game in the browser: start a 2-seat game against the heuristic AI from the
// strategy lobby, see the world map (areas, dotted and wrap-around links, capitals, power
// sources), make the secret card choice from our own hand, play the setup, the reinforcements
// and the first round's production and movement on the server, then reload the page and find
// the game where it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, page as newPage, shot, waitTurn, choices, sent } from './lib.mjs';
import { ASKS_NUMBERS, confirmPlan } from './strategy_lib.mjs';

async function state(page) {
  return page.evaluate(() => {
    const p = document.querySelector('#pending').dataset;
    return { ply: Number(p.ply), phase: p.phase, round: Number(p.round) };
  });
}

// A decision of the strategy page: one click on it sends it, except a decision that asks
// numbers next (a move), which is planned and confirmed first.
async function decide(page, text) {
  await sent(page, async () => {
    await page.click(`#choices button.choice[data-text="${text}"]`);
    if (ASKS_NUMBERS.test(text)) await confirmPlan(page);
  });
}

// A simple policy: the first card, all units when asked how many, a couple of land moves,
// tanks and mechs while the points last.
function pick(list, done) {
  const f = (re) => list.filter((t) => re.test(t));
  if (f(/^card /).length) return f(/^card /)[0];
  const counts = f(/^count \d+$/);
  if (counts.length) return counts.sort((a, b) => Number(b.slice(6)) - Number(a.slice(6)))[0];
  const moves = f(/^move land /);
  if (moves.length && done.moves < 2) return moves[0];
  if (list.includes('end-turn')) return 'end-turn';
  const buys = f(/^buy (tank|mech) /);
  if (buys.length && done.buys < 6) return buys[0];
  if (list.includes('end-production')) return 'end-production';
  if (list.includes('pass')) return 'pass';
  return list[0];
}

test('a strategy game against the AI: map, secret card choice, moves, resume', { timeout: 300000 }, async () => {
  const ctx = await launch({ width: 1400, height: 1000 });
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/strategy');
    await page.waitForSelector('#create');
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'human');
    await page.selectOption('#seat-1', 'heuristic');
    await page.fill('#seed', '21');
    await page.click('#create');
    await page.waitForURL(/\/strategy\/\w+\?seat=/);
    const url = page.url();

    // The map: 51 areas, dotted land-sea links and links wrapping west to east, capitals.
    await page.waitForSelector('#map .area');
    assert.equal(await page.$$eval('#map .area', (a) => a.length), 51);
    assert.ok(await page.$$eval('#map .link.dotted', (a) => a.length) > 10);
    assert.ok(await page.$$eval('#map .link.wrap', (a) => a.length) >= 2);
    assert.match(await page.textContent('#map [data-name="Washington"]'), /★/);
    assert.match(await page.textContent('#map [data-name="Alaska"]'), /⚡/);

    // The secret setup card: our own six cards, and only card choices.
    assert.equal(await waitTurn(page, 60000), false);
    let st = await state(page);
    assert.equal(st.phase, 'card');
    const hand = await page.$$eval('#hand .card', (cs) => cs.map((c) => c.dataset.card));
    assert.equal(hand.length, 6);
    const cards = await choices(page);
    assert.deepEqual(cards.map((c) => c.slice(5)).sort(), [...hand].sort());
    await shot(page, 'strategy-card-choice');

    const done = { moves: 0, buys: 0, cards: 0, ownedAreas: 0 };
    let movedInRound = false;
    for (let i = 0; i < 400; i++) {
      if (await waitTurn(page, 60000)) break;
      st = await state(page);
      const list = await choices(page);
      const d = pick(list, done);
      if (/^card /.test(d)) done.cards++;
      if (/^move land /.test(d)) {
        // Tap the area the move starts from: the choices narrow to it on the map.
        const from = Number(d.split(' ')[2]);
        await page.click(`#map [data-area="${from}"]`);
        await page.waitForSelector(`#map [data-area="${from}"].picked`);
        assert.ok((await choices(page)).includes(d));
        done.moves++;
        movedInRound = true;
      }
      if (/^buy /.test(d)) done.buys++;
      if (d === 'end-production') done.buys = 0;
      await decide(page, d);
      if (movedInRound && d === 'end-turn') break;
    }
    assert.ok(done.cards >= 2, 'the setup card and a round card were chosen');
    assert.ok(done.moves >= 1, 'moved units on the map');
    const log = await page.textContent('#log');
    assert.match(log, /P1 moves/);
    assert.match(log, /P2 reveals|reveals/);
    // Our units are on the map in our colour.
    const ours = await page.$$eval('#map .area[data-owner="0"]', (a) => a.map((g) => g.dataset.units));
    assert.ok(ours.length >= 3 && ours.some((u) => /\d+[tm]/.test(u)), JSON.stringify(ours));
    await shot(page, 'strategy-after-moves');

    // Reload: the game is where it was (stored on the server).
    const before = (await state(page)).ply;
    await page.goto(url);
    await page.waitForSelector('#map .area[data-owner="0"]');
    await page.waitForFunction(() => Number(document.querySelector('#pending').dataset.ply) > 0);
    assert.ok((await state(page)).ply >= before);
  } finally {
    await ctx.close();
  }
});
