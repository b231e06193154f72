// Structures on the board (issue 8: "an SVG board: terrain, cover elements, structures"):
// the farmhouse of `hold-the-crossroads` (interior B12:C13, small entrances on C13's east and
// B12's west side) is drawn with its walls where the engine has them, checked in the DOM and on
// the pixels of a screenshot; then the same scenario is played by touch on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, page as newPage, shot, decodePng, waitTurn, choices, choose, decide, newGame } from './lib.mjs';

const WALLS = ['A13|B13', 'B11|B12', 'B13|B14', 'C11|C12', 'C12|D12', 'C13|C14'].sort();
const ENTRANCES = ['A12|B12', 'C13|D13'];

test('the farmhouse is drawn with its walls and entrances', { timeout: 120000 }, async () => {
  const ctx = await launch({ width: 1280, height: 900 }, { deviceScaleFactor: 1 });
  try {
    const page = await newPage(ctx);
    const url = await newGame(page, { scenario: 'hold-the-crossroads', opponent: 'ai greedy', seed: 3 });
    await page.waitForSelector('#board [data-structure]');
    // What the engine says (the state's board) and what the page drew agree.
    const id = /\/game\/(\w+)/.exec(url)[1], seat = new URL(url).searchParams.get('seat');
    const st = await page.evaluate(async ([i, s]) => (await fetch(`/api/games/${i}?seat=${s}`)).json(), [id, seat]);
    assert.deepEqual(st.board.structures.map((s) => s.name), ['Farmhouse']);
    assert.deepEqual(st.board.walls.filter((w) => w.kind === 'wall').map((w) => `${w.a}|${w.b}`).sort(), WALLS);
    assert.deepEqual(st.board.walls.filter((w) => w.kind === 'small').map((w) => `${w.a}|${w.b}`).sort(), ENTRANCES);
    const inside = await page.$$eval('#board [data-structure="Farmhouse"]', (rs) => rs.map((r) => r.dataset.inside).sort());
    assert.deepEqual(inside, ['B12', 'B13', 'C12', 'C13']);
    const drawn = await page.$$eval('#board line.wall[data-kind="wall"]', (ls) => ls.map((l) => l.dataset.edge).sort());
    assert.deepEqual(drawn, WALLS);
    const doors = await page.$$eval('#board g.entrance[data-kind="small"]', (gs) => gs.map((g) => g.dataset.edge).sort());
    assert.deepEqual(doors, ENTRANCES);
    // Each wall lies on the edge between its two spaces.
    const geometry = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel).getBoundingClientRect();
      const out = {};
      for (const l of document.querySelectorAll('#board [data-edge]')) {
        const [a, b] = l.dataset.edge.split('|').map((s) => box(`#board rect.sq[data-sq="${s}"]`));
        const r = l.getBoundingClientRect();
        out[l.dataset.edge] = { mid: [r.left + r.width / 2, r.top + r.height / 2], a: [a.left + a.width / 2, a.top + a.height / 2], b: [b.left + b.width / 2, b.top + b.height / 2] };
      }
      return out;
    });
    for (const [edge, g] of Object.entries(geometry)) {
      const want = [(g.a[0] + g.b[0]) / 2, (g.a[1] + g.b[1]) / 2];
      assert.ok(Math.abs(g.mid[0] - want[0]) < 1.5 && Math.abs(g.mid[1] - want[1]) < 1.5, `${edge} drawn at ${g.mid}, its edge is at ${want}`);
    }
    // The screenshot: dark wall in the middle of every wall edge, an opening in the middle of
    // every entrance, the interior shaded unlike the open ground around it.
    await page.locator('#board [data-inside="B12"]').scrollIntoViewIfNeeded();
    const rects = await page.$$eval('#board [data-structure="Farmhouse"]', (rs) => rs.map((r) => { const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }));
    const m = 40;
    const clip = { x: Math.min(...rects.map((r) => r[0])) - m, y: Math.min(...rects.map((r) => r[1])) - m };
    clip.width = Math.max(...rects.map((r) => r[2])) + m - clip.x;
    clip.height = Math.max(...rects.map((r) => r[3])) + m - clip.y;
    await shot(page, 'structure-board');
    const png = decodePng(await shot(page, 'structure-farmhouse', clip));
    const k = png.width / clip.width;
    const mids = await page.$$eval('#board [data-edge]', (ls) => ls.map((l) => { const r = l.getBoundingClientRect(); return { edge: l.dataset.edge, kind: l.dataset.kind, x: r.left + r.width / 2, y: r.top + r.height / 2 }; }));
    const at = (x, y) => png.rgb((x - clip.x) * k, (y - clip.y) * k);
    const lum = ([r, g, b]) => (r + g + b) / 3;
    for (const w of mids) {
      const p = at(w.x, w.y);
      if (w.kind === 'wall') assert.ok(lum(p) < 90, `the wall ${w.edge} is dark on the screenshot: ${p}`);
      else assert.ok(lum(p) > 150, `the entrance ${w.edge} is open on the screenshot: ${p}`);
    }
    const sq = async (s) => page.$eval(`#board rect.sq[data-sq="${s}"]`, (r) => { const b = r.getBoundingClientRect(); return [b.left + b.width * 0.25, b.top + b.height * 0.75]; });
    const [ix, iy] = await sq('C12'), [ox, oy] = await sq('E12');
    assert.ok(lum(at(ix, iy)) + 20 < lum(at(ox, oy)), `inside ${at(ix, iy)} is shaded against outside ${at(ox, oy)}`);
  } finally {
    await ctx.close();
  }
});

test('played by touch on a phone: the board fits the screen and a unit enters by taps', { timeout: 300000 }, async () => {
  const ctx = await launch({ width: 390, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const page = await newPage(ctx);
    await newGame(page, { scenario: 'hold-the-crossroads', opponent: 'ai greedy', seed: 8 });
    await page.waitForSelector('#board [data-structure]');
    // Readable on a phone: nothing wider than the screen, the board scaled to it.
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, board: document.querySelector('#board').getBoundingClientRect().width }));
    assert.ok(widths.doc <= 390, `the page fits a 390 px screen: ${widths.doc}`);
    assert.ok(widths.board > 300 && widths.board <= 390, `the board is scaled to the screen: ${widths.board}`);
    let moved = 0;
    for (let i = 0; i < 40 && moved < 2; i++) {
      if (await waitTurn(page)) break;
      const d = choose(await choices(page), 'A');
      if (/^move /.test(d)) moved++;
      // By touch: tap a choice and tap Confirm; a move is two taps on the green space.
      await decide(page, d, { touch: true });
    }
    assert.ok(moved >= 2, 'moved twice by touch');
    const mine = await page.$$eval('#board g.unit title', (ts) => ts.map((t) => t.textContent).filter((t) => / side A,/.test(t)));
    assert.ok(mine.length >= 1, 'a unit of side A is on the board');
    // A tap on a unit shows its card.
    await page.tap('#board g.unit[data-unit="0"]').catch(() => page.tap('#board g.unit'));
    await page.waitForSelector('#card');
    await shot(page, 'touch-phone');
  } finally {
    await ctx.close();
  }
});
