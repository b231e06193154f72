// Two people in two browser contexts: one starts a game and sends the link, the other opens
// it; each decides only on their own turn, and both see every decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, choices, decide, choose, newGame, ply } from './lib.mjs';

test('a two-player game in two browser contexts', { timeout: 300000 }, async () => {
  const c1 = await launch(), c2 = await launch();
  try {
    const p1 = await newPage(c1), p2 = await newPage(c2);
    await newGame(p1, { scenario: 'duel', side: 'a', opponent: 'human', seed: 21 });
    await p1.waitForSelector('#invite');
    const invite = await p1.inputValue('#invite');
    await p2.goto(invite);
    await p2.waitForSelector('#pending');
    assert.match(await p2.textContent('#status'), /You play side B/);
    const pages = { A: p1, B: p2 };
    for (let i = 0; i < 40; i++) {
      await p1.waitForFunction(() => document.querySelector('#pending')?.dataset.sending === 'false');
      const kind = await p1.getAttribute('#pending', 'data-kind');
      if (kind === 'over') break;
      // Whoever must decide: the other page shows no choices.
      const side = (await p1.getAttribute('#pending', 'data-yours')) === 'true' ? 'A' : 'B';
      const me = pages[side], other = pages[side === 'A' ? 'B' : 'A'];
      await me.waitForFunction(() => document.querySelector('#pending')?.dataset.yours === 'true');
      assert.equal(await other.getAttribute('#pending', 'data-yours'), 'false');
      assert.equal((await choices(other)).length, 0, 'the other side has nothing to decide');
      const d = choose(await choices(me), side);
      const before = await ply(me);
      await decide(me, d);
      // The other context sees it too (pushed over its WebSocket).
      await other.waitForFunction((b) => Number(document.querySelector('#pending').dataset.ply) > b, before);
      if (i === 6) { await shot(p1, 'two-players-a'); await shot(p2, 'two-players-b'); }
    }
    assert.equal(await ply(p1), await ply(p2));
    assert.equal(await p1.getAttribute('#pending', 'data-hash'), await p2.getAttribute('#pending', 'data-hash'));
  } finally {
    await c1.close();
    await c2.close();
  }
});
