// Issue 23, "Done when ... another [whole game] against a friend by link; the browser tests cover
// it": two people, each in a browser of their own, play a whole Dust Battlefield game by link to
// its end with the page's controls alone, with real fighting — each side drags moves and fires,
// each attack's dice shown to both players and to a spectator following in a third browser.
//
// The table is the shipped Ruined Town, whose side B holds a squad of Sturmpioniere mid-table,
// 52 cm from side A's Bot Hunters (a Move is 10 cm): the sides are in each other's range from the
// first turn's moves on. Its turn limit is set to 3 instead of 6, so that the game stays within
// a minute or so.
//
// The rules are tactics-battlefield-summary.md's: "MOVE & MARCH MOVE ACTIONS" (a Move of 1 is
// 10 cm), "ATTACK & SUSTAINED ATTACK ACTIONS" (the attack's dice and the saves), "REACTIVE
// ATTACKS", "END OF THE GAME" (the turn limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shot } from './lib.mjs';
import { newGame, openSeats, followed, question, decideByControls } from './field_lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const ATTACK_RULE = 'tactics-battlefield-summary.md, ATTACK & SUSTAINED ATTACK ACTIONS';

// The dice the page shows as just rolled, and the log, as a player reads them.
const seen = (p) => p.evaluate(() => ({
  dice: [...document.querySelectorAll('#dice li')].map((e) => `${e.dataset.rule}|${e.textContent}`),
  log: document.getElementById('log').textContent,
}));

test('two people play a whole game by link to its end, each dragging moves and firing, the dice shown to both and to a spectator', { timeout: 480000 }, async () => {
  const t0 = Date.now();
  const g = await newGame({ table: 'ruined-town', seats: ['human', 'human'], turns: 3, seed: 7 });
  assert.match(g.links.b, /\/battlefield\/play\/[^?]+\?seat=/, 'the friend is sent a link');
  const seats = await openSeats(g, [[DESKTOP], [DESKTOP], [DESKTOP]]);
  try {
    const [pa, pb, pw] = seats.pages;
    const limit = await pa.evaluate(() => PLAY.s.turn_limit);
    const total = await pa.evaluate(() => PLAY.s.units.reduce((n, u) => n + u.health, 0));
    const kinds = { a: {}, b: {} };
    let n = 0;
    for (; n < 400; n++) {
      const qa = await question(pa);
      if (qa.status !== 'playing') break;
      const qb = await question(pb);
      assert.ok(!(qa.yours && qb.yours), 'never both asked at once');
      const side = qa.yours ? 'a' : qb.yours ? 'b' : null;
      if (!side) { await pa.waitForTimeout(100); continue; }
      const p = side === 'a' ? pa : pb;
      const before = qa.ply;
      const k = await decideByControls(p);
      kinds[side][k] = (kinds[side][k] || 0) + 1;
      // The other player and the spectator follow to the same point of the game.
      await followed([pa, pb, pw], before);
      if (k === 'attack') {
        // The attack is resolved as it is confirmed: its dice, each with the rule that called
        // for it, are shown alike on both players' pages and the spectator's.
        const [sa, sb, sw] = [await seen(pa), await seen(pb), await seen(pw)];
        assert.ok(sa.dice.some((d) => d.startsWith(ATTACK_RULE + '|')), `the attack's dice with their rule: ${sa.dice.join(' / ')}`);
        assert.deepEqual(sb.dice, sa.dice, 'the other player sees the same dice');
        assert.deepEqual(sw.dice, sa.dice, 'the spectator sees the same dice');
        assert.equal(sb.log, sa.log);
        assert.equal(sw.log, sa.log);
        assert.equal(await pw.locator('#question button').count(), 0, 'the spectator has no controls');
      }
    }
    for (const p of [pa, pb, pw]) await p.waitForSelector('#game-over');
    const over = await pa.textContent('#game-over');
    assert.match(over, /The game is over/);
    assert.equal(await pb.textContent('#game-over'), over);
    assert.equal(await pw.textContent('#game-over'), over);
    const units = await pa.evaluate(() => JSON.stringify(PLAY.s.units));
    assert.equal(await pb.evaluate(() => JSON.stringify(PLAY.s.units)), units);
    assert.equal(await pw.evaluate(() => JSON.stringify(PLAY.s.units)), units);
    for (const p of [pa, pb]) assert.equal(await p.locator('#candidates .candidate').count(), 0, 'the list of proposals was never opened');
    // Real fighting: each side dragged a move and fired, and a miniature or a damage point or more
    // was lost.
    for (const s of ['a', 'b']) {
      assert.ok(kinds[s].move > 0, `side ${s.toUpperCase()} dragged a move: ${JSON.stringify(kinds)}`);
      assert.ok(kinds[s].attack > 0, `side ${s.toUpperCase()} fired: ${JSON.stringify(kinds)}`);
    }
    const s = await pa.evaluate(() => ({ turn: PLAY.s.turn, left: PLAY.s.units.map((u) => u.destroyed ? 0 : u.health) }));
    assert.ok(s.left.reduce((x, y) => x + y, 0) < total, `miniatures were lost: ${s.left}`);
    const log = await pa.textContent('#log');
    assert.match(log, /rolled saves: \d+ counted \(tactics-battlefield-summary\.md, ATTACK & SUSTAINED ATTACK ACTIONS\)/);
    console.log(`# two people by link: ${n} decisions by the controls (A ${JSON.stringify(kinds.a)}, B ${JSON.stringify(kinds.b)}), turn ${s.turn} of ${limit}, health left ${s.left}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await shot(pw, 'battlefield-friend-spectator-over');
  } finally { await seats.close(); }
});
