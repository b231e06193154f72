// Dust 1947 in the browser: the wargame table (issue 20, "A wargame table"). The board drawn
// as a Dust Tactics board in SVG — terrain, structures with walls, cover elements, objectives,
// unit tokens with our own silhouettes —, its legend, zoom and pan (buttons, pointer drag,
// pinch), a keyboard cursor (arrow keys, Enter) with named squares and units, animated moves
// and shots, and dice that roll. Motion is skipped when the browser asks for reduced motion.
// Loaded before app.js, which calls drawBoard(), boardTools(), boardLegend() and rollDice().
'use strict';

const S = 44;
const SVGNS_B = 'http://www.w3.org/2000/svg';
function sqName(c, r) { return String.fromCharCode(65 + c) + (r + 1); }
function sqParse(s) { return { c: s.charCodeAt(0) - 65, r: parseInt(s.slice(1), 10) - 1 }; }
function bsvg(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS_B, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const k of kids.flat()) if (k) e.append(k);
  return e;
}

// What the table remembers between two drawings of the same board (keyed by `opts.key`):
// the zoom (a viewBox), the keyboard cursor, whether the board had the focus, where each unit
// was drawn (to animate its move), and the shots to show once.
const TABLE = { views: {}, cursor: {}, focus: {}, pos: {}, shots: [] };
const reducedMotion = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

// Words for the terrain of a space (the legend and the squares' names).
const TERRAIN_WORDS = {
  open: 'open ground', water: 'deep water (no entry for most units)', rubble: 'rubble (soft cover)', trees: 'trees',
  swamp: 'swamp', smoke: 'smoke', nodot: 'no dot: blocks movement and line of sight',
};
const COVER_WORDS = { none: 'in the open', soft: 'soft cover', hard: 'hard cover', blocked: 'no line of sight' };

// The patterns of the terrain: each reads at a glance and apart from the others without its
// colour (waves, reeds, trees, stones, hatching).
function terrainDefs() {
  const p = (id, bg, ...kids) => bsvg('pattern', { id, width: S, height: S, patternUnits: 'userSpaceOnUse' }, bsvg('rect', { width: S, height: S, fill: bg }), ...kids);
  const wave = (y) => bsvg('path', { d: `M2 ${y}q5.5 -5 11 0t11 0t11 0t11 0`, fill: 'none', stroke: '#e8f3fb', 'stroke-width': 2 });
  const reed = (x, y) => bsvg('path', { d: `M${x} ${y}l0 -9M${x - 3} ${y}l-2 -7M${x + 3} ${y}l2 -7`, stroke: '#3f6b3a', 'stroke-width': 1.5, fill: 'none' });
  const tree = (x, y, r) => bsvg('g', {}, bsvg('circle', { cx: x, cy: y, r, fill: '#2f6b2a', stroke: '#1d4419', 'stroke-width': 1 }), bsvg('circle', { cx: x - r / 3, cy: y - r / 3, r: r / 3, fill: '#4f8f45' }));
  const stone = (x, y, s) => bsvg('path', { d: `M${x} ${y}l${s} -${s / 2}l${s / 2} ${s}l-${s} ${s / 2}z`, fill: '#7b6548', stroke: '#4d3e2b', 'stroke-width': 1 });
  return bsvg('defs', {},
    p('t-open', '#e6dcbc', bsvg('circle', { cx: S / 2, cy: S / 2, r: 2.2, fill: '#9c927a' })),
    p('t-water', '#4f8cc9', wave(12), wave(24), wave(36)),
    p('t-swamp', '#8fae8a', bsvg('rect', { x: 6, y: 24, width: 32, height: 10, rx: 5, fill: '#5f8fa8', opacity: 0.7 }), reed(10, 22), reed(30, 20), reed(22, 40)),
    p('t-trees', '#9cc27e', tree(13, 14, 8), tree(31, 18, 9), tree(20, 33, 8)),
    p('t-rubble', '#c9b48e', stone(8, 12, 8), stone(26, 8, 7), stone(14, 28, 9), stone(30, 30, 7)),
    p('t-smoke', '#c9c9c9', bsvg('circle', { cx: 15, cy: 16, r: 9, fill: '#eee', opacity: 0.8 }), bsvg('circle', { cx: 28, cy: 26, r: 11, fill: '#f4f4f4', opacity: 0.8 })),
    p('t-nodot', '#4a463d', bsvg('path', { d: 'M0 11l11 -11M0 33l33 -33M11 44l33 -33M33 44l11 -11', stroke: '#6e685a', 'stroke-width': 3 })),
    p('t-floor', '#d8ccb0', bsvg('path', { d: 'M0 11h44M0 22h44M0 33h44', stroke: '#bfae8a', 'stroke-width': 1 })));
}

// A unit's silhouette, drawn by us in white over its side's disc: soldiers for a squad, one
// figure with a star for a hero, legs for a walker, tracks and a turret for a tank, wheels for
// a wheeled vehicle, a plane for an aircraft; a vehicle whose card does not say how it moves
// is a hull with a gun.
function silhouette(u) {
  const w = { fill: '#fff', stroke: '#111', 'stroke-width': 0.8 };
  const soldier = (x, s) => bsvg('g', { transform: `translate(${x} 0) scale(${s})` },
    bsvg('circle', Object.assign({ cx: 0, cy: -7, r: 3 }, w)), bsvg('path', Object.assign({ d: 'M-4 -3h8l1 9h-3l-1 6h-2l-1 -6h-3z' }, w)));
  if (u.kind === 'squad') return bsvg('g', { class: 'sil', 'data-shape': 'infantry' }, soldier(-7, 0.9), soldier(7, 0.9), soldier(0, 1.05));
  if (u.kind === 'hero') return bsvg('g', { class: 'sil', 'data-shape': 'hero' }, soldier(0, 1.35), bsvg('path', { d: 'M9 -12l1.5 3 3.3.4-2.4 2.3.6 3.3-3-1.6-3 1.6.6-3.3-2.4-2.3 3.3-.4z', fill: '#ffd400', stroke: '#111', 'stroke-width': 0.6 }));
  if (u.kind === 'aircraft') return bsvg('g', { class: 'sil', 'data-shape': 'aircraft' }, bsvg('path', Object.assign({ d: 'M0 -13L3 -4L14 1L14 5L3 3L2 9L6 12L-6 12L-2 9L-3 3L-14 5L-14 1L-3 -4Z' }, w)));
  if (u.locomotion === 'walker') return bsvg('g', { class: 'sil', 'data-shape': 'walker' },
    bsvg('rect', Object.assign({ x: -8, y: -11, width: 16, height: 10, rx: 2 }, w)), bsvg('path', { d: 'M-5 -1l-5 12M5 -1l5 12M-5 -1l2 12M5 -1l-2 12', stroke: '#fff', 'stroke-width': 2.4, 'stroke-linecap': 'round' }),
    bsvg('path', { d: 'M8 -7h7', stroke: '#fff', 'stroke-width': 2.5 }));
  if (u.locomotion === 'tracked') return bsvg('g', { class: 'sil', 'data-shape': 'tank' },
    bsvg('rect', Object.assign({ x: -13, y: -3, width: 26, height: 11, rx: 5 }, w)), bsvg('path', { d: 'M-9 3h18', stroke: '#111', 'stroke-width': 1, 'stroke-dasharray': '2 2' }),
    bsvg('rect', Object.assign({ x: -6, y: -10, width: 12, height: 8, rx: 2 }, w)), bsvg('path', { d: 'M6 -6h10', stroke: '#fff', 'stroke-width': 2.5 }));
  if (u.locomotion === 'wheeled') return bsvg('g', { class: 'sil', 'data-shape': 'wheeled' },
    bsvg('rect', Object.assign({ x: -13, y: -8, width: 26, height: 11, rx: 3 }, w)),
    [-8, 0, 8].map((x) => bsvg('circle', Object.assign({ cx: x, cy: 6, r: 3.5 }, w))));
  return bsvg('g', { class: 'sil', 'data-shape': 'vehicle' },
    bsvg('rect', Object.assign({ x: -12, y: -6, width: 24, height: 14, rx: 3 }, w)), bsvg('path', { d: 'M2 -2h13', stroke: '#fff', 'stroke-width': 3 }));
}

const FACING_DEG = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

// The words that name a unit for a screen reader and in its tooltip.
function unitWords(u) {
  const alive = (u.models || []).filter(Boolean).length;
  const minis = u.kind === 'squad' && u.models ? `, ${alive} of ${u.models.length} miniatures` : '';
  const shape = u.kind === 'vehicle' && u.locomotion ? ` (${u.locomotion === 'tracked' ? 'tank' : u.locomotion})` : '';
  return `${u.name} (u${u.id}) side ${u.side}, ${u.kind}${shape}${minis}, health ${u.health} of ${u.max_health}` +
    (u.at ? ` at ${u.at}` : '') + (u.facing ? `, facing ${u.facing}` : '') + (u.activated ? ', activated this round' : '');
}

// One unit's token at (cx, cy): base in its side's colour, silhouette, miniatures left (pips)
// for a squad, health badge, facing arrow (battlefront), faded once activated.
function unitToken(u, cx, cy, opts, ghost) {
  const col = u.side === 'A' ? 'var(--a)' : 'var(--b)';
  const g = bsvg('g', {
    class: 'unit' + (u.activated ? ' done' : '') + (opts.selected === u.id ? ' selected' : '') + (ghost ? ' ghost' : ''),
    'data-unit': ghost ? null : u.id, 'data-ghost': ghost ? u.id : null, 'data-kind': u.kind,
    role: ghost ? null : 'button', tabindex: ghost ? null : '-1',
    'aria-label': ghost ? null : unitWords(u),
    style: `transform: translate(${cx}px, ${cy}px)`,
  });
  const body = u.kind === 'hero'
    ? bsvg('path', { class: 'body', d: 'M0 -18L17 0L0 18L-17 0Z', fill: col, stroke: '#111', 'stroke-width': 1.5 })
    : u.kind === 'vehicle' || u.kind === 'aircraft'
      ? bsvg('rect', { class: 'body', x: -18, y: -17, width: 36, height: 34, rx: 7, fill: col, stroke: '#111', 'stroke-width': 1.5 })
      : bsvg('circle', { class: 'body', r: 18, fill: col, stroke: '#111', 'stroke-width': 1.5 });
  g.append(body, silhouette(u));
  if (u.facing && FACING_DEG[u.facing] !== undefined) {
    g.append(bsvg('path', { class: 'facing', 'data-facing': u.facing, d: 'M0 -25l5 7h-10z', fill: '#111', transform: `rotate(${FACING_DEG[u.facing]})` }));
  }
  if (u.kind === 'squad' && u.models && u.models.length > 1) {
    const n = u.models.length, step = Math.min(6, 34 / n);
    u.models.forEach((alive, k) => g.append(bsvg('circle', { class: 'pip' + (alive ? ' alive' : ''), cx: (k - (n - 1) / 2) * step, cy: -21, r: 2.3 })));
  }
  g.append(bsvg('circle', { class: 'badge', cx: 13, cy: 13, r: 7.5 }), bsvg('text', { class: 'health', x: 13, y: 13.5 }, document.createTextNode(String(u.health))));
  g.append(bsvg('title', {}, document.createTextNode(unitWords(u))));
  return g;
}

// Draws the board of `st` into a new SVG. `opts`: key (what the zoom and cursor are kept
// under), marks (square -> {cls, stroke, cover}), onSquare, onUnit, selected unit id, los
// lines [{from, to, level}], ghost {unit, path: [squares]} (the declared move).
function drawBoard(st, opts) {
  opts = opts || {};
  const key = opts.key || location.pathname;
  const b = st.board;
  const W = b.width, H = b.height, M = 14;
  const full = { x: 0, y: 0, w: W * S + M * 2, h: H * S + M * 2 };
  const view = TABLE.views[key] && TABLE.views[key].full.w === full.w && TABLE.views[key].full.h === full.h ? TABLE.views[key] : (TABLE.views[key] = { full, x: 0, y: 0, w: full.w, h: full.h });
  const x = (c) => M + c * S, y = (r) => M + (H - 1 - r) * S;
  const center = (s) => { const p = sqParse(s); return [x(p.c) + S / 2, y(p.r) + S / 2]; };
  const root = bsvg('svg', { class: 'board', viewBox: `${view.x} ${view.y} ${view.w} ${view.h}`, id: 'board', 'data-zoom': (full.w / view.w).toFixed(2) });
  root.append(bsvg('title', {}, document.createTextNode(`The board, ${W} columns (A to ${String.fromCharCode(64 + W)}) by ${H} rows; arrow keys move the cursor, n goes to the next unit, Enter chooses`)));
  root.append(terrainDefs());
  const gSq = bsvg('g', { role: 'group', 'aria-label': 'Board squares' }), gHl = bsvg('g'), gWall = bsvg('g'), gUnits = bsvg('g', { role: 'group', 'aria-label': 'Units' }), gTop = bsvg('g');
  const unitsAt = {};
  for (const u of st.units) if (!u.destroyed) for (const q of (u.squares && u.squares.length ? u.squares : u.at ? [u.at] : [])) (unitsAt[q] = unitsAt[q] || []).push(u);
  if (!TABLE.cursor[key] || sqParse(TABLE.cursor[key]).c >= W || sqParse(TABLE.cursor[key]).r >= H) TABLE.cursor[key] = sqName(0, 0);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const i = r * W + c, q = b.squares[i], name = sqName(c, r);
      const inside = q.structure !== null && q.structure !== undefined;
      const sname = inside ? (b.structures[q.structure] || {}).name || 'structure' : null;
      const mark = opts.marks && opts.marks[name];
      const here = (unitsAt[name] || []).map((u) => `${u.name} (side ${u.side})`).join(', ');
      const label = `${name}: ${TERRAIN_WORDS[q.t] || q.t}` + (inside ? `, inside ${sname}` : '') + (q.cover ? `, ${q.cover}` : '') +
        (here ? `; ${here}` : '') + (mark && mark.words ? `; ${mark.words}` : '');
      const rect = bsvg('rect', {
        class: `sq t-${q.t}`, x: x(c), y: y(r), width: S, height: S, 'data-sq': name, fill: `url(#t-${inside && q.t === 'open' ? 'floor' : q.t})`,
        role: 'button', tabindex: name === TABLE.cursor[key] ? '0' : '-1', 'aria-label': label,
      });
      rect.addEventListener('click', () => { TABLE.cursor[key] = name; if (opts.onSquare) opts.onSquare(name); });
      gSq.append(rect);
      if (inside) gSq.append(bsvg('rect', { class: 'inside', x: x(c), y: y(r), width: S, height: S, 'data-structure': sname, 'data-inside': name }, bsvg('title', {}, document.createTextNode(`${name}: inside ${sname}`))));
      if (q.cover === 'ammo crate') gSq.append(bsvg('g', { class: 'cover', 'data-cover-el': 'ammo crate', transform: `translate(${x(c) + 3} ${y(r) + S - 17})` },
        bsvg('rect', { width: 15, height: 12, fill: '#8b5a2b', stroke: '#3b2410', 'stroke-width': 1.2 }), bsvg('path', { d: 'M0 0l15 12M15 0l-15 12', stroke: '#3b2410', 'stroke-width': 1 })));
      if (q.cover === 'anti-tank trap') gSq.append(bsvg('g', { class: 'cover', 'data-cover-el': 'anti-tank trap', transform: `translate(${x(c) + 11} ${y(r) + S - 11})` },
        bsvg('path', { d: 'M-8 6L8 -6M-8 -6L8 6M0 -9L0 9', stroke: '#222', 'stroke-width': 3, 'stroke-linecap': 'round' })));
      if (c === 0) gTop.append(bsvg('text', { class: 'coord', x: 2, y: y(r) + S / 2 + 3 }, document.createTextNode(String(r + 1))));
      if (r === 0) gTop.append(bsvg('text', { class: 'coord', x: x(c) + S / 2 - 3, y: H * S + M * 2 - 3 }, document.createTextNode(String.fromCharCode(65 + c))));
      if (mark) {
        const hl = bsvg('rect', { class: mark.cls, x: x(c) + 2, y: y(r) + 2, width: S - 4, height: S - 4, rx: 4, 'data-hl': name, stroke: mark.stroke, 'data-cover': mark.cover || null });
        if (mark.cls.startsWith('hl-move')) hl.addEventListener('click', () => opts.onSquare && opts.onSquare(name));
        gHl.append(hl);
        if (mark.cover === 'hard') gHl.append(bsvg('rect', { class: mark.cls + ' inner', x: x(c) + 8, y: y(r) + 8, width: S - 16, height: S - 16, rx: 3 }));
        // Cover is told by a word and a ring pattern, not by colour alone.
        if (mark.cover) {
          const tag = { none: 'open', soft: 'soft', hard: 'HARD', blocked: 'no LOS' }[mark.cover];
          gTop.append(bsvg('g', { class: 'cover-tag', 'data-cover-tag': name },
            bsvg('rect', { x: x(c) + 2, y: y(r) + S - 13, width: S - 4, height: 11, rx: 2, fill: '#fff', opacity: 0.9 }),
            bsvg('text', { x: x(c) + S / 2, y: y(r) + S - 4.5, 'text-anchor': 'middle' }, document.createTextNode(tag))));
        }
      }
    }
  }
  for (const w of b.walls) {
    const a = sqParse(w.a), o = sqParse(w.b);
    let x1, y1, x2, y2;
    if (a.r === o.r) { x1 = x2 = x(Math.max(a.c, o.c)); y1 = y(a.r); y2 = y1 + S; } else { y1 = y2 = y(Math.min(a.r, o.r)); x1 = x(a.c); x2 = x1 + S; }
    // A wall is a thick line; an entrance an opening in it: a small entrance leaves the
    // wall's ends, a large one is open across the whole edge (its posts only).
    const edge = { 'data-edge': `${w.a}|${w.b}`, 'data-kind': w.kind };
    const title = bsvg('title', {}, document.createTextNode(w.kind === 'wall' ? `wall between ${w.a} and ${w.b}` : `${w.kind} entrance between ${w.a} and ${w.b}`));
    if (w.kind === 'wall') gWall.append(bsvg('line', Object.assign({ class: 'wall', x1, y1, x2, y2 }, edge), title));
    else {
      const g = bsvg('g', Object.assign({ class: 'entrance ' + w.kind }, edge), title);
      const h = a.r === o.r, k = w.kind === 'small' ? S / 4 : 3;
      g.append(bsvg('line', { class: 'door-open', x1, y1, x2, y2 }));
      g.append(bsvg('line', { class: 'wall', x1, y1, x2: h ? x1 : x1 + k, y2: h ? y1 + k : y1 }));
      g.append(bsvg('line', { class: 'wall', x1: h ? x2 : x2 - k, y1: h ? y2 - k : y2, x2, y2 }));
      gWall.append(g);
    }
  }
  for (const o of b.objectives || []) {
    const [cx, cy] = center(o.at);
    gTop.append(bsvg('path', { class: 'objective', d: `M${cx + 14} ${cy - 18}l3 6 6 1-5 4 1 6-5-3-5 3 1-6-5-4 6-1z` }, bsvg('title', {}, document.createTextNode(`objective ${o.name || ''} at ${o.at}${o.terms ? ': ' + o.terms : ''}`))));
  }
  for (const l of opts.los || []) {
    const [x1, y1] = center(l.from), [x2, y2] = center(l.to);
    const col = l.level === 'blocked' ? null : l.level === 'hard' ? 'var(--hard)' : l.level === 'soft' ? 'var(--soft)' : '#d00';
    gTop.append(bsvg('line', { class: 'los' + (col ? '' : ' blocked') + ' los-' + l.level, x1, y1, x2, y2, stroke: col || '#777' }));
  }
  // The declared move: its path and a ghost of the unit where it will attack from.
  if (opts.ghost && opts.ghost.path && opts.ghost.path.length > 1) {
    const pts = opts.ghost.path.map(center);
    gTop.append(bsvg('polyline', { class: 'path', id: 'move-path', 'data-path': opts.ghost.path.join(' '), points: pts.map((p) => p.join(',')).join(' ') }));
    const gu = st.units[opts.ghost.unit];
    if (gu) { const [gx, gy] = pts[pts.length - 1]; gTop.append(unitToken(gu, gx, gy, opts, true)); }
  }
  // Large and huge models (battlefront): a body over all their squares.
  for (const u of st.units) {
    if (u.destroyed || !u.squares || u.squares.length < 2) continue;
    const ps = u.squares.map(sqParse);
    const c0 = Math.min(...ps.map((p) => p.c)), c1 = Math.max(...ps.map((p) => p.c));
    const r0 = Math.min(...ps.map((p) => p.r)), r1 = Math.max(...ps.map((p) => p.r));
    const col = u.side === 'A' ? 'var(--a)' : 'var(--b)';
    const fp = bsvg('rect', { class: 'footprint', 'data-footprint': u.id, 'data-squares': u.squares.join(' '), x: x(c0) + 3, y: y(r1) + 3, width: (c1 - c0 + 1) * S - 6, height: (r1 - r0 + 1) * S - 6, rx: 6, fill: col, 'fill-opacity': 0.35, stroke: col, 'stroke-width': 2 },
      bsvg('title', {}, document.createTextNode(`${u.name} (u${u.id}): ${u.squares.join(', ')}`)));
    fp.addEventListener('click', (e) => { e.stopPropagation(); if (opts.onUnit) opts.onUnit(u.id, u.at); });
    gUnits.append(fp);
  }
  // Units: several in one space are spread out; a unit that moved since the last drawing
  // slides there.
  const bySq = {};
  for (const u of st.units) if (u.at && !u.destroyed) (bySq[u.at] = bySq[u.at] || []).push(u);
  const was = TABLE.pos[key] || {}, now = {};
  const motion = !reducedMotion() && !opts.still;
  for (const [s, us] of Object.entries(bySq)) {
    const [cx, cy] = center(s);
    us.forEach((u, k) => {
      const dx = us.length > 1 ? (k - (us.length - 1) / 2) * 16 : 0;
      const g = unitToken(u, cx + dx, cy, opts, false);
      g.addEventListener('click', (e) => { e.stopPropagation(); if (opts.onUnit) opts.onUnit(u.id, s); });
      g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); if (opts.onUnit) opts.onUnit(u.id, s); } });
      gUnits.append(g);
      now[u.id] = [cx + dx, cy];
      const old = was[u.id];
      if (motion && old && (old[0] !== cx + dx || old[1] !== cy) && g.animate) {
        g.animate([{ transform: `translate(${old[0]}px, ${old[1]}px)` }, { transform: `translate(${cx + dx}px, ${cy}px)` }], { duration: 450, easing: 'ease-out' });
        g.classList.add('moving');
      }
    });
  }
  TABLE.pos[key] = now;
  // Shots fired since the last drawing: a tracer from the attacker to its target.
  const shots = TABLE.shots.splice(0);
  for (const sh of shots) {
    const a = now[sh.unit], t = now[sh.target] || was[sh.target];
    if (!a || !t) continue;
    const line = bsvg('line', { class: 'tracer', 'data-shot': `${sh.unit}>${sh.target}`, x1: a[0], y1: a[1], x2: t[0], y2: t[1] });
    gTop.append(line);
    if (motion && line.animate) line.animate([{ strokeDashoffset: 60, opacity: 1 }, { strokeDashoffset: 0, opacity: 0 }], { duration: 900, easing: 'ease-in', fill: 'forwards' });
    else line.setAttribute('opacity', '0.6');
  }
  // The keyboard cursor.
  const cur = TABLE.cursor[key];
  if (cur) { const p = sqParse(cur); gTop.append(bsvg('rect', { class: 'kb-cursor', x: x(p.c) + 1, y: y(p.r) + 1, width: S - 2, height: S - 2, rx: 3 })); }
  root.append(gSq, gWall, gHl, gUnits, gTop);
  boardKeys(root, key, W, H, opts, unitsAt);
  boardPointer(root, key, view);
  if (TABLE.focus[key]) requestAnimationFrame(() => { const r = root.querySelector(`[data-sq="${TABLE.cursor[key]}"]`); if (r && root.isConnected) r.focus({ preventScroll: true }); });
  return root;
}

// The arrow keys move the cursor over the squares (the focus follows: a screen reader reads
// the square's name, terrain and units); Enter or Space on a square chooses it (a unit there,
// a move there); n goes to the next unit; + and - zoom.
function boardKeys(root, key, W, H, opts, unitsAt) {
  root.addEventListener('focusin', () => { TABLE.focus[key] = true; });
  root.addEventListener('focusout', (e) => { if (!root.contains(e.relatedTarget)) TABLE.focus[key] = false; });
  root.addEventListener('keydown', (e) => {
    const t = e.target;
    const name = t && t.getAttribute && t.getAttribute('data-sq');
    if (e.key === '+' || e.key === '=') { e.preventDefault(); zoomBy(key, 1.4); redrawBoard(root, key); return; }
    if (e.key === '-') { e.preventDefault(); zoomBy(key, 1 / 1.4); redrawBoard(root, key); return; }
    if (!name) return;
    if (e.key === 'n') {
      // The next square with a unit on it, in reading order from the cursor.
      e.preventDefault();
      const order = [];
      for (let r = H - 1; r >= 0; r--) for (let c = 0; c < W; c++) order.push(sqName(c, r));
      const k = order.indexOf(name);
      const next = [...order.slice(k + 1), ...order.slice(0, k + 1)].find((q) => (unitsAt[q] || []).length);
      if (next) moveCursor(root, key, name, next);
      return;
    }
    const p = sqParse(name);
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (d) {
      e.preventDefault();
      const c = Math.max(0, Math.min(W - 1, p.c + d[0])), r = Math.max(0, Math.min(H - 1, p.r + d[1]));
      moveCursor(root, key, name, sqName(c, r));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const us = (unitsAt[name] || []).filter((u) => !u.destroyed);
      if (us.length && opts.onUnit) opts.onUnit(us[0].id, name);
      else if (opts.onSquare) opts.onSquare(name);
    }
  });
}

// The cursor from square `from` to square `to`: the focus follows (a screen reader reads the
// square), the board scrolls to keep it in view.
function moveCursor(root, key, from, to) {
  TABLE.cursor[key] = to;
  const old = root.querySelector(`[data-sq="${from}"]`), nr = root.querySelector(`[data-sq="${to}"]`);
  if (old) old.setAttribute('tabindex', '-1');
  if (nr) { nr.setAttribute('tabindex', '0'); nr.focus(); }
  const cur = root.querySelector('.kb-cursor');
  if (cur && nr) { cur.setAttribute('x', Number(nr.getAttribute('x')) + 1); cur.setAttribute('y', Number(nr.getAttribute('y')) + 1); }
  keepInView(root, key, nr);
}

// Zoom: the view (a viewBox) scaled about its centre, or about a point.
function zoomBy(key, f, px, py) {
  const v = TABLE.views[key];
  if (!v) return;
  const nw = Math.max(v.full.w / 8, Math.min(v.full.w, v.w / f)), nh = nw * (v.full.h / v.full.w);
  const cx = px === undefined ? v.x + v.w / 2 : px, cy = py === undefined ? v.y + v.h / 2 : py;
  const rx = (cx - v.x) / v.w, ry = (cy - v.y) / v.h;
  v.x = cx - rx * nw; v.y = cy - ry * nh; v.w = nw; v.h = nh;
  clampView(v);
}
function clampView(v) {
  v.x = Math.max(0, Math.min(v.full.w - v.w, v.x));
  v.y = Math.max(0, Math.min(v.full.h - v.h, v.y));
}
function redrawBoard(root, key) {
  const v = TABLE.views[key];
  root.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  root.setAttribute('data-zoom', (v.full.w / v.w).toFixed(2));
  root.style.touchAction = v.w < v.full.w ? 'none' : 'pan-y';
}
function keepInView(root, key, rect) {
  const v = TABLE.views[key];
  if (!v || !rect) return;
  const rx = Number(rect.getAttribute('x')), ry = Number(rect.getAttribute('y'));
  if (rx < v.x) v.x = rx - 4; else if (rx + S > v.x + v.w) v.x = rx + S - v.w + 4;
  if (ry < v.y) v.y = ry - 4; else if (ry + S > v.y + v.h) v.y = ry + S - v.h + 4;
  clampView(v);
  redrawBoard(root, key);
}

// Pointer: a drag pans a zoomed board, two fingers pinch to zoom, and a tap on a unit whose
// token is smaller than 40 px on screen zooms in about the tap (the token stays under the
// finger), so every token is at least 40 px once tapped.
function boardPointer(root, key, view) {
  const pts = new Map();
  let start = null, panned = false;
  const toUser = (cx, cy) => { const r = root.getBoundingClientRect(); return [view.x + (cx - r.left) / r.width * view.w, view.y + (cy - r.top) / r.height * view.h]; };
  root.style.touchAction = view.w < view.full.w ? 'none' : 'pan-y';
  root.addEventListener('pointerdown', (e) => {
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    if (pts.size === 1) { start = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y }; panned = false; }
    if (pts.size === 2) { const [a, b] = [...pts.values()]; start = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), w: view.w }; panned = true; }
  });
  root.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    const r = root.getBoundingClientRect();
    if (pts.size === 2 && start.d) {
      const [a, b] = [...pts.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const [mx, my] = toUser((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      zoomBy(key, (start.w / view.w) * (d / start.d), mx, my);
      redrawBoard(root, key);
    } else if (pts.size === 1 && start.vx !== undefined && view.w < view.full.w) {
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (Math.hypot(dx, dy) > 8) panned = true;
      if (panned) { view.x = start.vx - dx / r.width * view.w; view.y = start.vy - dy / r.height * view.h; clampView(view); redrawBoard(root, key); }
    }
  });
  const up = (e) => { pts.delete(e.pointerId); if (!pts.size) start = null; };
  root.addEventListener('pointerup', (e) => {
    if (e.pointerType === 'touch' && !panned && pts.size === 1) {
      const tok = e.target.closest && e.target.closest('[data-unit]');
      if (tok) {
        const px = tok.getBoundingClientRect().width;
        if (px < 40) { const [ux, uy] = toUser(e.clientX, e.clientY); zoomBy(key, Math.min(44 / px, 8), ux, uy); redrawBoard(root, key); }
      }
    }
    up(e);
  });
  root.addEventListener('pointercancel', up);
  // A drag that panned is not a tap: its click does not choose anything.
  root.addEventListener('click', (e) => { if (panned) { e.stopPropagation(); e.preventDefault(); panned = false; } }, true);
}

// The zoom buttons of a board (`key` as given to drawBoard): zoom in, out, fit.
function boardTools(key, redraw) {
  const b = (label, text, f, id) => {
    const e = document.createElement('button');
    e.type = 'button'; e.className = 'zoom'; e.id = id; e.textContent = text; e.setAttribute('aria-label', label);
    e.addEventListener('click', () => { f(); const svgEl = document.getElementById('board'); if (svgEl) redrawBoard(svgEl, key); if (redraw) redraw(); });
    return e;
  };
  const bar = document.createElement('div');
  bar.className = 'boardtools';
  bar.append(b('Zoom in', '+', () => zoomBy(key, 1.5), 'zoom-in'), b('Zoom out', '−', () => zoomBy(key, 1 / 1.5), 'zoom-out'),
    b('Fit the board', 'Fit', () => { const v = TABLE.views[key]; if (v) { v.x = 0; v.y = 0; v.w = v.full.w; v.h = v.full.h; } }, 'zoom-fit'));
  const hint = document.createElement('span');
  hint.className = 'muted small';
  hint.textContent = ' Drag to pan, pinch to zoom; arrow keys move the cursor.';
  bar.append(hint);
  return bar;
}

// The legend: the terrain on this board, the tokens, and what the highlights mean.
function boardLegend(st) {
  const present = new Set(st.board.squares.map((q) => q.t));
  const covers = new Set(st.board.squares.map((q) => q.cover).filter(Boolean));
  const sw = (fill, extra) => { const s = bsvg('svg', { width: 22, height: 22, viewBox: `0 0 ${S} ${S}`, 'aria-hidden': 'true', class: 'swatch' }, terrainDefs(), bsvg('rect', { width: S, height: S, fill, stroke: '#888' }), extra); return s; };
  const item = (swatch, text, k) => { const li = document.createElement('li'); li.dataset.legend = k; li.append(swatch, ' ', text); return li; };
  const ul = document.createElement('ul');
  ul.className = 'legend';
  for (const t of ['open', 'water', 'swamp', 'trees', 'rubble', 'smoke', 'nodot']) if (present.has(t)) ul.append(item(sw(`url(#t-${t})`), TERRAIN_WORDS[t], 't-' + t));
  if (st.board.structures && st.board.structures.length) ul.append(item(sw('url(#t-floor)', bsvg('path', { d: 'M4 4V40H40', stroke: '#222', 'stroke-width': 6, fill: 'none' })), 'structure: floor, walls (thick) and entrances (gaps)', 'structure'));
  if (covers.has('ammo crate')) ul.append(item(sw('#e6dcbc', bsvg('rect', { x: 12, y: 14, width: 20, height: 16, fill: '#8b5a2b', stroke: '#3b2410' })), 'ammo crate (soft cover)', 'ammo'));
  if (covers.has('anti-tank trap')) ul.append(item(sw('#e6dcbc', bsvg('path', { d: 'M10 32L34 12M10 12L34 32', stroke: '#222', 'stroke-width': 4 })), 'anti-tank trap (hard cover)', 'trap'));
  const tok = (u, text, k) => { const s = bsvg('svg', { width: 26, height: 26, viewBox: '-22 -26 44 50', 'aria-hidden': 'true', class: 'swatch' }, unitToken(Object.assign({ side: 'A', health: 1, max_health: 1, name: text, id: -1 }, u), 0, 0, {}, true)); return item(s, text, k); };
  ul.append(tok({ kind: 'squad' }, 'squad (dots: miniatures left)', 'squad'), tok({ kind: 'hero' }, 'hero', 'hero'),
    tok({ kind: 'vehicle', locomotion: 'walker' }, 'walker', 'walker'), tok({ kind: 'vehicle', locomotion: 'tracked' }, 'tank', 'tank'),
    tok({ kind: 'vehicle' }, 'vehicle (its card does not say walker or tank)', 'vehicle'), tok({ kind: 'aircraft' }, 'aircraft', 'aircraft'));
  const hl = (cls, tag, text, k) => item(bsvg('svg', { width: 22, height: 22, viewBox: `0 0 ${S} ${S}`, 'aria-hidden': 'true', class: 'swatch' },
    bsvg('rect', { width: S, height: S, fill: '#e6dcbc' }), bsvg('rect', { class: cls, x: 3, y: 3, width: S - 6, height: S - 6, rx: 4 }),
    tag ? bsvg('text', { x: S / 2, y: S - 6, 'text-anchor': 'middle', 'font-size': 11 }, document.createTextNode(tag)) : null), text, k);
  ul.append(hl('hl-move', '', 'green: where the unit may move', 'hl-move'),
    hl('hl-target cv-none', 'open', 'target in the open (red, solid ring, "open")', 'cv-none'),
    hl('hl-target cv-soft', 'soft', 'target in soft cover (yellow, dashed ring, "soft")', 'cv-soft'),
    hl('hl-target cv-hard', 'HARD', 'target in hard cover (purple, double ring, "HARD")', 'cv-hard'),
    hl('hl-target cv-blocked', 'no LOS', 'no line of sight (grey, dotted, "no LOS")', 'cv-blocked'));
  const d = document.createElement('details');
  d.className = 'legendbox';
  d.id = 'legend';
  d.open = window.innerWidth > 900;
  const s = document.createElement('summary');
  s.textContent = 'Legend';
  d.append(s, ul);
  return d;
}

// Dice that roll: each die tumbles for a moment, then shows its face (a filled skull-dot for a
// hit, an empty face for a miss); still when reduced motion is asked for.
function rollDice(box, d, rule) {
  const faces = [];
  const n = Math.min(d.dice, 60);
  for (let i = 0; i < n; i++) {
    const hit = i < d.successes;
    const e = document.createElement('span');
    e.className = 'die' + (hit ? ' hit' : '') + (reducedMotion() ? '' : ' rolling');
    e.setAttribute('aria-hidden', 'true');
    e.style.animationDelay = (i % 8) * 40 + 'ms';
    faces.push(e);
  }
  const head = document.createElement('span');
  head.textContent = `${d.purpose}: ${d.successes}/${d.dice} ${d.dice === 1 ? 'die succeeds' : 'dice succeed'} `;
  const r = document.createElement('span');
  r.className = 'muted small';
  r.textContent = ' ' + (rule || '');
  box.replaceChildren(head, ...faces, r);
}

// Events since the last drawing, for the board to animate: shots.
function tableEvents(events) {
  for (const e of events) if (e.unit !== undefined && e.target !== undefined) TABLE.shots.push({ unit: e.unit, target: e.target });
}
