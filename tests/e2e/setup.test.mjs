// The players' set-up of a battlefront game in the browser (issue 10, docs/battlefront.md
// "Setting up a game"): the new-game form offers it for a battlefront scenario; side A lays its
// board (a typed decision that is not asked now is refused with why), the greedy AI lays its
// own, then the half, two terrain tiles and an anti-tank trap each (an item and a facing
// chosen, a green square tapped on the board twice), a reload in the middle, and the
// objectives; then the game begins on the table laid and side A reaches a game decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, waitTurn, choices, BASE } from './lib.mjs';

// Waits until this player must take a set-up decision, or the set-up is over; returns the
// stage (`board`, `start`, `terrain`, `objective`) or null once the game has begun.
async function waitSetup(page) {
  await page.waitForFunction(() => {
    const p = document.querySelector('#pending');
    if (!p) return false;
    if (p.dataset.kind !== 'setup') return true;
    return p.dataset.yours === 'true' && p.dataset.sending === 'false';
  }, null, { timeout: 60000 });
  return page.evaluate(() => { const p = document.querySelector('#pending'); return p.dataset.kind === 'setup' ? p.dataset.stage : null; });
}

const setupPly = async (page) => Number(await page.getAttribute('#pending', 'data-setup-ply'));

// Runs `clicks` (a set-up decision) and waits until the set-up is past it.
async function setupSent(page, clicks) {
  const before = await setupPly(page);
  await clicks();
  await page.waitForFunction((old) => {
    const p = document.querySelector('#pending');
    return p && (p.dataset.kind !== 'setup' || Number(p.dataset.setupPly) > old);
  }, before, { timeout: 30000 });
}

test('the players lay a battlefront table and the game begins on it', { timeout: 300000 }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/');
    await page.waitForSelector('#create');
    // Not offered for a revised scenario.
    await page.selectOption('#scenario', 'duel');
    assert.equal(await page.isHidden('#setup-label'), true);
    await page.selectOption('#scenario', 'bait-and-flank');
    await page.waitForSelector('#setup-label', { state: 'visible' });
    await page.selectOption('#setup', 'players');
    await page.selectOption('#side', 'a');
    await page.selectOption('#opponent', 'ai greedy');
    await page.fill('#seed', '13');
    await page.click('#create');
    await page.waitForURL(/\/game\//);

    assert.equal(await waitSetup(page), 'board');
    assert.deepEqual(await choices(page), ['board open', 'board ruins']);
    // A decision not asked now, typed: refused, explained, nothing taken.
    await page.fill('#setup-text', 'objective F8');
    await page.click('#setup-send');
    await page.waitForFunction(() => /another kind of decision/.test(document.querySelector('#error').textContent), null, { timeout: 30000 });
    assert.equal(await setupPly(page), 0);
    await shot(page, 'setup-board');
    await setupSent(page, async () => {
      await page.click('#choices button.choice[data-text="board ruins"]');
      await page.click('#confirm');
    });

    let placed = 0, reloaded = false;
    for (let i = 0; i < 30; i++) {
      const stage = await waitSetup(page);
      if (!stage) break;
      if (stage === 'start') {
        await setupSent(page, async () => {
          await page.click('#choices button.choice[data-text="start south"]');
          await page.click('#confirm');
        });
      } else if (stage === 'terrain') {
        // An item (the first offered), a facing for a tile, then a square tapped twice.
        const item = await page.getAttribute('#choices button.setup-item', 'data-item');
        await page.click(`#choices button.setup-item[data-item="${item}"]`);
        if (await page.$('#choices button.setup-facing[data-facing="e"]:not([disabled])')) {
          await page.click('#choices button.setup-facing[data-facing="e"]');
        }
        const sq = await page.getAttribute('#board rect.setup-anchor', 'data-hl');
        await setupSent(page, async () => {
          await page.click(`#board [data-hl="${sq}"]`);
          await page.waitForSelector(`#board [data-hl="${sq}"].sel`);
          if (placed === 0) {
            assert.match(await page.textContent('#detail'), /^place \w+ [A-Z]\d+/);
            await shot(page, 'setup-terrain');
          }
          await page.click(`#board [data-hl="${sq}"]`);
        });
        placed++;
        if (placed === 2 && !reloaded) {
          // Reload mid-set-up: the page comes back at the same set-up decision (read once the
          // AI seat has answered: its decision may come in after ours, reload or not).
          await waitSetup(page);
          const at = await setupPly(page);
          await page.reload();
          await page.waitForSelector('#pending');
          await waitSetup(page);
          assert.equal(await setupPly(page), at);
          reloaded = true;
        }
      } else if (stage === 'objective') {
        await setupSent(page, async () => {
          await page.click(`#choices button.choice`);
          await page.click('#confirm');
        });
      } else {
        assert.fail(`unexpected stage ${stage}`);
      }
    }
    assert.equal(placed, 3, 'two tiles and a trap');
    assert.ok(reloaded);
    await shot(page, 'setup-done');
    // The game has begun on the table laid: terrain and both objectives on the board, and a
    // game decision for side A.
    const over = await waitTurn(page);
    assert.equal(over, false);
    assert.equal(await page.getAttribute('#pending', 'data-kind'), 'decision');
    assert.ok((await choices(page)).length > 0);
    assert.ok((await page.$$('#board rect.sq.t-trees, #board rect.sq.t-water, #board rect.sq.t-rubble')).length >= 6, 'the tiles laid');
    assert.equal((await page.$$('#board path.objective')).length, 2);
    assert.equal(await page.$('#setup-info'), null);
    await shot(page, 'setup-first-decision');
  } finally {
    await ctx.close();
  }
});
