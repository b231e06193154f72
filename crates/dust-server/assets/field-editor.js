// The Battlefield table editor (issue 23): place and move terrain pieces (presets per kind,
// moved, turned and scaled), deployment areas, arrival zones, objectives and units (cards of
// the server), see `battlefield check`'s answer live (POST /api/battlefield/check), and
// download the table file (docs/table-format.md). Loaded after table.js (tel, tapi) and field.js.
//
// The editor keeps the file itself (its keys and values, as GET /api/battlefield/tables/ID
// gives them in `file`) and writes it as TOML. Its drawing is the editor's approximation (bases
// 25 mm, hulls 9 × 6 cm unless the file says, openings cut where they are asked for); the
// check on the server is the exact one and the one that counts.
'use strict';

// Presets: a kind's first shape, [width, depth] in cm (a circle's radius for smoke).
const PRESETS = {
  woods: [30, 20], trees: [15, 15], crops: [25, 15], hedge: [25, 1.5], crates: [8, 3], rubble: [12, 10],
  stream: [40, 4], swamp: [20, 15], gully: [25, 6], hill: [30, 20], building: [20, 15], cliff: [20, 5],
  'deep-water': [20, 15], wall: [25, 1], smoke: [6], trench: [15, 3], 'barbed-wire': [20, 1.5],
  minefield: [20, 10], 'anti-tank-trap': [15, 3], bunker: [12, 10], strongpoint: [12, 12], wreck: [9, 5],
};
// Kinds drawn with a rounded outline (eight corners) rather than a rectangle.
const ROUND_KINDS = new Set(['woods', 'trees', 'hill', 'swamp', 'rubble']);

const r2 = (n) => Math.round(n * 100) / 100;

function rectAt(cx, cy, w, h) { return [[cx - w / 2, cy - h / 2], [cx + w / 2, cy - h / 2], [cx + w / 2, cy + h / 2], [cx - w / 2, cy + h / 2]].map((p) => p.map(r2)); }
function octAt(cx, cy, w, h) {
  const out = [];
  for (let k = 0; k < 8; k++) { const a = (k + 0.5) * Math.PI / 4; out.push([r2(cx + Math.cos(a) * w / 2), r2(cy + Math.sin(a) * h / 2)]); }
  return out;
}

// A new terrain piece of `kind` centred on (cx, cy).
function presetPiece(kind, cx, cy, n) {
  const p = { kind, name: `${kind} ${n}` };
  const s = PRESETS[kind];
  if (kind === 'smoke') { p.circle = [r2(cx), r2(cy), s[0]]; return p; }
  p.polygon = ROUND_KINDS.has(kind) ? octAt(cx, cy, s[0], s[1]) : rectAt(cx, cy, s[0], s[1]);
  if (kind === 'building') { p.doorways = [[r2(cx), r2(cy - s[1] / 2)]]; p.windows = [[r2(cx + s[0] / 2), r2(cy)]]; }
  if (kind === 'bunker') { p.facing = 180; p.doorways = [[r2(cx), r2(cy + s[1] / 2)]]; }
  return p;
}

// ------------------------------------------------------------------ TOML

function tomlValue(v) {
  if (Array.isArray(v)) return '[' + v.map(tomlValue).join(', ') + ']';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(r2(v));
  if (typeof v === 'boolean') return String(v);
  if (v && typeof v === 'object') return '{ ' + Object.entries(v).map(([k, x]) => `${k} = ${tomlValue(x)}`).join(', ') + ' }';
  return JSON.stringify(String(v));
}
const TABLE_ARRAYS = ['terrain', 'deployment', 'arrival', 'objective', 'unit'];

// The file as TOML: the top keys, [templates], then each array of tables in the format's order.
function toToml(f) {
  const lines = ['# A Dust Battlefield table made with the table editor of dust1947 serve.'];
  for (const [k, v] of Object.entries(f)) {
    if (TABLE_ARRAYS.includes(k) || (v && typeof v === 'object' && !Array.isArray(v))) continue;
    lines.push(`${k} = ${tomlValue(v)}`);
  }
  for (const [k, v] of Object.entries(f)) {
    if (TABLE_ARRAYS.includes(k) || !v || typeof v !== 'object' || Array.isArray(v)) continue;
    lines.push('', `[${k}]`);
    for (const [kk, vv] of Object.entries(v)) lines.push(`${kk} = ${tomlValue(vv)}`);
  }
  for (const k of TABLE_ARRAYS) {
    for (const item of f[k] || []) {
      lines.push('', `[[${k}]]`);
      for (const [kk, vv] of Object.entries(item)) if (vv !== undefined && vv !== null) lines.push(`${kk} = ${tomlValue(vv)}`);
    }
  }
  return lines.join('\n') + '\n';
}

// ------------------------------------------------------------------ the drawing

// Walls of a building or bunker outline with its openings cut (the editor's approximation).
function wallsOf(p) {
  if (!p.polygon || !['building', 'bunker'].includes(p.kind)) return [];
  const width = p.opening_width || 6;
  let segs = p.polygon.map((a, i) => ({ a, b: p.polygon[(i + 1) % p.polygon.length], window: false }));
  const cut = (at, win) => {
    let best = -1, bd = Infinity, bt = 0;
    segs.forEach((s, i) => {
      if (s.window) return;
      const dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1], l2 = dx * dx + dy * dy;
      if (!l2) return;
      const t = Math.max(0, Math.min(1, ((at[0] - s.a[0]) * dx + (at[1] - s.a[1]) * dy) / l2));
      const d = Math.hypot(s.a[0] + dx * t - at[0], s.a[1] + dy * t - at[1]);
      if (d < bd) { bd = d; best = i; bt = t; }
    });
    if (best < 0) return;
    const s = segs[best], dx = s.b[0] - s.a[0], dy = s.b[1] - s.a[1], len = Math.hypot(dx, dy), h = width / 2 / len;
    const pt = (t) => [s.a[0] + dx * t, s.a[1] + dy * t];
    const g0 = pt(Math.max(0, bt - h)), g1 = pt(Math.min(1, bt + h));
    const parts = [{ a: s.a, b: g0, window: false }];
    if (win) parts.push({ a: g0, b: g1, window: true });
    parts.push({ a: g1, b: s.b, window: false });
    segs.splice(best, 1, ...parts);
  };
  for (const d of p.doorways || []) cut(d, false);
  for (const w of p.windows || []) cut(w, true);
  return segs;
}

// The table drawing of the file being edited (field.js draws it).
function viewOf(f, cards) {
  const size = Array.isArray(f.size) && f.size.length === 2 ? f.size.map(Number) : [120, 120];
  const t = { name: f.name || 'New table', size, terrain: [], zones: [], objectives: [], units: [] };
  for (const p of f.terrain || []) t.terrain.push({ name: p.name || p.kind, kind: p.kind, polygon: p.polygon, circle: p.circle, facing: p.facing, walls: wallsOf(p) });
  for (const k of ['deployment', 'arrival']) for (const z of f[k] || []) t.zones.push({ kind: k, side: z.side, polygon: z.polygon || [] });
  for (const o of f.objective || []) t.objectives.push({ name: o.name || 'objective', at: o.at || [0, 0], radius_cm: 10 });
  const seen = {};
  for (const u of f.unit || []) {
    const card = cards.find((c) => c.name.toLowerCase() === String(u.name).toLowerCase()) || { kind: 'infantry' };
    seen[u.name] = (seen[u.name] || 0) + 1;
    const name = seen[u.name] > 1 ? `${u.name} #${seen[u.name]}` : u.name;
    const kind = card.kind;
    const hull = u.hull || (kind === 'aircraft' ? [10, 10] : [9, 6]);
    const r = (u.base_mm || (kind === 'support-weapon' ? 50 : 25)) / 20;
    const f0 = (u.facing || 0) * Math.PI / 180, fx = Math.sin(f0), fy = Math.cos(f0);
    const minis = (u.at || []).map((c) => {
      if (kind !== 'vehicle' && kind !== 'aircraft') return { centre: c, radius_cm: r };
      const l = hull[0] / 2, w = hull[1] / 2;
      const corner = (a, b) => [c[0] + fx * a + fy * b, c[1] + fy * a - fx * b];
      return { centre: c, hull: [corner(l, w), corner(l, -w), corner(-l, -w), corner(-l, w)] };
    });
    t.units.push({ name, card: u.name, side: u.side, kind, facing: u.facing || 0, size_cm: kind === 'vehicle' || kind === 'aircraft' ? hull : [r * 2, r * 2], miniatures: minis, move: card.move });
  }
  return t;
}

// ------------------------------------------------------------------ the page

async function editorMain() {
  const main = document.getElementById('app');
  const [tables, cardList] = await Promise.all([tapi('GET', '/api/battlefield/tables'), tapi('GET', '/api/battlefield/cards')]);
  const cards = cardList.cards;
  let f = { name: 'New table', size: [120, 120], source: 'made with the table editor', terrain: [], deployment: [], arrival: [], objective: [], unit: [] };
  let sel = null; // { list: 'terrain' | 'deployment' | 'arrival' | 'objective' | 'unit', i }
  let svg = null, zp = null, drag = null, checkTimer = null, checks = 0;

  const wrap = tel('div', { class: 'boardwrap', id: 'editor-board' });
  const problems = tel('ul', { id: 'problems', 'aria-live': 'polite' });
  const verdict = tel('p', { id: 'verdict', 'data-ok': 'unknown' }, 'Not checked yet.');
  const text = tel('textarea', { id: 'toml', readonly: true, rows: 16, 'aria-label': 'The table file' });
  const props = tel('div', { id: 'props' });
  const nameIn = tel('input', { type: 'text', id: 'table-name', value: f.name, oninput: () => { f.name = nameIn.value; changed(); } });
  const wIn = tel('input', { type: 'number', id: 'table-w', min: 10, max: 1000, value: 120, style: 'width:5em', onchange: () => { f.size = [Number(wIn.value), Number(hIn.value)]; changed(true); } });
  const hIn = tel('input', { type: 'number', id: 'table-d', min: 10, max: 1000, value: 120, style: 'width:5em', onchange: () => { f.size = [Number(wIn.value), Number(hIn.value)]; changed(true); } });

  const centre = () => {
    if (!zp) return [f.size[0] / 2, f.size[1] / 2];
    const v = zp.view;
    return [r2(Math.min(f.size[0] - 5, Math.max(5, v.x + v.w / 2))), r2(Math.min(f.size[1] - 5, Math.max(5, f.size[1] - (v.y + v.h / 2))))];
  };
  const item = () => sel && f[sel.list] && f[sel.list][sel.i];

  // Every point of an item, to move, turn or scale them together.
  const pointsOf = (it, list) => {
    if (list === 'objective') return [it.at];
    if (list === 'unit') return it.at;
    const out = [];
    if (it.polygon) out.push(...it.polygon);
    if (it.circle) out.push(it.circle);
    for (const k of ['doorways', 'windows']) if (it[k]) out.push(...it[k]);
    return out;
  };
  const middle = (pts) => { const c = centroid(pts.map((p) => [p[0], p[1]])); return c; };
  const moveBy = (dx, dy) => {
    const it = item();
    if (!it) return;
    for (const p of pointsOf(it, sel.list)) { p[0] = r2(p[0] + dx); p[1] = r2(p[1] + dy); }
    changed();
  };
  const turn = (deg) => {
    const it = item();
    if (!it) return;
    if (sel.list === 'unit' && it.facing !== undefined) it.facing = ((Math.round(it.facing + deg) % 360) + 360) % 360;
    if (sel.list === 'terrain' && it.facing !== undefined) it.facing = ((Math.round(it.facing + deg) % 360) + 360) % 360;
    const pts = sel.list === 'terrain' && it.circle ? [] : pointsOf(it, sel.list);
    if (pts.length > 1) {
      // Clockwise, as facings turn.
      const [cx, cy] = middle(it.polygon || pts), a = -deg * Math.PI / 180, c = Math.cos(a), s = Math.sin(a);
      for (const p of pts) { const x = p[0] - cx, y = p[1] - cy; p[0] = r2(cx + x * c - y * s); p[1] = r2(cy + x * s + y * c); }
    }
    changed();
  };
  const scale = (k) => {
    const it = item();
    if (!it || sel.list === 'unit' || sel.list === 'objective') return;
    if (it.circle) { it.circle[2] = r2(Math.max(0.5, it.circle[2] * k)); changed(); return; }
    const [cx, cy] = middle(it.polygon);
    for (const p of pointsOf(it, sel.list)) { p[0] = r2(cx + (p[0] - cx) * k); p[1] = r2(cy + (p[1] - cy) * k); }
    changed();
  };
  const remove = () => { if (!item()) return; f[sel.list].splice(sel.i, 1); sel = null; changed(); };

  function renderProps() {
    const it = item();
    if (!it) { props.replaceChildren(tel('p', { class: 'muted small' }, 'Click a piece, zone, objective or unit on the table to select it; drag it to move it.')); return; }
    const kids = [tel('p', { id: 'selected', 'data-list': sel.list, 'data-i': sel.i }, tel('b', {}, 'Selected: '), `${sel.list} ${sel.i + 1}${it.kind ? ` (${it.kind})` : ''}${it.name ? ` “${it.name}”` : ''}`)];
    if (sel.list === 'terrain' || sel.list === 'objective') {
      const n = tel('input', { type: 'text', id: 'sel-name', value: it.name || '', oninput: () => { it.name = n.value; changed(false, true); } });
      kids.push(tel('label', {}, tel('span', {}, 'Name'), n));
    }
    if (sel.list === 'unit' || sel.list === 'deployment' || sel.list === 'arrival') {
      const s = tel('select', { id: 'sel-side', onchange: () => { it.side = s.value; changed(); } }, tel('option', { value: 'a' }, 'A'), tel('option', { value: 'b' }, 'B'));
      s.value = it.side;
      kids.push(tel('label', {}, tel('span', {}, 'Side'), s));
    }
    if (it.facing !== undefined) {
      const fi = tel('input', { type: 'number', id: 'sel-facing', step: 15, value: it.facing, style: 'width:6em', onchange: () => { it.facing = ((Math.round(Number(fi.value)) % 360) + 360) % 360; changed(); } });
      kids.push(tel('label', {}, tel('span', {}, 'Facing (°)'), fi));
    }
    const b = (id, label, fn) => tel('button', { type: 'button', id, onclick: fn }, label);
    kids.push(tel('div', { class: 'editor-tools' }, b('turn-left', 'Turn −15°', () => turn(-15)), b('turn-right', 'Turn +15°', () => turn(15)),
      sel.list !== 'unit' && sel.list !== 'objective' ? [b('shrink', 'Smaller', () => scale(1 / 1.1)), b('grow', 'Larger', () => scale(1.1))] : null,
      b('delete', 'Delete', remove)));
    kids.push(tel('p', { class: 'muted small' }, 'Keys on the focused table: arrows move the selection 1 cm (Shift: 5 cm), [ and ] turn it, Delete removes it, Escape lets it go.'));
    props.replaceChildren(...kids);
  }

  function render(resize) {
    const t = viewOf(f, cards);
    if (!svg || resize) {
      svg = drawField(t, 'The table being edited, seen from above, player A at the bottom');
      zp = zoomPan(svg, t, {
        busy: (e) => !!(e.target.closest && e.target.closest('.editable')),
        keys: (e) => {
          if (!item()) return false;
          const step = e.shiftKey ? 5 : 1;
          const k = e.key;
          if (k === 'ArrowLeft') moveBy(-step, 0);
          else if (k === 'ArrowRight') moveBy(step, 0);
          else if (k === 'ArrowUp') moveBy(0, step);
          else if (k === 'ArrowDown') moveBy(0, -step);
          else if (k === '[') turn(-15);
          else if (k === ']') turn(15);
          else if (k === 'Delete' || k === 'Backspace') remove();
          else if (k === 'Escape') { sel = null; render(); renderProps(); }
          else return false;
          e.preventDefault();
          return true;
        },
      });
      bindDrag();
      wrap.replaceChildren(zoomBar(zp), svg, tel('p', { class: 'muted small' }, 'The drawing is the editor\'s approximation; the check beside it is the server\'s exact one.'));
    } else {
      svg.replaceChildren(...fieldContent(t));
    }
    // What can be selected, and the selection.
    const mark = (el, list, i) => { el.classList.add('editable'); el.dataset.list = list; el.dataset.i = i; if (sel && sel.list === list && sel.i === i) el.classList.add('selected'); };
    svg.querySelectorAll('.terrain').forEach((g) => mark(g, 'terrain', Number(g.dataset.terrain)));
    let nDeploy = (f.deployment || []).length;
    svg.querySelectorAll('.zone').forEach((z) => { const i = Number(z.dataset.zone); if (i < nDeploy) mark(z, 'deployment', i); else mark(z, 'arrival', i - nDeploy); });
    svg.querySelectorAll('.objective').forEach((o) => mark(o, 'objective', Number(o.dataset.objective)));
    svg.querySelectorAll('.unit').forEach((u) => mark(u, 'unit', Number(u.dataset.index)));
  }

  function bindDrag() {
    svg.addEventListener('pointerdown', (e) => {
      const el = e.target.closest && e.target.closest('.editable');
      if (!el) return;
      e.preventDefault();
      svg.focus();
      sel = { list: el.dataset.list, i: Number(el.dataset.i) };
      const [x, y] = zp.toTable(e.clientX, e.clientY);
      drag = { id: e.pointerId, x, y };
      svg.setPointerCapture && svg.setPointerCapture(e.pointerId);
      render();
      renderProps();
    });
    svg.addEventListener('pointermove', (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const [x, y] = zp.toTable(e.clientX, e.clientY);
      const dx = r2(x - drag.x), dy = r2(y - drag.y);
      if (Math.abs(dx) < 0.25 && Math.abs(dy) < 0.25) return;
      drag.x = r2(drag.x + dx); drag.y = r2(drag.y + dy);
      moveBy(dx, dy);
    });
    const up = (e) => { if (drag && e.pointerId === drag.id) drag = null; };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
  }

  async function check() {
    const n = ++checks;
    const toml = toToml(f);
    let a;
    try { a = await tapi('POST', '/api/battlefield/check', { toml }); } catch (e) { if (n === checks) { verdict.textContent = e.message; verdict.dataset.ok = 'error'; } return; }
    if (n !== checks) return;
    verdict.dataset.ok = String(a.ok);
    if (a.ok) {
      const t = a.table;
      verdict.textContent = `The file checks: ${t.terrain.length} terrain pieces, ${t.zones.length} zones, ${t.objectives.length} objectives, ${t.units.length} units.`;
      problems.className = 'ok';
      problems.replaceChildren();
    } else {
      verdict.textContent = `${a.problems.length} problem${a.problems.length > 1 ? 's' : ''} (as \`dust1947 battlefield check\` says them; lines of the file below):`;
      problems.className = '';
      problems.replaceChildren(...a.problems.map((p) => tel('li', {}, `${p.line}:${p.col}: ${p.message}`)));
    }
  }

  // After every change: the drawing, the file, and a check a moment later.
  function changed(resize, quiet) {
    if (!quiet) render(resize);
    text.value = toToml(f);
    verdict.dataset.ok = 'pending';
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 250);
    if (!quiet) renderProps();
  }

  function load(file) {
    f = JSON.parse(JSON.stringify(file));
    for (const k of TABLE_ARRAYS) if (!Array.isArray(f[k])) f[k] = [];
    nameIn.value = f.name || '';
    [wIn.value, hIn.value] = f.size || [120, 120];
    sel = null;
    changed(true);
  }

  const startSel = tel('select', { id: 'start-from' }, tel('option', { value: '' }, 'an empty table'), tables.tables.map((x) => tel('option', { value: x.id }, x.name)));
  const kindSel = tel('select', { id: 'add-kind' }, Object.keys(PRESETS).map((k) => tel('option', { value: k }, k)));
  const cardSel = tel('select', { id: 'add-card' }, cards.map((c) => tel('option', { value: c.name }, `${c.name} (${c.kind}, ${c.miniatures})`)));
  const sideSel = tel('select', { id: 'add-side' }, tel('option', { value: 'a' }, 'A'), tel('option', { value: 'b' }, 'B'));
  const add = (list, it) => { f[list].push(it); sel = { list, i: f[list].length - 1 }; changed(); };
  const addTerrain = () => { const [cx, cy] = centre(); add('terrain', presetPiece(kindSel.value, cx, cy, f.terrain.length + 1)); };
  const addZone = (list) => {
    const side = sideSel.value, [w, d] = f.size, deep = list === 'arrival' ? 4 : 15;
    const y0 = side === 'a' ? 0 : d - deep;
    add(list, { side, polygon: [[0, y0], [w, y0], [w, y0 + deep], [0, y0 + deep]] });
  };
  const addObjective = () => { const [cx, cy] = centre(); add('objective', { name: `Objective ${f.objective.length + 1}`, at: [cx, cy] }); };
  const addUnit = () => {
    const card = cards.find((c) => c.name === cardSel.value);
    const [cx, cy] = centre();
    const side = sideSel.value;
    const n = card.miniatures, gap = card.kind === 'support-weapon' ? 6 : card.kind === 'vehicle' || card.kind === 'aircraft' ? 12 : 3;
    const at = Array.from({ length: n }, (_, k) => [r2(cx + (k - (n - 1) / 2) * gap), r2(cy)]);
    const u = { name: card.name, side, at };
    if (card.needs_facing) u.facing = side === 'a' ? 0 : 180;
    add('unit', u);
  };
  // A game on the table as it stands in the editor (the server checks the file again).
  const startOnIt = async (seats) => {
    const err = document.getElementById('start-error');
    err.textContent = '';
    try { await fieldNewGame({ toml: toToml(f), seats }); } catch (e) { err.textContent = e.message; }
  };
  const download = () => {
    const blob = new Blob([toToml(f)], { type: 'application/toml' });
    const a = tel('a', { href: URL.createObjectURL(blob), download: `${(f.name || 'table').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'table'}.toml` });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  };

  main.replaceChildren(
    tel('h1', {}, 'Battlefield table editor'),
    tel('p', { class: 'muted small' }, 'Make a table file (docs/table-format.md): place terrain from presets, deployment areas, objectives and units, and see what ', tel('code', {}, 'dust1947 battlefield check'), ' says as you go. Nothing is stored on the server: download the file.'),
    tel('section', { class: 'panel editor-tools' },
      tel('label', {}, tel('span', {}, 'Start from'), startSel), tel('button', { type: 'button', id: 'start', onclick: async () => {
        if (!startSel.value) { load({ name: 'New table', size: [120, 120], source: 'made with the table editor' }); return; }
        const r = await tapi('GET', `/api/battlefield/tables/${encodeURIComponent(startSel.value)}`);
        load(r.file);
      } }, 'Start'),
      tel('label', {}, tel('span', {}, 'Name'), nameIn), tel('label', {}, tel('span', {}, 'Size (cm)'), wIn, ' × ', hIn)),
    tel('section', { class: 'panel editor-tools' },
      tel('label', {}, tel('span', {}, 'Terrain'), kindSel), tel('button', { type: 'button', id: 'add-terrain', onclick: addTerrain }, 'Add terrain'),
      tel('label', {}, tel('span', {}, 'Side'), sideSel),
      tel('button', { type: 'button', id: 'add-deployment', onclick: () => addZone('deployment') }, 'Add deployment area'),
      tel('button', { type: 'button', id: 'add-arrival', onclick: () => addZone('arrival') }, 'Add arrival zone'),
      tel('button', { type: 'button', id: 'add-objective', onclick: addObjective }, 'Add objective'),
      tel('label', {}, tel('span', {}, 'Card'), cardSel), tel('button', { type: 'button', id: 'add-unit', onclick: addUnit }, 'Add unit')),
    tel('div', { class: 'fieldgame' }, wrap,
      tel('div', {},
        tel('section', { class: 'panel' }, tel('h2', {}, 'Selection'), props),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Check'), verdict, problems),
        tel('section', { class: 'panel' }, tel('h2', {}, 'The file'), text, tel('p', {}, tel('button', { type: 'button', class: 'primary', id: 'download', onclick: download }, 'Download the table file'), ' ',
          tel('button', { type: 'button', id: 'start-game-ai', onclick: () => startOnIt(['human', 'greedy']) }, 'Start a game on it against the AI'), ' ',
          tel('button', { type: 'button', id: 'start-game-friend', onclick: () => startOnIt(['human', 'human']) }, 'Start a game on it with a friend')),
          tel('section', { id: 'new-game-links', hidden: true }), tel('p', { id: 'start-error', class: 'err' })))));
  changed(true);
}

if (document.body && document.body.dataset.page === 'editor') {
  editorMain().catch((e) => document.getElementById('app').replaceChildren(tel('p', { class: 'err' }, e.message)));
}
