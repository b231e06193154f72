// Choosing the armies of a new game (issue 8: "armies from files or the builder"): side A's
// army is an uploaded army file (a broken one first: every problem is shown), side B's is made
// in the builder; the game starts with those units, they are listed in the game's roster and
// come onto the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, waitTurn, choices, decide, choose, BASE } from './lib.mjs';

const BROKEN = `name = "Broken"
bloc = "allies"
ap_limit = 150

[[unit]]
name = "Nobody"

[[unit]]
name = "Hans"

[[unit]]
name = "Rhino"
joins = "Hell Boys"
`;

const UPLOADED = `# Two Allied squads and a hero joining one.
name = "Uploaded Allies"
bloc = "allies"
ap_limit = 150

[[unit]]
name = "Hell Boys"

[[unit]]
name = "The Hammers"

[[unit]]
name = "Rhino"
joins = "The Hammers"
`;

test('a game with an uploaded army against a built one', { timeout: 300000 }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/');
    await page.waitForSelector('#create');
    await page.selectOption('#scenario', 'hold-the-crossroads');
    await page.waitForSelector('#army-a');
    // Side A: an army file pasted; a broken one first, every problem listed.
    await page.selectOption('#army-a', 'upload');
    await page.fill('#army-toml-a', BROKEN);
    await page.waitForSelector('#army-result-a .problems li');
    const problems = await page.$$eval('#army-result-a .problems li', (ls) => ls.map((l) => l.textContent));
    for (const rule of ['known-unit', 'one-bloc', 'heroes-join-squads']) assert.ok(problems.some((p) => p.includes(rule)), `${rule} in ${problems}`);
    await shot(page, 'army-upload-problems');
    await page.fill('#army-toml-a', UPLOADED);
    await page.waitForSelector('#army-result-a[data-ok="true"]');
    // Side B: the builder, Axis cards, Lara joining the Heavy Laser Grenadiers.
    await page.selectOption('#army-b', 'build');
    await page.fill('#build-name-b', 'Built Axis');
    await page.click('#build-cards-b button[data-card="Heavy Laser Grenadiers"]');
    await page.click('#build-cards-b button[data-card="Lara"]');
    await page.click('#build-cards-b button[data-card="Sturmpioniere"]');
    await page.selectOption('#build-list-b li[data-card="Lara"] select.joins', 'Heavy Laser Grenadiers');
    await page.waitForSelector('#army-result-b[data-ok="true"]');
    assert.match(await page.textContent('#build-total-b'), /3 units, \d+ of 150 AP/);
    assert.match(await page.textContent('#army-result-b'), /Lara \(joins Heavy Laser Grenadiers\)/);
    await shot(page, 'army-builder');
    await page.selectOption('#side', 'a');
    await page.selectOption('#opponent', 'ai greedy');
    await page.fill('#seed', '7');
    await page.click('#create');
    await page.waitForURL(/\/game\//);
    await page.waitForSelector('#roster li');
    // The roster: both chosen armies, by name.
    assert.match(await page.textContent('#roster [data-side="A"] h3'), /Uploaded Allies/);
    assert.match(await page.textContent('#roster [data-side="B"] h3'), /Built Axis/);
    const roster = (side) => page.$$eval(`#roster [data-side="${side}"] li button`, (bs) => bs.map((b) => b.textContent.replace(/ \(u\d+\)$/, '')));
    assert.deepEqual(await roster('A'), ['Hell Boys', 'The Hammers', 'Rhino']);
    assert.deepEqual(await roster('B'), ['Heavy Laser Grenadiers', 'Lara', 'Sturmpioniere']);
    // Play until units of both armies stand on the board.
    const onBoard = () => page.$$eval('#board g.unit title', (ts) => ts.map((t) => t.textContent));
    const has = (list, name, side) => list.some((t) => t.startsWith(name + ' (') && t.includes(` side ${side},`));
    for (let i = 0; i < 60; i++) {
      const list = await onBoard();
      if ((has(list, 'Hell Boys', 'A') || has(list, 'The Hammers', 'A')) && (has(list, 'Heavy Laser Grenadiers', 'B') || has(list, 'Sturmpioniere', 'B'))) break;
      if (await waitTurn(page)) break;
      await decide(page, choose(await choices(page), 'A'));
    }
    const list = await onBoard();
    assert.ok(has(list, 'Hell Boys', 'A') || has(list, 'The Hammers', 'A'), `the uploaded army on the board: ${list}`);
    assert.ok(has(list, 'Heavy Laser Grenadiers', 'B') || has(list, 'Sturmpioniere', 'B'), `the built army on the board: ${list}`);
    assert.ok(!list.some((t) => /^(Blackhawk|Death Dealers|Hans|Heavy Flak Grenadiers) \(/.test(t)), `none of the scenario's own units: ${list}`);
    await shot(page, 'army-game');
  } finally {
    await ctx.close();
  }
});
