// Helpers of the Battlefield game page's browser tests (battlefield_play, battlefield_controls):
// the question the page shows, waiting for a decision to land, dragging on the table by table
// coordinates, and a player that uses the page's controls only (never the engine's proposals).
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { BASE, launch, page as newPage } from './lib.mjs';

// axe-core on the page as it stands: no serious or critical violation.
export async function axe(page, what) {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), [], `axe on ${what}`);
}

export async function api(method, path, body) {
  const r = await fetch(BASE + path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const j = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

export async function newGame(spec) {
  return api('POST', '/api/battlefield/games', spec);
}

// A game's two players and its spectator, each in a browser of their own (the viewport sizes
// and launch options of each), their pages opened at the game's links; close() ends them.
export async function openSeats(g, sizes) {
  const ctxs = [];
  try {
    for (const [size, opts] of sizes) ctxs.push(await launch(size, opts));
    const pages = [];
    for (const [k, ctx] of ctxs.entries()) {
      const p = await newPage(ctx);
      await p.goto(BASE + g.links[['a', 'b', 'spectator'][k]]);
      pages.push(p);
    }
    for (const p of pages) await p.waitForSelector('#question');
    return { pages, close: async () => { for (const c of ctxs) await c.close(); } };
  } catch (e) {
    for (const c of ctxs) await c.close();
    throw e;
  }
}

// Waits until every page shows a decision after ply `before` (or the game's end).
export async function followed(pages, before) {
  for (const o of pages) await o.waitForFunction((x) => Number(document.getElementById('gamebar').dataset.ply) > x || document.getElementById('gamebar').dataset.status !== 'playing', before, { timeout: 30000 });
}

// The question the page shows: { kind, yours, ply, status }.
export async function question(page) {
  return page.evaluate(() => {
    const q = document.getElementById('question');
    const bar = document.getElementById('gamebar');
    return q ? { kind: q.dataset.kind, yours: q.dataset.yours === 'true', ply: Number(bar.dataset.ply), status: bar.dataset.status } : null;
  });
}

// Waits until the page asks this side something (or the game ends); returns the question.
export async function waitMine(page, timeout = 60000) {
  const t0 = Date.now();
  for (;;) {
    const q = await question(page);
    if (q && (q.yours || q.status !== 'playing')) return q;
    if (Date.now() - t0 > timeout) throw new Error('the page never asked: ' + JSON.stringify(q));
    await page.waitForTimeout(100);
  }
}

// Clicks and waits for the page to show the next decision.
export async function clickAndWait(page, sel) {
  const before = (await question(page)).ply;
  await page.click(sel);
  await page.waitForFunction((p) => Number(document.getElementById('gamebar').dataset.ply) > p, before, { timeout: 30000 });
}

// Clicks; true once the page shows the next decision, false if the engine's refusal is shown
// instead.
export async function clickOrRefused(page, sel) {
  const before = (await question(page)).ply;
  await page.evaluate(() => { const r = document.getElementById('refusal'); if (r) r.textContent = ''; });
  await page.click(sel);
  const h = await page.waitForFunction((p) => Number(document.getElementById('gamebar').dataset.ply) > p ? 'next'
    : (document.getElementById('refusal') && document.getElementById('refusal').textContent ? 'refused' : null), before, { timeout: 30000 });
  return (await h.jsonValue()) === 'next';
}

// The first decision the engine proposes, taken by its button.
export async function takeProposed(page) {
  await page.click('#proposals summary');
  await page.waitForSelector('#candidates .candidate');
  await clickAndWait(page, '#candidates .candidate');
}

// Where a table point (cm) is on the screen (the page scrolled to bring it there first).
export async function screenOf(page, p) {
  return page.evaluate(([x, y]) => {
    const at = () => {
      const svg = document.getElementById('field');
      const q = new DOMPoint(x, PLAY.s.table.size[1] - y).matrixTransform(svg.getScreenCTM());
      return [q.x, q.y];
    };
    const q = at();
    if (q[1] < 0 || q[1] > window.innerHeight) { window.scrollBy(0, q[1] - window.innerHeight / 2); return at(); }
    return q;
  }, p);
}

export async function drag(page, from, to, steps = 8) {
  const [x0, y0] = await screenOf(page, from);
  const [x1, y1] = await screenOf(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
  await page.mouse.up();
}

// The engine's answer to the last proposal asked (not an earlier one still on its way).
export async function answered(page) {
  await page.waitForFunction(() => PLAY.proposal && PLAY.proposal.answered === PLAY.proposal.asked && PLAY.proposal.asked > 0, null, { timeout: 30000 });
}

export const unitIndex = (page, name) => page.evaluate((n) => PLAY.s.units.find((u) => u.name === n).index, name);

// Removes a squad's casualties by clicking them on the table (the first ones that may be lost),
// then confirming.
export async function removeCasualties(page) {
  const q = await page.evaluate(() => PLAY.s.question);
  for (const k of q.valid.slice(0, q.count)) {
    const c = await page.evaluate(([u, k]) => PLAY.s.table.units[u].miniatures[k].centre, [q.unit, k]);
    const [x, y] = await screenOf(page, c);
    await page.mouse.click(x, y);
  }
  assert.equal(await page.locator('svg .mini.selected-casualty').count(), q.count);
  await clickAndWait(page, '#confirm-casualties');
}

// One decision made with the page's controls only — buttons, drags and clicks on the table,
// never the list of the engine's proposals — as a player who knows the rules would: march
// towards the enemy and attack the nearest target each weapon can reach. Returns the kind of
// the question answered ("move (stayed)" and "attack (held)" when it did neither).
export async function decideByControls(page) {
  const q = await question(page);
  const s = await page.evaluate(() => ({ q: PLAY.s.question, you: PLAY.s.you }));
  switch (q.kind) {
    case 'first': await clickAndWait(page, `#first-${s.you}`); break;
    case 'activate': await clickAndWait(page, '[data-activate]'); break;
    case 'plan': {
      // A suppressed unit's first action must be NOTHING: the engine refuses the others, in
      // words on the page, and the player picks the next plan.
      const want = ['move attack', 'attack move', 'move', 'attack', 'nothing move', 'nothing attack', 'nothing nothing', 'nothing'];
      for (const p of want) {
        if (await page.locator(`[data-plan="${p}"]`).count() && await clickOrRefused(page, `[data-plan="${p}"]`)) return q.kind;
      }
      await clickAndWait(page, '[data-plan]');
      break;
    }
    case 'move': return (await moveByDragging(page, s.q)) ? 'move' : 'move (stayed)';
    case 'attack': return (await attackByClicking(page, s.q)) ? 'attack' : 'attack (held)';
    case 'react': await clickAndWait(page, '#react-none'); break;
    case 'react-with': await clickAndWait(page, '#react-sustained'); break;
    case 'casualties': await removeCasualties(page); break;
    case 'place': {
      await page.waitForFunction(() => PLAY.proposal && PLAY.proposal.kind === 'place' && PLAY.proposal.answered === PLAY.proposal.asked, null, { timeout: 30000 }).catch(() => {});
      if (!(await page.isDisabled('#confirm-place'))) await clickAndWait(page, '#confirm-place');
      else await clickAndWait(page, '#place-none');
      break;
    }
    case 'special': await clickAndWait(page, '#special-none'); break;
    default: throw new Error(`no control for a question of kind ${q.kind}`);
  }
  return q.kind;
}

// The acting unit dragged (the whole squad in formation) part of its allowance towards the
// nearest enemy; a shorter drag if the engine refuses; staying put if it refuses that too.
async function moveByDragging(page, q) {
  if (q.aboard !== null && q.aboard !== undefined) { await clickAndWait(page, '#stay'); return false; }
  const g = await page.evaluate((u) => {
    const me = PLAY.s.table.units[u];
    const foes = PLAY.s.table.units.filter((x, i) => PLAY.s.units[i].side !== PLAY.s.units[u].side && x.miniatures.length);
    const c = me.miniatures[0] && me.miniatures[0].centre;
    let best = null;
    for (const f of foes) for (const m of f.miniatures) { const d = Math.hypot(m.centre[0] - c[0], m.centre[1] - c[1]); if (!best || d < best.d) best = { d, at: m.centre }; }
    return { c, best };
  }, q.unit);
  if (!g.c || !g.best || q.turn_only) { await clickAndWait(page, '#stay'); return false; }
  const [dx, dy] = [(g.best.at[0] - g.c[0]) / g.best.d, (g.best.at[1] - g.c[1]) / g.best.d];
  for (const part of [0.6, 0.3]) {
    const len = Math.min(q.allowance_cm * part, Math.max(0, g.best.d - 12));
    if (len < 1) break;
    await drag(page, g.c, [g.c[0] + dx * len, g.c[1] + dy * len]);
    await answered(page);
    if (!(await page.isDisabled('#confirm-move'))) { await clickAndWait(page, '#confirm-move'); return true; }
    await page.click('#take-back');
  }
  await clickAndWait(page, '#stay');
  return false;
}

// Each weapon line that reaches aimed at the nearest enemy unit by clicking it on the table;
// the attack confirmed when the engine accepts it, else held.
async function attackByClicking(page, q) {
  const plan = await page.evaluate((u) => {
    const c = PLAY.s.table.units[u].miniatures[0].centre;
    const foes = PLAY.s.table.units.map((x, i) => ({ i, m: x.miniatures })).filter((x) => PLAY.s.units[x.i].side !== PLAY.s.units[u].side && x.m.length)
      .map((x) => ({ i: x.i, at: x.m[0].centre, d: Math.hypot(x.m[0].centre[0] - c[0], x.m[0].centre[1] - c[1]) })).sort((a, b) => a.d - b.d);
    return { foes, lines: PLAY.s.units[u].weapons.map((w) => w.line) };
  }, q.unit);
  let aimed = 0;
  for (const line of plan.lines) {
    for (const f of plan.foes.slice(0, 2)) {
      await page.click(`.weapon-lines [data-line="${line}"]`);
      // The target's miniature farthest from the templates already placed (a click on a
      // template picks the template up).
      const at = await page.evaluate((i) => {
        const placed = PLAY.proposal.aims.filter((a) => a.at).map((a) => a.at);
        const gap = (c) => Math.min(1e9, ...placed.map((p) => Math.hypot(p[0] - c[0], p[1] - c[1])));
        return PLAY.s.table.units[i].miniatures.map((m) => m.centre).sort((a, b) => gap(b) - gap(a))[0];
      }, f.i);
      const [x, y] = await screenOf(page, at);
      await page.mouse.click(x, y);
      await answered(page);
      if (!(await page.isDisabled('#confirm-attack'))) { aimed++; break; }
      // Refused (out of range, no line of sight…): this aim taken back.
      const aim = page.locator(`#aims [data-aim="${line}>${f.i}"] button`);
      if (await aim.count()) { await aim.click(); await answered(page); }
    }
  }
  if (aimed) { await clickAndWait(page, '#confirm-attack'); return true; }
  await clickAndWait(page, '#hold-fire');
  return false;
}
