// Issue 23, Dust Battlefield played in the browser (/battlefield/play/ID): a move refused and
// then accepted by dragging a squad, a flame template placed by dragging with the miniatures it
// would hit highlighted, a reactive attack answered (casualties removed by clicking them), a whole game against the AI to its end, a
// game between two browser contexts by link, a game started from the editor, and screenshots at desktop and phone sizes
// (non-blank, the table and the question within the viewport; target/e2e-screens/).
//
// The rules are tactics-battlefield-summary.md's: "MOVE & MARCH MOVE ACTIONS" (a Move of 1 is
// 10 cm), "REACTIVE ATTACKS" (a unit within 40 cm that has not activated may react), "Flame
// weapons" (a template), "END OF THE GAME" (the turn limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, page as newPage, shot, decodePng } from './lib.mjs';
import { newGame, question, waitMine, clickAndWait, takeProposed, screenOf, drag, unitIndex, removeCasualties } from './field_lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// A table of the project's own design for these tests: two squads 7 cm apart (a flamethrower
// reaches), two more behind them; posted whole, as the editor's "start a game on it" does.
const SKIRMISH = `# A Dust Battlefield table of the project's own design, for the browser tests.
name = "E2E Skirmish"
description = "Two squads a few centimetres apart across an open field, two more behind them."
source = "the project's own design: invented for the browser tests"
size = [120, 80]

[[terrain]]
kind = "woods"
name = "Copse"
polygon = [[95, 30], [110, 30], [110, 45], [95, 45]]

[[deployment]]
side = "a"
polygon = [[0, 0], [120, 0], [120, 20], [0, 20]]

[[deployment]]
side = "b"
polygon = [[0, 60], [120, 60], [120, 80], [0, 80]]

[[objective]]
name = "Crossroads"
at = [60, 40]

[[unit]]
name = "Hell Boys"
side = "a"
at = [[40, 30], [43, 30], [46, 30], [49, 30], [52, 30]]

[[unit]]
name = "The Gunners"
side = "a"
at = [[70, 15], [73, 15], [76, 15], [79, 15], [82, 15]]

[[unit]]
name = "Laser Grenadiers"
side = "b"
at = [[40, 37], [43, 37], [46, 37], [49, 37], [52, 37]]

[[unit]]
name = "Battle Grenadiers"
side = "b"
at = [[70, 50], [73, 50], [76, 50], [79, 50], [82, 50]]
`;

// Plays side A's page until it is asked to activate a unit: who goes first, reactions declined.
async function untilActivate(page) {
  for (let i = 0; i < 30; i++) {
    const q = await waitMine(page);
    if (q.kind === 'activate') return q;
    if (q.kind === 'first') await clickAndWait(page, '#first-a');
    else if (q.kind === 'react') await clickAndWait(page, '#react-none');
    else await takeProposed(page);
  }
  throw new Error('side A was never asked to activate');
}

test('a squad dragged too far is refused with the engine\'s reason, then a short drag is accepted and confirmed', { timeout: 120000 }, async () => {
  const g = await newGame({ toml: SKIRMISH, seats: ['human', 'random'], turns: 2, seed: 21 });
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + g.links.a);
    await untilActivate(page);
    const gunners = await unitIndex(page, 'The Gunners');
    await clickAndWait(page, `[data-activate="${gunners}"]`);
    let q = await waitMine(page);
    assert.equal(q.kind, 'plan');
    await clickAndWait(page, '[data-plan="move attack"]');
    q = await waitMine(page);
    if (q.kind === 'react') { await clickAndWait(page, '#react-none'); q = await waitMine(page); }
    assert.equal(q.kind, 'move');
    const allowance = await page.evaluate(() => PLAY.s.question.allowance_cm);
    const m0 = await page.evaluate(() => PLAY.s.table.units.find((u) => u.name === 'The Gunners').miniatures[0].centre);
    // The whole squad, in formation, dragged three allowances away: refused, in the engine's words.
    await drag(page, m0, [m0[0], m0[1] + 3 * allowance > 78 ? 78 : m0[1] + 3 * allowance]);
    await page.waitForFunction(() => document.getElementById('refusal').className === 'refusal' && document.getElementById('refusal').textContent.length > 10);
    const reason = await page.textContent('#refusal');
    assert.ok(await page.isDisabled('#confirm-move'), 'a refused move cannot be confirmed');
    assert.ok(Number(await page.getAttribute('#move-info', 'data-length')) > allowance, reason);
    assert.equal(await page.locator('#overlay .coherency-ring').count(), 5, 'a ring around each miniature of the squad');
    await page.click('#take-back');
    assert.equal(await page.locator('#overlay #move .ghost').count(), 0);
    // A short drag forward: accepted, confirmed.
    await drag(page, m0, [m0[0] + 2, m0[1] + 5]);
    await page.waitForFunction(() => PLAY.proposal && PLAY.proposal.answered === PLAY.proposal.asked);
    assert.equal(await page.getAttribute('#refusal', 'class'), 'preview-ok', await page.textContent('#refusal'));
    assert.ok(!(await page.isDisabled('#confirm-move')));
    assert.ok(Number(await page.getAttribute('#move-info', 'data-length')) <= allowance);
    await clickAndWait(page, '#confirm-move');
    const moved = await page.evaluate(() => PLAY.s.table.units.find((u) => u.name === 'The Gunners').miniatures[0].centre);
    assert.ok(Math.abs(moved[1] - (m0[1] + 5)) < 0.2, `m0 went from ${m0} to ${moved}`);
    await shot(page, 'battlefield-play-move');
  } finally { await ctx.close(); }
});

test('a flame template is placed by dragging, the miniatures it would hit are highlighted, and the attack is confirmed', { timeout: 120000 }, async () => {
  const g = await newGame({ toml: SKIRMISH, seats: ['human', 'random'], turns: 2, seed: 4 });
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + g.links.a);
    await untilActivate(page);
    const hell = await unitIndex(page, 'Hell Boys');
    await clickAndWait(page, `[data-activate="${hell}"]`);
    await waitMine(page);
    await clickAndWait(page, '[data-plan="attack move"]');
    let q = await waitMine(page);
    if (q.kind === 'react') { await clickAndWait(page, '#react-none'); q = await waitMine(page); }
    // A reaction may have cost miniatures: the attack is asked all the same.
    for (let i = 0; i < 5 && q.kind !== 'attack'; i++) { await takeProposed(page); q = await waitMine(page); }
    assert.equal(q.kind, 'attack');
    const line = await page.evaluate(() => PLAY.s.units.find((u) => u.name === 'Hell Boys').weapons.find((w) => w.template === 'flame').line);
    await page.click(`.weapon-lines [data-line="${line}"]`);
    assert.ok(await page.locator('#overlay .range-band').count() > 0, 'range bands drawn');
    const target = await unitIndex(page, 'Laser Grenadiers');
    const t0 = await page.evaluate((i) => PLAY.s.table.units[i].miniatures[0].centre, target);
    const [sx, sy] = await screenOf(page, t0);
    await page.mouse.click(sx, sy);
    await page.waitForSelector('#overlay .template.flame');
    // Drag the aim point onto the middle of the enemy squad.
    const mid = await page.evaluate((i) => PLAY.s.table.units[i].miniatures[2].centre, target);
    await drag(page, t0, mid);
    await page.waitForFunction(() => document.getElementById('refusal').textContent.length > 0 && document.querySelectorAll('#overlay .sight').length > 0);
    const aimed = await page.evaluate(() => PLAY.proposal.aims[0].at);
    assert.ok(Math.hypot(aimed[0] - mid[0], aimed[1] - mid[1]) < 0.5, `the aim point followed the drag: ${aimed}`);
    const ok = await page.evaluate(() => document.getElementById('refusal').className === 'preview-ok');
    assert.ok(ok, await page.textContent('#refusal'));
    assert.ok(await page.locator('svg .mini.would-hit').count() > 0, 'the miniatures under the template are highlighted');
    assert.ok(Number(await page.getAttribute('#expected', 'data-expected')) > 0);
    await shot(page, 'battlefield-play-template');
    await clickAndWait(page, '#confirm-attack');
    const log = await page.textContent('#log');
    assert.match(log, /Hell Boys|Laser Grenadiers/);
    assert.ok(await page.locator('#dice li').count() > 0 || /dice:/.test(log), 'the dice are shown with their rule');
  } finally { await ctx.close(); }
});

test('a reactive attack is answered from the page when the AI activates', { timeout: 120000 }, async () => {
  // Side B is the person here (the page of B reacts), side A the greedy AI, which lets B's
  // units react: its plans have a second action ("Once the opposing player has completed their
  // first action").
  const g = await newGame({ toml: SKIRMISH, seats: ['greedy', 'human'], turns: 2, seed: 9 });
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + g.links.b);
    let reacted = false, removed = 0;
    for (let i = 0; i < 40 && !reacted; i++) {
      const q = await waitMine(page);
      if (q.status !== 'playing') break;
      if (q.kind === 'casualties') { await removeCasualties(page); removed++; continue; }
      if (q.kind === 'react') {
        const who = await page.getAttribute('[data-react]', 'data-react');
        await clickAndWait(page, `[data-react="${who}"]`);
        reacted = true;
      } else if (q.kind === 'first') await clickAndWait(page, '#first-a');
      else await takeProposed(page);
    }
    assert.ok(reacted, 'side B was offered a reactive attack');
    // The greedy AI's first attack cost B miniatures, removed by clicking them (seed 9).
    assert.ok(removed > 0, 'side B removed casualties by clicking them');
    await page.waitForFunction(() => /reacts with/.test(document.getElementById('log').textContent));
  } finally { await ctx.close(); }
});

test('a unit held in ambush is placed by dragging the proposed placement', { timeout: 180000 }, async () => {
  // Ostwall Bunker Line holds side B's Battle Grenadiers in ambush; B is the person here.
  const g = await newGame({ table: 'ostwall-bunker-line', seats: ['greedy', 'human'], turns: 2, seed: 1 });
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + g.links.b);
    await page.waitForSelector('#question');
    const held = await unitIndex(page, 'Battle Grenadiers');
    let placed = false;
    for (let i = 0; i < 40 && !placed; i++) {
      const q = await waitMine(page);
      if (q.status !== 'playing') break;
      if (q.kind === 'first') await clickAndWait(page, '#first-a');
      else if (q.kind === 'activate' && await page.locator(`[data-activate="${held}"]`).count()) await clickAndWait(page, `[data-activate="${held}"]`);
      else if (q.kind === 'place') {
        await page.waitForSelector('#overlay .place-ghost');
        assert.equal(await page.evaluate((i) => PLAY.s.table.units[i].miniatures.length, held), 0, 'off the table until placed');
        const start = await page.evaluate(() => PLAY.proposal.at[0].slice());
        // The engine's answer to the last position asked (not an earlier one still on its way).
        const answered = () => page.waitForFunction(() => PLAY.proposal && PLAY.proposal.answered === PLAY.proposal.asked);
        await drag(page, start, [start[0] + 3, start[1]]);
        await answered();
        const moved = await page.evaluate(() => PLAY.proposal.at[0]);
        assert.ok(Math.abs(moved[0] - (start[0] + 3)) < 0.3, `the placement followed the drag: ${moved}`);
        if (await page.isDisabled('#confirm-place')) {
          // Refused (the engine's reason shown): dragged back where the engine proposed it.
          assert.equal(await page.getAttribute('#refusal', 'class'), 'refusal');
          await drag(page, moved, start);
          await answered();
          assert.ok(!(await page.isDisabled('#confirm-place')), await page.textContent('#refusal'));
        }
        await clickAndWait(page, '#confirm-place');
        placed = true;
      } else await takeProposed(page);
    }
    assert.ok(placed, 'side B was asked where to place its unit held in ambush');
    assert.ok(await page.evaluate((i) => PLAY.s.table.units[i].miniatures.length, held) > 0, 'on the table once placed');
    assert.match(await page.textContent('#log'), /side B: place \d/);
  } finally { await ctx.close(); }
});

test('a whole game against the AI is played to its end in the browser', { timeout: 300000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    // Started from the tables page, as a player would.
    await page.goto(BASE + '/battlefield');
    await page.waitForSelector('#tables li');
    await page.fill('#turns', '1');
    await page.click('[data-table="ruined-town"].play-ai');
    await page.waitForURL(/\/battlefield\/play\//);
    await page.waitForSelector('#question');
    for (let i = 0; i < 300; i++) {
      const q = await waitMine(page, 120000);
      if (q.status !== 'playing') break;
      if (q.kind === 'first') await clickAndWait(page, '#first-a');
      else await takeProposed(page);
    }
    await page.waitForSelector('#game-over');
    assert.match(await page.textContent('#game-over'), /The game is over/);
    assert.match(await page.textContent('#log'), /The game ends/);
    assert.ok(await page.locator('#record').count() === 1, 'the record may be downloaded at the end');
    await shot(page, 'battlefield-play-over');
  } finally { await ctx.close(); }
});

test('two people play by link in two browsers for a few decisions and see the same table', { timeout: 180000 }, async () => {
  const a = await launch(DESKTOP), b = await launch(DESKTOP);
  try {
    const pa = await newPage(a), pb = await newPage(b);
    await pa.goto(BASE + '/battlefield');
    await pa.waitForSelector('#tables li');
    await pa.click('[data-table="dnieper-ford"].play-friend');
    await pa.waitForSelector('#friend-link');
    const friend = await pa.getAttribute('#friend-link', 'href');
    await pa.click('#my-link');
    await pa.waitForSelector('#question');
    await pb.goto(BASE + friend);
    await pb.waitForSelector('#question');
    for (let i = 0; i < 8; i++) {
      const qa = await question(pa), qb = await question(pb);
      const p = qa.yours ? pa : pb;
      assert.ok(qa.yours !== qb.yours, 'exactly one side decides');
      const before = qa.ply;
      if ((await question(p)).kind === 'first') await clickAndWait(p, '#first-a'); else await takeProposed(p);
      // The other browser follows.
      const other = p === pa ? pb : pa;
      await other.waitForFunction((n) => Number(document.getElementById('gamebar').dataset.ply) > n, before, { timeout: 10000 });
    }
    const ua = await pa.evaluate(() => JSON.stringify(PLAY.s.units));
    const ub = await pb.evaluate(() => JSON.stringify(PLAY.s.units));
    assert.equal(ua, ub);
    await shot(pb, 'battlefield-play-friend');
  } finally { await a.close(); await b.close(); }
});

test('the editor starts a game on the table it holds', { timeout: 120000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/battlefield/editor');
    await page.waitForSelector('#add-terrain');
    await page.selectOption('#start-from', 'dnieper-ford');
    await page.click('#start');
    await page.waitForSelector('#verdict[data-ok="true"]');
    await page.fill('#table-name', 'Dnieper Ford, edited');
    await page.waitForSelector('#verdict[data-ok="true"]');
    await page.click('#start-game-ai');
    await page.waitForURL(/\/battlefield\/play\//);
    await page.waitForSelector('#question');
    assert.equal(await page.textContent('#game-title'), 'Dnieper Ford, edited');
  } finally { await ctx.close(); }
});

for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the game page at ${name} size: not blank, the table and the question within the viewport`, { timeout: 60000 }, async () => {
    const g = await newGame({ table: 'ruined-town', seats: ['human', 'greedy'], turns: 1, seed: 3 });
    const ctx = await launch(size, name === 'phone' ? { hasTouch: true, isMobile: true } : {});
    try {
      const page = await newPage(ctx);
      await page.goto(BASE + g.links.a);
      await page.waitForSelector('#question');
      const png = await page.screenshot({ path: `${process.env.DUST_SHOTS || 'target/e2e-screens'}/battlefield-play-${name}.png` });
      const img = decodePng(png);
      const colours = new Set();
      for (let y = 0; y < img.height; y += 7) for (let x = 0; x < img.width; x += 7) colours.add(img.rgb(x, y).join(','));
      assert.ok(colours.size > 20, `the screenshot has ${colours.size} colours`);
      for (const sel of ['#field', '#question']) {
        const box = await page.locator(sel).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= size.width + 1, `${sel} within the viewport's width: ${JSON.stringify(box)}`);
      }
      const field = await page.locator('#field').boundingBox();
      assert.ok(field.height > 100 && field.y < size.height, 'the table is on the first screen');
    } finally { await ctx.close(); }
  });
}
