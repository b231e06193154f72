// The battlefront edition in the browser (issue 10): a battlefront scenario (Encounter) offers
// the battlegroups of data/armies/bf-*.toml and the battlefront cards in the builder; side A
// plays Taskforce Joe, side B an army built with the IS-48, a large vehicle that holds two
// squares (tactics-battlefront-2013-rules.txt, "Vehicle and Aircraft Size"): once on the board
// it is drawn over both its squares, and a tap on it chooses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, waitTurn, choices, decide, choose, startServer, BASE } from './lib.mjs';

test('a battlefront game with a battlegroup and a large vehicle', { timeout: 300000 }, async () => {
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/');
    await page.waitForSelector('#create');
    // The main server is of the revised edition (the default): the form opens on Annihilation.
    assert.equal(await page.inputValue('#scenario'), 'annihilation');
    assert.equal(await page.getAttribute('#edition', 'data-edition'), 'revised');
    await page.selectOption('#scenario', 'encounter');
    assert.match(await page.textContent('#edition'), /Edition: battlefront \(this server's default is revised\)/);
    await page.waitForSelector('#army-a option[value="shipped:bf-taskforce-joe"]', { state: 'attached' });
    const offered = await page.$$eval('#army-a option', (os) => os.map((o) => o.value));
    for (const id of ['bf-taskforce-joe', 'bf-kampfgruppe-stefan', 'bf-battlegroup-koshka']) assert.ok(offered.includes('shipped:' + id), `${id} in ${offered}`);
    assert.ok(!offered.includes('shipped:core-allies'), `no revised army for a battlefront scenario: ${offered}`);
    await page.selectOption('#army-a', 'shipped:bf-taskforce-joe');
    await page.waitForSelector('#army-result-a[data-ok="true"]');
    // Side B: the builder with SSU battlefront cards.
    await page.selectOption('#army-b', 'build');
    await page.selectOption('#build-bloc-b', 'ssu');
    await page.fill('#build-name-b', 'Big iron');
    await page.click('#build-cards-b button[data-card="IS-48"]');
    await page.click('#build-cards-b button[data-card="Fakyeli"]');
    await page.waitForSelector('#army-result-b[data-ok="true"]');
    await shot(page, 'battlefront-armies');
    await page.selectOption('#side', 'a');
    await page.selectOption('#opponent', 'ai greedy');
    await page.fill('#seed', '5');
    await page.click('#create');
    await page.waitForURL(/\/game\//);
    await page.waitForSelector('#roster li');
    assert.match(await page.textContent('#roster [data-side="A"] h3'), /Taskforce Joe/);
    assert.match(await page.textContent('#roster [data-side="B"] h3'), /Big iron/);
    // Play until the IS-48 stands on the board.
    for (let i = 0; i < 80; i++) {
      if (await page.$('#board rect.footprint')) break;
      if (await waitTurn(page)) break;
      await decide(page, choose(await choices(page), 'A'));
    }
    const fp = await page.waitForSelector('#board rect.footprint', { timeout: 30000 });
    const squares = (await fp.getAttribute('data-squares')).split(' ');
    assert.equal(squares.length, 2, `two squares: ${squares}`);
    // Drawn over both squares: as long as two board squares on one side.
    const box = await fp.boundingBox();
    const sq = await (await page.$(`#board rect.sq[data-sq="${squares[0]}"]`)).boundingBox();
    const long = Math.max(box.width, box.height), short = Math.min(box.width, box.height);
    assert.ok(long > 1.7 * sq.width && short < 1.2 * sq.width, `footprint ${JSON.stringify(box)} vs square ${JSON.stringify(sq)}`);
    // Both squares lie inside it.
    for (const s of squares) {
      const b = await (await page.$(`#board rect.sq[data-sq="${s}"]`)).boundingBox();
      const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
      assert.ok(cx > box.x && cx < box.x + box.width && cy > box.y && cy < box.y + box.height, `${s} inside the footprint`);
    }
    await shot(page, 'battlefront-large-model');
  } finally {
    await ctx.close();
  }
});

// `dust1947 serve --edition battlefront` (issue 10): the form opens on Encounter, the first
// battlefront scenario, with the battlegroups offered, and says the edition; the odds page
// uses the battlefront cards.
test('a server of the battlefront edition opens the form on Encounter', { timeout: 120000, skip: !process.env.DUST_SERVER && 'needs scripts/e2e.sh' }, async () => {
  const server = await startServer(['--edition', 'battlefront']);
  const ctx = await launch();
  try {
    const page = await newPage(ctx);
    await page.goto(server.url + '/');
    await page.waitForSelector('#army-a option[value="shipped:bf-taskforce-joe"]', { state: 'attached' });
    assert.equal(await page.inputValue('#scenario'), 'encounter');
    assert.equal(await page.getAttribute('#edition', 'data-edition'), 'battlefront');
    assert.match(await page.textContent('#edition'), /Edition: battlefront \(this server's default\)/);
    assert.ok(await page.isVisible('#setup'), 'a battlefront table may be laid by the players');
    await shot(page, 'battlefront-server-form');
    await page.goto(server.url + '/odds');
    await page.waitForSelector('#odds-edition[data-edition="battlefront"]');
    await page.selectOption('#odds-attacker', 'Fakyeli');
    await page.selectOption('#odds-target', 'Lara');
    await page.click('#odds-compute');
    await page.waitForSelector('#odds-summary');
    assert.match(await page.textContent('#odds-summary'), /Fakyeli against Lara/);
  } finally {
    await ctx.close();
    await server.stop();
  }
});
