// Issue 20, the browser's wargame table: the board as a Dust Tactics board (terrain patterns,
// legend, unit silhouettes, miniatures and health), zoom and pan on a phone with tokens of at
// least 40 px once tapped, the keyboard cursor and the live region, the declared move (ghost
// and path) before the line of sight from there, cover told by words, the AI's words, each
// log event's rule explained, undo (free against the AI; asked and accepted between people),
// the end-of-game summary, the guided first game, the 404 pages, and axe-core on every page.
// Screenshots at 1280×800 and 390×844 in target/e2e-screens/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { BASE, launch, page as newPage, shot, waitTurn, choices, decide, choose, newGame, ply, decodePng } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// No serious or critical axe violation on the page as it stands.
async function axe(page, what) {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), [], `axe on ${what}`);
  return r;
}

test('the tutorial game on the wargame table, by keyboard and mouse, to the summary', { timeout: 600000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/');
    await page.waitForSelector('#learn');
    await axe(page, 'the lobby');
    await page.click('#learn');
    await page.waitForURL(/\/game\/.*tutorial=1/);
    await page.waitForSelector('#pending');
    await waitTurn(page);
    // The board: terrain drawn with patterns, tokens with silhouettes, miniatures and health.
    assert.ok(await page.$('svg.board pattern#t-water'), 'the water pattern');
    const shapes = new Set();
    const legend = await page.$$eval('#legend li', (ls) => ls.map((l) => l.dataset.legend));
    for (const k of ['squad', 'hero', 'walker', 'tank', 'aircraft', 'cv-soft', 'cv-hard', 'hl-move']) assert.ok(legend.includes(k), `legend: ${k} in ${legend}`);
    assert.ok(legend.includes('t-open'), 'the terrain of the board is in the legend');
    // The tutorial's first lesson.
    await page.waitForSelector('#lesson');
    assert.match(await page.textContent('#tutorial'), /Learn to play/);
    const lessons = new Set([await page.getAttribute('#lesson', 'data-lesson')]);
    await shot(page, 'table-desktop-start');
    // Keyboard: the board's squares are named and the arrow keys move the cursor.
    await page.focus('svg.board rect.sq[tabindex="0"]');
    const first = await page.evaluate(() => document.activeElement.dataset.sq);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    const moved = await page.evaluate(() => ({ sq: document.activeElement.dataset.sq, label: document.activeElement.getAttribute('aria-label') }));
    assert.notEqual(moved.sq, first);
    assert.match(moved.label, /^[A-Z]\d+: /);
    await axe(page, 'a tactics game');
    let sawUnitKey = false, sawGhost = false, sawCover = false, undone = false, explained = false, live = false;
    for (let i = 0; i < 300; i++) {
      if (await waitTurn(page)) break;
      const l = await page.getAttribute('#lesson', 'data-lesson').catch(() => null);
      if (l) lessons.add(l);
      for (const sh of await page.$$eval('svg.board [data-unit] .sil', (gs) => gs.map((g) => g.dataset.shape))) shapes.add(sh);
      if (!sawUnitKey && (await page.$('svg.board [data-unit]'))) {
        // `n` on the board: the cursor goes to a square with a unit, named with it.
        await page.focus('svg.board rect.sq[tabindex="0"]');
        await page.keyboard.press('n');
        const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
        assert.match(label, /; .*\(side [AB]\)/, label);
        sawUnitKey = true;
      }
      const list = await choices(page);
      const d = choose(list, 'A');
      if (/^aim \d+ u\d+/.test(d)) {
        // Targets: cover told by a word on the square, not only a colour.
        const tags = await page.$$eval('svg.board .cover-tag text', (ts) => ts.map((t) => t.textContent));
        assert.ok(tags.length > 0 && tags.every((t) => ['open', 'soft', 'HARD', 'no LOS'].includes(t)), `cover tags ${tags}`);
        sawCover = true;
        // After a declared move: the ghost at the destination and the path, and the line
        // of sight drawn from there.
        const ghost = await page.$('svg.board [data-ghost]');
        if (ghost && !sawGhost) {
          const path = (await page.getAttribute('#move-path', 'data-path')).split(' ');
          await page.click(`#choices button.choice[data-text="${d}"]`);
          const los = await page.$eval('svg.board line.los', (l) => [l.getAttribute('x1'), l.getAttribute('y1')]);
          const g = await page.$eval('svg.board [data-ghost]', (e) => e.style.transform);
          assert.ok(g.includes(`${los[0]}px`) && g.includes(`${los[1]}px`), `the line of sight starts at the ghost: ${g} ${los}`);
          assert.ok(path.length >= 2);
          await shot(page, 'table-desktop-ghost-los');
          sawGhost = true;
          await page.click('#confirm');
          await page.waitForFunction(() => document.querySelector('#pending').dataset.sending === 'false');
          continue;
        }
      }
      if (!undone && /^move /.test(d)) {
        // Undo against the AI: the move and the AI's answers go, free.
        const before = await ply(page);
        await decide(page, d);
        await waitTurn(page);
        await page.waitForSelector('#undo');
        await page.click('#undo');
        await page.waitForFunction((b) => Number(document.querySelector('#pending').dataset.ply) === b, before);
        undone = true;
        continue;
      }
      await decide(page, d);
      if (!live && (await page.$$('#announce p')).length) live = true;
      if (!explained && (await page.$('#log .why'))) {
        // The rule behind an event, in the project's words, its citation kept.
        await page.click('#log li:last-child .why');
        await page.waitForSelector('#log li:last-child .explain:not([hidden]) p');
        const x = await page.textContent('#log li:last-child .explain');
        assert.match(x, /Rulebook: tactics-|Not explained yet/);
        explained = true;
        await shot(page, 'table-desktop-rule');
      }
    }
    assert.equal(await page.getAttribute('#pending', 'data-kind'), 'over');
    assert.ok(sawCover, 'targets with their cover');
    assert.ok(undone, 'an undo against the AI');
    assert.ok(explained, 'a rule explained');
    assert.ok(live, 'the live region read the events');
    // The AI explains itself with its figures.
    assert.match(await page.textContent('#ai-words'), /AI \(side B\)/);
    // The summary: who destroyed what, the points, a replay link.
    await page.waitForSelector('#summary:not([hidden]) #summary-head');
    assert.match(await page.textContent('#summary-head'), /victory points/);
    assert.ok(await page.$('#summary-replay'));
    // The game-over banner sits on its own line, under the status line, not over it.
    const [line, over] = await Promise.all([page.$eval('#status-line', (e) => e.getBoundingClientRect().toJSON()), page.$eval('#game-over', (e) => e.getBoundingClientRect().toJSON())]);
    assert.ok(over.top >= line.bottom - 0.5, `banner ${JSON.stringify(over)} under the status ${JSON.stringify(line)}`);
    for (const k of ['activation', 'plan', 'moving', 'line-of-sight', 'cover', 'reactive-fire']) assert.ok(lessons.has(k), `lesson ${k} in ${[...lessons]}`);
    assert.ok(shapes.has('infantry'), `squads drawn as infantry: ${[...shapes]}`);
    assert.ok(sawGhost, 'the declared move drawn before the line of sight');
    assert.ok(sawUnitKey, 'n went to a unit');
    // A destroyed unit has no targets: its card says so, none are listed.
    const gone = await page.$('#roster li.gone button.link');
    assert.ok(gone, 'a unit was destroyed in the guided duel');
    await gone.click();
    await page.waitForSelector('#destroyed-note');
    assert.equal((await page.$$('#targets .target')).length, 0);
    await axe(page, 'a finished game');
    await shot(page, 'table-desktop-over');
  } finally {
    await ctx.close();
  }
});

test('on a phone: zoom, pan, 40 px tokens when tapped, the choices in reach', { timeout: 300000 }, async () => {
  const ctx = await launch(PHONE, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const page = await newPage(ctx);
    await newGame(page, { scenario: 'annihilation', opponent: 'ai random', seed: 3 });
    await waitTurn(page);
    await shot(page, 'table-phone-start');
    // The choices are on screen under the board without scrolling.
    const top = await page.$eval('#choices', (e) => e.getBoundingClientRect().top);
    assert.ok(top < PHONE.height, `choices at ${top}`);
    // Terrain that reads at a glance: deep water, rubble and squares without a dot look
    // apart on the screen (the pixels at their centres).
    const png = decodePng(await page.screenshot());
    const at = async (t) => {
      const r = await page.$(`svg.board rect.sq.t-${t}`);
      if (!r) return null;
      const b = await r.boundingBox();
      const k = png.width / PHONE.width; // the device pixel ratio
      return png.rgb((b.x + b.width * 0.3) * k, (b.y + b.height * 0.3) * k);
    };
    const px = {};
    for (const t of ['water', 'rubble', 'nodot', 'open']) px[t] = await at(t);
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const kinds = Object.keys(px).filter((k) => px[k]);
    assert.ok(kinds.length >= 3, `terrain on the annihilation board: ${kinds}`);
    for (const a of kinds) for (const b of kinds) if (a < b) assert.ok(dist(px[a], px[b]) > 40, `${a} ${px[a]} and ${b} ${px[b]} look apart`);
    // Zoom buttons.
    const z0 = Number(await page.getAttribute('#board', 'data-zoom'));
    await page.tap('#zoom-in');
    const z1 = Number(await page.getAttribute('#board', 'data-zoom'));
    assert.ok(z1 > z0, `zoomed in ${z0} -> ${z1}`);
    await page.tap('#zoom-fit');
    assert.equal(Number(await page.getAttribute('#board', 'data-zoom')), 1);
    // Play on until a unit is on the board, then tap it: it is at least 40 px.
    for (let i = 0; i < 40 && !(await page.$('svg.board [data-unit]')); i++) {
      if (await waitTurn(page)) break;
      await decide(page, choose(await choices(page), 'A'), { touch: true });
    }
    const tok = await page.$('svg.board [data-unit]');
    assert.ok(tok, 'a unit on the board');
    const small = (await tok.boundingBox()).width;
    await tok.tap();
    await page.waitForFunction(() => Number(document.querySelector('#board').dataset.zoom) > 1);
    const box = await (await page.$('svg.board [data-unit]:not(.ghost)')).boundingBox();
    const sizes = await page.$$eval('svg.board [data-unit]', (gs) => gs.map((g) => g.getBoundingClientRect()).filter((r) => r.right > 0 && r.bottom > 0 && r.left < innerWidth).map((r) => r.width));
    assert.ok(sizes.length && Math.max(...sizes) >= 40, `tokens ${small} px before, ${sizes} after the tap (${JSON.stringify(box)})`);
    await shot(page, 'table-phone-zoomed');
    // Pan with a drag (pointer events): the view moves.
    const vb0 = await page.getAttribute('#board', 'viewBox');
    const b = await page.$eval('#board', (e) => e.getBoundingClientRect().toJSON());
    await page.evaluate(({ x, y }) => {
      const svgEl = document.querySelector('#board');
      const ev = (type, cx, cy) => svgEl.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', clientX: cx, clientY: cy, bubbles: true }));
      ev('pointerdown', x, y); ev('pointermove', x - 60, y - 60); ev('pointermove', x - 120, y - 120); ev('pointerup', x - 120, y - 120);
    }, { x: b.x + b.width / 2, y: b.y + b.height / 2 });
    assert.notEqual(await page.getAttribute('#board', 'viewBox'), vb0, 'the drag panned the board');
    await axe(page, 'a game on a phone');
  } finally {
    await ctx.close();
  }
});

test('undo between two people: asked by one, accepted by the other', { timeout: 120000 }, async () => {
  const ca = await launch(DESKTOP), cb = await launch(PHONE);
  try {
    const a = await newPage(ca);
    await newGame(a, { scenario: 'duel', side: 'a', opponent: 'human', seed: 8 });
    const invite = await a.inputValue('#invite');
    const b = await newPage(cb);
    await b.goto(invite);
    await b.waitForSelector('#pending');
    // Whoever is to move decides, then asks to take it back.
    const aTurn = await a.getAttribute('#pending', 'data-yours') === 'true';
    const [mover, other] = aTurn ? [a, b] : [b, a];
    await waitTurn(mover);
    const before = await ply(mover);
    await decide(mover, (await choices(mover))[0]);
    await mover.waitForSelector('#undo');
    await mover.click('#undo');
    await mover.waitForSelector('#undo-waiting');
    await other.waitForSelector('#undo-asked');
    await shot(other, 'table-undo-asked-' + (other === b ? 'phone' : 'desktop'));
    await other.click('#undo-accept');
    await mover.waitForFunction((p) => Number(document.querySelector('#pending').dataset.ply) === p, before);
    await other.waitForFunction((p) => Number(document.querySelector('#pending').dataset.ply) === p, before);
  } finally {
    await ca.close();
    await cb.close();
  }
});

test('a broken link is a page; axe on every page', { timeout: 180000 }, async () => {
  for (const [vp, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const ctx = await launch(vp);
    try {
      const page = await newPage(ctx);
      const r = await page.goto(BASE + '/game/nosuchgame');
      assert.equal(r.status(), 404);
      assert.match(await page.textContent('h1'), /Not found/);
      assert.match(await page.textContent('#not-found-what'), /There is no game “nosuchgame”/);
      await axe(page, 'the 404 page');
      await shot(page, `table-404-${tag}`);
      // A real game with a wrong seat token: a clear page too.
      const url = await newGame(page, { scenario: 'duel', opponent: 'ai random', seed: 2 });
      const id = /\/game\/(\w+)/.exec(url)[1];
      await page.goto(`${BASE}/game/${id}?seat=wrongtoken`);
      await page.waitForSelector('#not-found');
      assert.match(await page.textContent('#not-found h1'), /opens no seat/);
      await axe(page, 'a game link with a wrong seat');
      for (const p of ['/odds', '/rulings', '/replay', '/strategy']) {
        await page.goto(BASE + p);
        await page.waitForLoadState('networkidle');
        await axe(page, p);
      }
      await page.goto(`${BASE}/replay?game=${id}&seat=${new URL(url).searchParams.get('seat')}`);
      await page.waitForSelector('#board');
      await axe(page, 'the replay of a game');
    } finally {
      await ctx.close();
    }
  }
});

// Two AIs play a battlefront Encounter; a spectator watches. With motion: moves slide (a
// token is drawn `.moving`) and dice tumble (`.rolling`); the battlefront units show their
// facing and the silhouettes of their kind. With reduced motion asked for: nothing moves.
async function watchBattlefront(ctx, seed) {
  const r = await fetch(BASE + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scenario: 'encounter', both_ai: 'random', seed }) });
  const g = await r.json();
  assert.ok(g.spectator_link, JSON.stringify(g));
  const page = await newPage(ctx);
  await page.addInitScript(() => {
    window.__motion = { moving: 0, rolling: 0 };
    new MutationObserver((ms) => {
      for (const m of ms) for (const n of m.addedNodes) {
        if (n.nodeType !== 1) continue;
        window.__motion.moving += (n.matches('.moving') ? 1 : 0) + n.querySelectorAll('.moving').length;
        window.__motion.rolling += (n.matches('.rolling') ? 1 : 0) + n.querySelectorAll('.rolling').length;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(BASE + g.spectator_link);
  await page.waitForSelector('#pending');
  await page.waitForFunction(() => document.querySelectorAll('svg.board [data-unit]').length >= 4 && Number(document.querySelector('#pending').dataset.ply) > 30, null, { timeout: 60000 });
  return page;
}

test('battlefront tokens face their way; motion, and none when reduced motion is asked for', { timeout: 180000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await watchBattlefront(ctx, 5);
    const facings = await page.$$eval('svg.board [data-unit] .facing', (fs) => fs.map((f) => f.dataset.facing));
    assert.ok(facings.length >= 1 && facings.every((f) => /^(N|NE|E|SE|S|SW|W|NW)$/.test(f)), `facings ${facings}`);
    const shapes = await page.$$eval('svg.board [data-unit] .sil', (gs) => gs.map((g) => g.dataset.shape));
    assert.ok(shapes.some((s) => ['walker', 'tank', 'wheeled', 'vehicle'].includes(s)), `vehicles drawn as such: ${shapes}`);
    assert.match(await page.getAttribute('svg.board [data-unit]', 'aria-label'), /facing (N|NE|E|SE|S|SW|W|NW)/);
    const m = await page.evaluate(() => window.__motion);
    assert.ok(m.moving > 0, `moves slide: ${JSON.stringify(m)}`);
    assert.ok(m.rolling > 0, `dice roll: ${JSON.stringify(m)}`);
    await shot(page, 'table-battlefront-desktop', { x: 0, y: 0, width: 1280, height: 800 });
  } finally {
    await ctx.close();
  }
  const still = await launch(PHONE, { reducedMotion: 'reduce', hasTouch: true, isMobile: true });
  try {
    const page = await watchBattlefront(still, 6);
    const m = await page.evaluate(() => window.__motion);
    assert.deepEqual(m, { moving: 0, rolling: 0 }, 'nothing moves with reduced motion');
    assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
    await shot(page, 'table-battlefront-phone-still');
  } finally {
    await still.close();
  }
});
