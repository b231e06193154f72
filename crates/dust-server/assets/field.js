// Dust Battlefield's measured table in the browser (issue 23): the table drawn from above in
// SVG, to scale (one unit of the drawing is one centimetre, player A at the bottom), from the
// server's one JSON writer (dust_data::table_json); zoom and pan with the mouse, touch and the
// keyboard; and the table page, where a click on two units shows the `measure` and `los`
// oracles' answers and a dragged miniature shows `path`'s (read-only: nothing is saved).
// The editor (field-editor.js) draws with the same functions.
'use strict';

const FNS = 'http://www.w3.org/2000/svg';
function fsvg(tag, attrs, ...kids) {
  const e = document.createElementNS(FNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
// Elements and API calls: tel() and tapi() of table.js (loaded first).

const SIDE_COLOUR = { a: '#1f6fd1', b: '#c9302c' };
const SIDE_NAME = { a: 'A', b: 'B' };

// Each terrain kind's look: fill, stroke, and a pattern laid over the fill (ids in fieldDefs).
const FIELD_LOOK = {
  woods: ['#3d7a3a', '#1d4a1d', 'p-trees'], trees: ['#4f8a45', '#1d4a1d', 'p-trees'],
  crops: ['#d8c86a', '#a89838', 'p-rows'], hedge: ['#3f7a32', '#244d1c', 'p-leaves'],
  crates: ['#a0784a', '#5b3f22', 'p-crates'], rubble: ['#9a9184', '#5e564b', 'p-rubble'],
  stream: ['#6fa0e0', '#2c5ea8', 'p-waves'], 'deep-water': ['#3b74c4', '#1c4a8a', 'p-waves'],
  swamp: ['#7c9464', '#4a5e3c', 'p-tufts'], gully: ['#b59a6e', '#7e6a48', 'p-rubble'],
  hill: ['#cdbd8d', '#8f7f55', 'p-contour'], building: ['#d9d3c7', '#3a3632', null],
  cliff: ['#6b5e50', '#3b3129', 'p-rubble'], wall: ['#555555', '#222222', null],
  smoke: ['#e4e4e4', '#9a9a9a', null], trench: ['#7a5c3c', '#3e2a16', 'p-hatch'],
  'barbed-wire': ['#ffffff00', '#444444', 'p-wire'], minefield: ['#eadfae', '#b03030', 'p-mines'],
  'anti-tank-trap': ['#a2a2a2', '#333333', 'p-teeth'], bunker: ['#8c8c7c', '#2e2e26', 'p-concrete'],
  strongpoint: ['#9a9a88', '#2e2e26', 'p-concrete'], wreck: ['#4a4038', '#1e1a16', null],
};

// Patterns in table centimetres.
function fieldDefs() {
  const pat = (id, w, h, ...kids) => fsvg('pattern', { id, width: w, height: h, patternUnits: 'userSpaceOnUse' }, kids);
  return fsvg('defs', {},
    pat('p-trees', 4, 4, fsvg('circle', { cx: 1, cy: 1, r: 0.8, fill: '#1d4a1d', opacity: 0.6 }), fsvg('circle', { cx: 3, cy: 3, r: 0.9, fill: '#1d4a1d', opacity: 0.5 })),
    pat('p-rows', 2, 2, fsvg('line', { x1: 0, y1: 0.5, x2: 2, y2: 0.5, stroke: '#a89838', 'stroke-width': 0.3 })),
    pat('p-leaves', 1.5, 1.5, fsvg('circle', { cx: 0.75, cy: 0.75, r: 0.5, fill: '#244d1c', opacity: 0.6 })),
    pat('p-crates', 3, 3, fsvg('rect', { x: 0.3, y: 0.3, width: 2.4, height: 2.4, fill: 'none', stroke: '#5b3f22', 'stroke-width': 0.2 }), fsvg('line', { x1: 0.3, y1: 0.3, x2: 2.7, y2: 2.7, stroke: '#5b3f22', 'stroke-width': 0.15 })),
    pat('p-rubble', 3, 3, fsvg('circle', { cx: 0.6, cy: 0.8, r: 0.35, fill: '#5e564b' }), fsvg('circle', { cx: 2.1, cy: 2.2, r: 0.5, fill: '#6e665b' }), fsvg('circle', { cx: 2.4, cy: 0.6, r: 0.25, fill: '#5e564b' })),
    pat('p-waves', 4, 2, fsvg('path', { d: 'M0 1 Q1 0 2 1 T4 1', fill: 'none', stroke: '#ffffff', 'stroke-width': 0.2, opacity: 0.7 })),
    pat('p-tufts', 3, 3, fsvg('path', { d: 'M1 2 l0.3 -1 M1.5 2 l0 -1.1 M2 2 l-0.3 -1', stroke: '#2f3e24', 'stroke-width': 0.15 })),
    pat('p-contour', 5, 5, fsvg('circle', { cx: 2.5, cy: 2.5, r: 1.8, fill: 'none', stroke: '#8f7f55', 'stroke-width': 0.15 })),
    pat('p-hatch', 1.5, 1.5, fsvg('line', { x1: 0, y1: 1.5, x2: 1.5, y2: 0, stroke: '#3e2a16', 'stroke-width': 0.25 })),
    pat('p-wire', 2, 2, fsvg('path', { d: 'M0.3 0.3 L1.7 1.7 M1.7 0.3 L0.3 1.7', stroke: '#333', 'stroke-width': 0.15 })),
    pat('p-mines', 4, 4, fsvg('circle', { cx: 1, cy: 1, r: 0.45, fill: '#b03030' }), fsvg('circle', { cx: 3, cy: 3, r: 0.45, fill: '#b03030' })),
    pat('p-teeth', 3, 3, fsvg('path', { d: 'M0.5 2.5 L1.5 0.5 L2.5 2.5 Z', fill: '#333' })),
    pat('p-concrete', 2, 2, fsvg('circle', { cx: 0.5, cy: 0.5, r: 0.15, fill: '#55554a' }), fsvg('circle', { cx: 1.5, cy: 1.3, r: 0.12, fill: '#55554a' })),
  );
}

// A drawing point of a table point: y turned so that player A's edge is at the bottom.
function fpt(t, p) { return [p[0], t.size[1] - p[1]]; }
function fpts(t, v) { return v.map((p) => fpt(t, p).map((n) => +n.toFixed(3)).join(',')).join(' '); }

// The unit's facing as a unit vector in the drawing (display only: the rules never use it).
function facingVec(deg) { const r = deg * Math.PI / 180; return [Math.sin(r), -Math.cos(r)]; }

// One terrain piece. `i`: its index.
function terrainEl(t, p, i) {
  const [fill, stroke, pattern] = FIELD_LOOK[p.kind] || ['#ccc', '#333', null];
  const g = fsvg('g', { class: `terrain kind-${p.kind}`, 'data-terrain': i, 'data-kind': p.kind, 'data-name': p.name });
  g.append(fsvg('title', {}, `${p.name} (${p.kind})`));
  const shape = (paint, extra) => p.circle
    ? fsvg('circle', Object.assign({ cx: p.circle[0], cy: t.size[1] - p.circle[1], r: p.circle[2] }, paint, extra))
    : fsvg('polygon', Object.assign({ points: fpts(t, p.polygon) }, paint, extra));
  const smoke = p.kind === 'smoke';
  g.append(shape({ fill, stroke: p.walls && p.walls.length ? 'none' : stroke, 'stroke-width': 0.3, 'fill-opacity': smoke ? 0.55 : p.kind === 'barbed-wire' ? 0 : 0.85 }, { class: 'ground' }));
  if (pattern) g.append(shape({ fill: `url(#${pattern})`, stroke: 'none' }, { class: 'pattern' }));
  if (p.walls && p.walls.length) {
    // The outline, thin and dashed, under the walls: the gaps that show through are doorways.
    g.append(shape({ fill: 'none', stroke: '#8a7a5a', 'stroke-width': 0.25, 'stroke-dasharray': '0.6 0.4' }, { class: 'doorway-line' }));
    for (const w of p.walls) {
      const [x1, y1] = fpt(t, w.a), [x2, y2] = fpt(t, w.b);
      g.append(fsvg('line', { class: w.window ? 'window' : 'wall', x1, y1, x2, y2, stroke: w.window ? '#7fb3e6' : '#2a2622', 'stroke-width': w.window ? 0.6 : 0.9, 'stroke-linecap': 'square' }));
    }
  }
  if (p.kind === 'bunker' && p.facing !== null && p.facing !== undefined) {
    // The firing slit: an arrow from the centre towards the facing.
    const c = centroid(p.polygon.map((q) => fpt(t, q)));
    const [dx, dy] = facingVec(p.facing);
    g.append(fsvg('line', { class: 'slit', x1: c[0], y1: c[1], x2: c[0] + dx * 6, y2: c[1] + dy * 6, stroke: '#111', 'stroke-width': 0.5, 'marker-end': 'url(#arrow)' }));
  }
  const c = p.circle ? [p.circle[0], t.size[1] - p.circle[1]] : centroid(p.polygon.map((q) => fpt(t, q)));
  g.append(fsvg('text', { class: 'terrain-name', x: c[0].toFixed(2), y: c[1].toFixed(2), 'text-anchor': 'middle', style: 'font-size:2px' }, p.name));
  return g;
}

function centroid(v) {
  let x = 0, y = 0;
  for (const p of v) { x += p[0]; y += p[1]; }
  return [x / v.length, y / v.length];
}

// One unit: its miniatures on their bases or hulls, its facing and its name.
function unitEl(t, u, i) {
  const colour = SIDE_COLOUR[u.side] || '#555';
  const g = fsvg('g', { class: `unit side-${u.side} kind-${u.kind}`, 'data-unit': u.name, 'data-index': i, 'data-side': u.side });
  u.miniatures.forEach((m, k) => {
    const [cx, cy] = fpt(t, m.centre);
    const title = fsvg('title', {}, `${u.name} m${k} (side ${SIDE_NAME[u.side]})`);
    if (m.hull) {
      const hull = fsvg('polygon', { class: `mini hull${u.kind === 'aircraft' ? ' aircraft' : ''}`, 'data-mini': k, points: fpts(t, m.hull), fill: colour, 'fill-opacity': u.kind === 'aircraft' ? 0.55 : 0.9, stroke: '#000', 'stroke-width': 0.2, 'stroke-dasharray': u.kind === 'aircraft' ? '0.8 0.4' : null }, title);
      g.append(hull);
      const [dx, dy] = facingVec(u.facing);
      const half = u.size_cm[0] / 2;
      g.append(fsvg('line', { class: 'facing', x1: cx, y1: cy, x2: cx + dx * half, y2: cy + dy * half, stroke: '#fff', 'stroke-width': 0.5, 'pointer-events': 'none' }));
      if (u.kind === 'aircraft') {
        // Wings across the facing.
        const w = u.size_cm[1] / 2;
        g.append(fsvg('line', { class: 'wings', x1: cx - dy * w, y1: cy + dx * w, x2: cx + dy * w, y2: cy - dx * w, stroke: '#fff', 'stroke-width': 0.4, 'pointer-events': 'none' }));
      }
    } else {
      g.append(fsvg('circle', { class: 'mini base', 'data-mini': k, cx, cy, r: m.radius_cm, fill: colour, stroke: '#000', 'stroke-width': 0.15 }, title));
      if (u.kind === 'support-weapon') {
        const [dx, dy] = facingVec(u.facing);
        g.append(fsvg('line', { class: 'facing', x1: cx, y1: cy, x2: cx + dx * m.radius_cm, y2: cy + dy * m.radius_cm, stroke: '#fff', 'stroke-width': 0.4, 'pointer-events': 'none' }));
      }
    }
  });
  const first = u.miniatures[0];
  if (first) {
    const [x, y] = fpt(t, first.centre);
    g.append(fsvg('text', { class: 'unit-name', x: x.toFixed(2), y: (y - (first.radius_cm || u.size_cm[0] / 2) - 1).toFixed(2), style: 'font-size:2.4px', fill: colour, 'pointer-events': 'none' }, u.name));
  }
  return g;
}

// The whole table as an SVG element. `t`: the server's table JSON (dust_data::table_json).
function drawField(t, label) {
  const [w, d] = t.size;
  const svg = fsvg('svg', { class: 'field', id: 'field', viewBox: `-2 -2 ${w + 4} ${d + 4}`, tabindex: 0, role: 'img', 'aria-label': label || `${t.name}: a table of ${w} by ${d} cm seen from above, player A at the bottom`, 'data-zoom': '1.00', preserveAspectRatio: 'xMidYMid meet' });
  svg.append(...fieldContent(t));
  return svg;
}

// What drawField puts in the SVG: definitions, cloth and grid, zones, terrain, objectives,
// units and an empty overlay (#overlay) for answers drawn over the table.
function fieldContent(t) {
  const [w, d] = t.size;
  const defs = fieldDefs();
  defs.append(fsvg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, fsvg('path', { d: 'M0 0 L10 5 L0 10 z', fill: '#111' })));
  const out = [defs];
  out.push(fsvg('rect', { class: 'cloth', x: 0, y: 0, width: w, height: d, fill: '#e9e4d0', stroke: '#333', 'stroke-width': 0.3 }));
  // A 10 cm grid: one range band a square.
  const grid = fsvg('g', { class: 'grid', stroke: '#cfc8b0', 'stroke-width': 0.1, 'pointer-events': 'none' });
  for (let x = 10; x < w; x += 10) grid.append(fsvg('line', { x1: x, y1: 0, x2: x, y2: d }));
  for (let y = 10; y < d; y += 10) grid.append(fsvg('line', { x1: 0, y1: d - y, x2: w, y2: d - y }));
  out.push(grid);
  const zones = fsvg('g', { class: 'zones' });
  t.zones.forEach((z, i) => {
    const c = SIDE_COLOUR[z.side];
    zones.append(fsvg('polygon', { class: `zone ${z.kind} side-${z.side}`, 'data-zone': i, points: fpts(t, z.polygon), fill: c, 'fill-opacity': 0.08, stroke: c, 'stroke-width': 0.3, 'stroke-dasharray': z.kind === 'arrival' ? '2 1' : null }, fsvg('title', {}, `${z.kind === 'arrival' ? 'arrival zone' : 'deployment area'} of side ${SIDE_NAME[z.side]}`)));
  });
  out.push(zones);
  const terrain = fsvg('g', { class: 'terrains' });
  t.terrain.forEach((p, i) => terrain.append(terrainEl(t, p, i)));
  out.push(terrain);
  const obj = fsvg('g', { class: 'objectives' });
  t.objectives.forEach((o, i) => {
    const [x, y] = fpt(t, o.at);
    obj.append(fsvg('g', { class: 'objective', 'data-objective': i, 'data-name': o.name },
      fsvg('title', {}, `objective ${o.name}: held within ${o.radius_cm} cm`),
      fsvg('circle', { class: 'objective-ring', cx: x, cy: y, r: o.radius_cm, fill: '#d4a01710', stroke: '#b8860b', 'stroke-width': 0.3, 'stroke-dasharray': '1 1' }),
      fsvg('circle', { class: 'objective-mark', cx: x, cy: y, r: 1.5, fill: '#d4a017', stroke: '#000', 'stroke-width': 0.2 }),
      fsvg('text', { x, y: y - 2.2, 'text-anchor': 'middle', style: 'font-size:2.2px' }, o.name)));
  });
  out.push(obj);
  const units = fsvg('g', { class: 'units' });
  t.units.forEach((u, i) => units.append(unitEl(t, u, i)));
  out.push(units);
  out.push(fsvg('g', { class: 'overlay', id: 'overlay' }));
  return out;
}

// Zoom and pan of a drawn table: the wheel and pinch zoom about the pointer, a drag on the
// cloth pans, and on the focused drawing the arrow keys pan, + and - zoom, 0 fits. Returns
// { zoom(f), pan(dx, dy), fit(), toTable(clientX, clientY) }. `opts.draggable(e)`: true when a
// pointer-down belongs to something else (a miniature being dragged).
function zoomPan(svg, t, opts = {}) {
  const full = { x: -2, y: -2, w: t.size[0] + 4, h: t.size[1] + 4 };
  const v = Object.assign({}, full);
  const apply = () => {
    svg.setAttribute('viewBox', `${v.x.toFixed(2)} ${v.y.toFixed(2)} ${v.w.toFixed(2)} ${v.h.toFixed(2)}`);
    svg.setAttribute('data-zoom', (full.w / v.w).toFixed(2));
    svg.style.touchAction = v.w < full.w - 0.01 ? 'none' : 'pan-y';
  };
  const clamp = () => {
    v.w = Math.min(full.w, Math.max(full.w / 12, v.w));
    v.h = v.w * full.h / full.w;
    v.x = Math.min(full.x + full.w - v.w, Math.max(full.x, v.x));
    v.y = Math.min(full.y + full.h - v.h, Math.max(full.y, v.y));
  };
  const toUser = (cx, cy) => {
    const m = svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const zoom = (f, ux, uy) => {
    if (ux === undefined) { ux = v.x + v.w / 2; uy = v.y + v.h / 2; }
    const nw = v.w / f;
    const k = nw / v.w;
    v.x = ux - (ux - v.x) * k; v.y = uy - (uy - v.y) * k; v.w = nw;
    clamp(); apply();
  };
  const pan = (dx, dy) => { v.x += dx * v.w; v.y += dy * v.h; clamp(); apply(); };
  const fit = () => { Object.assign(v, full); apply(); };
  svg.addEventListener('wheel', (e) => {
    e.preventDefault();
    const [ux, uy] = toUser(e.clientX, e.clientY);
    zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, ux, uy);
  }, { passive: false });
  const pts = new Map();
  let start = null;
  svg.addEventListener('pointerdown', (e) => {
    if (opts.busy && opts.busy(e)) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    svg.setPointerCapture && svg.setPointerCapture(e.pointerId);
    start = { v: Object.assign({}, v), pts: new Map(pts) };
  });
  svg.addEventListener('pointermove', (e) => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, [e.clientX, e.clientY]);
    const rect = svg.getBoundingClientRect();
    const scale = start.v.w / Math.max(1, rect.width);
    if (pts.size === 1) {
      const [sx, sy] = start.pts.get(e.pointerId) || [e.clientX, e.clientY];
      v.x = start.v.x - (e.clientX - sx) * scale; v.y = start.v.y - (e.clientY - sy) * scale;
      v.w = start.v.w; v.h = start.v.h;
      clamp(); apply();
    } else if (pts.size === 2) {
      const [a, b] = [...pts.values()], [a0, b0] = [...start.pts.values()];
      if (!a0 || !b0) return;
      const dist = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
      const f = dist(a, b) / Math.max(1, dist(a0, b0));
      const [ux, uy] = toUser((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      Object.assign(v, start.v);
      zoom(f, ux, uy);
    }
  });
  const up = (e) => { pts.delete(e.pointerId); start = pts.size ? { v: Object.assign({}, v), pts: new Map(pts) } : null; };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  svg.addEventListener('keydown', (e) => {
    if (opts.keys && opts.keys(e)) return;
    const k = e.key;
    if (k === '+' || k === '=') zoom(1.4);
    else if (k === '-' || k === '_') zoom(1 / 1.4);
    else if (k === '0') fit();
    else if (k === 'ArrowLeft') pan(-0.1, 0);
    else if (k === 'ArrowRight') pan(0.1, 0);
    else if (k === 'ArrowUp') pan(0, -0.1);
    else if (k === 'ArrowDown') pan(0, 0.1);
    else return;
    e.preventDefault();
  });
  apply();
  const toTable = (cx, cy) => { const [x, y] = toUser(cx, cy); return [x, t.size[1] - y]; };
  return { zoom, pan, fit, toUser, toTable, view: v };
}

// The zoom buttons of a drawing.
function zoomBar(zp) {
  const b = (label, text, f, id) => tel('button', { type: 'button', class: 'zoom', id, 'aria-label': label, onclick: f }, text);
  return tel('div', { class: 'zoombar' }, b('Zoom in', '+', () => zp.zoom(1.5), 'zoom-in'), b('Zoom out', '−', () => zp.zoom(1 / 1.5), 'zoom-out'),
    b('Fit the table', 'Fit', () => zp.fit(), 'zoom-fit'),
    tel('span', { class: 'muted small' }, ' Wheel or pinch to zoom, drag the cloth to pan; on the focused table: arrow keys pan, + and − zoom, 0 fits.'));
}

// The legend of terrain kinds present on a table.
function fieldLegend(t) {
  const kinds = [...new Set(t.terrain.map((p) => p.kind))];
  const sw = (kind) => {
    const [fill, stroke, pattern] = FIELD_LOOK[kind] || ['#ccc', '#333', null];
    return fsvg('svg', { width: 22, height: 22, viewBox: '0 0 6 6', 'aria-hidden': 'true', class: 'swatch' }, fieldDefs(),
      fsvg('rect', { width: 6, height: 6, fill, stroke, 'stroke-width': 0.4 }), pattern ? fsvg('rect', { width: 6, height: 6, fill: `url(#${pattern})` }) : null);
  };
  return tel('ul', { class: 'legend small', id: 'legend' }, kinds.map((k) => tel('li', { 'data-legend': k }, sw(k), ' ', k)),
    tel('li', { 'data-legend': 'side-a' }, tel('span', { class: 'sideA' }, '●'), ' side A'), tel('li', { 'data-legend': 'side-b' }, tel('span', { class: 'sideB' }, '●'), ' side B'),
    tel('li', { 'data-legend': 'objective' }, tel('span', { style: 'color:#8a6408' }, '◎'), ' objective, 10 cm ring'));
}

// ---------------------------------------------------------------- the pages

// `/battlefield`: the shipped tables.
async function fieldIndex(main) {
  const r = await tapi('GET', '/api/battlefield/tables');
  main.replaceChildren(tel('h1', {}, 'Dust Battlefield tables'),
    tel('p', {}, 'Measured tables of Dust Battlefield, drawn to scale. Open one to measure between units, see lines of sight and cover, and try moves — read-only: nothing is saved. Or ',
      tel('a', { href: '/battlefield/editor' }, 'make a table in the editor'), '.'),
    tel('ul', { id: 'tables', class: 'tables' }, r.tables.map((x) => tel('li', { 'data-id': x.id },
      tel('a', { href: `/battlefield/tables/${encodeURIComponent(x.id)}` }, x.name), ` — ${x.size[0]} × ${x.size[1]} cm, ${x.terrain} terrain pieces, ${x.units} units. `,
      tel('span', { class: 'muted small' }, x.description || ''), ' ',
      tel('button', { type: 'button', class: 'play-ai', 'data-table': x.id, onclick: () => fieldNewGame({ table: x.id, seats: ['human', document.getElementById('ai-kind').value] }) }, 'Play against the AI'), ' ',
      tel('button', { type: 'button', class: 'play-friend', 'data-table': x.id, onclick: () => fieldNewGame({ table: x.id, seats: ['human', 'human'] }) }, 'Play with a friend')))),
    tel('p', {}, tel('label', {}, 'The AI: ', tel('select', { id: 'ai-kind' }, ['greedy', 'mcts:300ms', 'random'].map((k) => tel('option', { value: k }, k)))), ' ',
      tel('label', {}, 'Turns: ', tel('input', { type: 'number', id: 'turns', min: 1, max: 12, value: 6, style: 'width:4em' }))),
    tel('section', { class: 'panel', id: 'new-game-links', hidden: true }));
}

// Starts a Battlefield game (`spec`: the table or the editor's file, and the seats) and opens
// the first person's page; the friend's link is shown first when there is one.
async function fieldNewGame(spec) {
  const turns = document.getElementById('turns');
  if (turns && !spec.turns) spec.turns = Number(turns.value) || 6;
  const g = await tapi('POST', '/api/battlefield/games', spec);
  if (g.links.b) {
    const box = document.getElementById('new-game-links') || document.getElementById('app');
    box.hidden = false;
    box.replaceChildren(tel('h2', {}, 'Your game'), tel('p', {}, 'Send this link to your friend (side B): ', tel('a', { id: 'friend-link', href: g.links.b }, location.origin + g.links.b)),
      tel('p', {}, tel('a', { id: 'my-link', href: g.links.a }, 'Open your side (A)')), tel('p', { class: 'small' }, 'Spectators: ', tel('a', { href: g.links.spectator }, location.origin + g.links.spectator)));
    return g;
  }
  location.href = g.you;
  return g;
}

function sightText(s) {
  const m = s.measure, l = s.los;
  return `${m.units[0]} to ${m.units[1]}: ${m.distance_cm.toFixed(2)} cm, range ${m.range}${m.close ? ' (close combat: within 5 cm)' : ''}; line of sight ${l.los ? 'yes' : 'no'}, cover ${l.cover ? 'yes' : 'no'}.`;
}

// `/battlefield/tables/ID`: the table, the measure and line-of-sight answers between two units
// picked on it, and the path answer for a dragged miniature.
async function fieldPage(main, id) {
  let r;
  try {
    r = await tapi('GET', `/api/battlefield/tables/${encodeURIComponent(id)}`);
  } catch (e) {
    document.title = 'Dust 1947 — table not found';
    main.replaceChildren(tel('section', { class: 'panel notfound', id: 'not-found' }, tel('h1', {}, 'Table not found'), tel('p', { id: 'not-found-what' }, e.message),
      tel('p', {}, tel('a', { href: '/battlefield' }, 'The tables of this server'))));
    return;
  }
  const t = r.table;
  document.title = `Dust 1947 — ${t.name}`;
  const svg = drawField(t);
  const overlay = svg.querySelector('#overlay');
  const picked = [];
  let drag = null, asking = 0;
  const unitBy = (name) => t.units.find((u) => u.name === name);
  const result = tel('section', { class: 'panel', id: 'answer', 'aria-live': 'polite' }, tel('h2', {}, 'What the table says'),
    tel('p', { class: 'muted', id: 'answer-text' }, 'Pick two units (click a miniature, or use the list) to measure between them and see the lines of sight. Drag a miniature to try a move.'));
  const moveIn = tel('input', { type: 'number', id: 'move', min: 0, max: 30, value: (t.units[0] && t.units[0].move) || 0, style: 'width:5em' });
  const marchIn = tel('input', { type: 'checkbox', id: 'march' });
  const status = tel('p', { class: 'small', id: 'picked' }, 'Nothing picked.');
  const zp = zoomPan(svg, t, {
    busy: (e) => !!e.target.closest && !!e.target.closest('.mini'),
  });

  const setPicked = () => {
    for (const g of svg.querySelectorAll('.unit')) g.classList.toggle('picked', picked.includes(g.dataset.unit));
    for (const b of main.querySelectorAll('#unit-list button')) b.setAttribute('aria-pressed', String(picked.includes(b.dataset.unit)));
    status.textContent = picked.length ? `Picked: ${picked.join(' → ')}` : 'Nothing picked.';
    const u = picked.length ? unitBy(picked[picked.length - 1]) : null;
    if (u && u.move !== null && u.move !== undefined) moveIn.value = u.move;
  };
  const clearOverlay = () => overlay.replaceChildren();

  async function showSight() {
    clearOverlay();
    const [a, b] = picked;
    const text = result.querySelector('#answer-text');
    let s;
    try {
      s = await tapi('GET', `/api/battlefield/tables/${encodeURIComponent(id)}/sight?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
    } catch (e) { text.textContent = e.message; return; }
    for (const l of s.lines) {
      const [x1, y1] = fpt(t, l.from), [x2, y2] = fpt(t, l.to);
      // Green: seen in the open; amber, long dashes: seen but in cover; red, short dashes: no line.
      const pair = s.los.miniatures.find((p) => p.attacker === l.attacker && p.target === l.target);
      const cover = l.clear && pair && pair.cover;
      const look = !l.clear ? ['sight blocked', '#d01010', '1 0.6'] : cover ? ['sight clear cover', '#c07000', '2 0.6'] : ['sight clear', '#109010', null];
      const words = !l.clear ? `m${l.attacker} to m${l.target}: ${l.why}` : `m${l.attacker} sees m${l.target}${cover ? ', in cover' : ', in the open'}`;
      overlay.append(fsvg('line', { class: look[0], x1, y1, x2, y2, stroke: look[1], 'stroke-width': 0.25, 'stroke-dasharray': look[2], 'data-pair': `${l.attacker}-${l.target}` }, fsvg('title', {}, words)));
    }
    // The nearest pair's gap.
    const ua = unitBy(a), ub = unitBy(b);
    const [i, j] = s.measure.nearest;
    const [x1, y1] = fpt(t, ua.miniatures[i].centre), [x2, y2] = fpt(t, ub.miniatures[j].centre);
    overlay.append(fsvg('line', { class: 'measure-line', x1, y1, x2, y2, stroke: '#6a1b9a', 'stroke-width': 0.35 }));
    overlay.append(fsvg('text', { class: 'measure-label', x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 1, style: 'font-size:2.4px', 'text-anchor': 'middle', fill: '#6a1b9a' }, `${s.measure.distance_cm.toFixed(1)} cm · R${s.measure.range}`));
    const rows = s.los.miniatures.map((p) => tel('tr', {}, tel('td', {}, `m${p.attacker}`), tel('td', {}, `m${p.target}`), tel('td', {}, p.los ? 'sees' : 'blocked'), tel('td', {}, p.los ? (p.cover ? 'in cover' : 'open') : '—')));
    result.replaceChildren(tel('h2', {}, 'What the table says'),
      tel('p', { id: 'answer-text', 'data-measure': JSON.stringify(s.measure), 'data-los': JSON.stringify(s.los) }, sightText(s)),
      tel('p', { class: 'small', id: 'los-reason' }, s.los.reason),
      tel('table', { class: 'small', id: 'pairs' }, tel('caption', { class: 'muted' }, `Each miniature of ${a} to each of ${b}`),
        tel('thead', {}, tel('tr', {}, tel('th', { scope: 'col' }, 'attacker'), tel('th', { scope: 'col' }, 'target'), tel('th', { scope: 'col' }, 'line of sight'), tel('th', { scope: 'col' }, 'cover'))), tel('tbody', {}, rows)),
      tel('p', { class: 'muted small' }, 'Green: a clear line (the first found), the target miniature in the open; amber, long dashes: seen, but in cover from that miniature; red, short dashes: every line between the two is blocked (the centre line drawn, the reason in its tooltip). Range bands are 10 cm; close combat within 5 cm.'));
  }

  const pick = (name) => {
    const at = picked.indexOf(name);
    if (at >= 0) picked.splice(at, 1);
    else { picked.push(name); if (picked.length > 2) picked.splice(0, picked.length - 2); }
    setPicked();
    if (picked.length === 2) showSight(); else clearOverlay();
  };

  // Asks `path` where miniature `k` of unit `u` may end, and draws the answer.
  async function tryMove(u, k, to, final) {
    const n = ++asking;
    const q = `mini=${encodeURIComponent(u.name + ':' + k)}&to=${to[0].toFixed(2)},${to[1].toFixed(2)}&move=${Number(moveIn.value) || 0}${marchIn.checked ? '&march=true' : ''}`;
    let a;
    try { a = await tapi('GET', `/api/battlefield/tables/${encodeURIComponent(id)}/path?${q}`); } catch (e) { if (n === asking) { result.querySelector('#answer-text').textContent = e.message; } return; }
    if (n !== asking && !final) return;
    const old = overlay.querySelector('#move-path');
    if (old) old.remove();
    const start = u.miniatures[k].centre;
    const pts = [start, ...a.path];
    const g = fsvg('g', { id: 'move-path', 'data-legal': String(a.legal) });
    if (a.path.length) g.append(fsvg('polyline', { class: 'path', points: fpts(t, pts), fill: 'none', stroke: a.legal ? '#6a1b9a' : '#d01010', 'stroke-width': 0.5, 'stroke-dasharray': '1.5 0.8' }));
    const [gx, gy] = fpt(t, a.to);
    const m = u.miniatures[k];
    if (m.hull) {
      const [cx, cy] = fpt(t, m.centre);
      g.append(fsvg('polygon', { class: 'ghost', points: m.hull.map((p) => { const [x, y] = fpt(t, p); return `${(x - cx + gx).toFixed(2)},${(y - cy + gy).toFixed(2)}`; }).join(' '), fill: 'none', stroke: a.legal ? '#109010' : '#d01010', 'stroke-width': 0.4 }));
    } else {
      g.append(fsvg('circle', { class: 'ghost', cx: gx, cy: gy, r: m.radius_cm, fill: 'none', stroke: a.legal ? '#109010' : '#d01010', 'stroke-width': 0.4 }));
    }
    overlay.append(g);
    const len = a.length_cm === null ? 'no path' : `${a.length_cm.toFixed(1)} cm`;
    result.replaceChildren(...[tel('h2', {}, 'What the table says'),
      tel('p', { id: 'answer-text', 'data-path': JSON.stringify(a) }, `${u.name} m${k} to (${a.to[0].toFixed(1)}, ${a.to[1].toFixed(1)}): `,
        tel('b', { id: 'move-verdict' }, a.legal ? 'can end there' : 'cannot end there'), ` — path ${len} of ${a.allowance_cm} cm allowed.`),
      tel('p', { id: 'move-reason' }, a.reason),
      a.rolls.length ? tel('ul', { class: 'small', id: 'move-rolls' }, a.rolls.map((x) => tel('li', {}, 'then: ' + x))) : null,
      a.coherency ? tel('p', { class: 'small', id: 'move-coherency' }, 'note: ' + a.coherency) : null,
      tel('p', { class: 'muted small' }, 'Read-only: the miniature stays where it is; nothing is saved. ', tel('button', { type: 'button', id: 'clear-move', onclick: () => { clearOverlay(); } }, 'Clear'))].filter(Boolean));
  }

  // Miniatures: a click picks the unit; a drag tries a move.
  svg.addEventListener('pointerdown', (e) => {
    const mini = e.target.closest && e.target.closest('.mini');
    if (!mini) return;
    e.preventDefault();
    const u = unitBy(mini.closest('.unit').dataset.unit);
    if (u.move !== null && u.move !== undefined) moveIn.value = u.move;
    drag = { u, k: Number(mini.dataset.mini), x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
    svg.setPointerCapture && svg.setPointerCapture(e.pointerId);
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 4) return;
    drag.moved = true;
    const to = zp.toTable(e.clientX, e.clientY);
    if (!drag.pending) { drag.pending = true; tryMove(drag.u, drag.k, to, false).finally(() => { if (drag) drag.pending = false; }); }
  });
  svg.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (d.moved) { asking++; tryMove(d.u, d.k, zp.toTable(e.clientX, e.clientY), true); } else pick(d.u.name);
  });

  const list = tel('ul', { id: 'unit-list', class: 'unit-list' }, t.units.map((u) => tel('li', {},
    tel('button', { type: 'button', 'data-unit': u.name, 'aria-pressed': 'false', class: `side-${u.side}`, onclick: () => pick(u.name) },
      tel('span', { class: u.side === 'a' ? 'sideA' : 'sideB' }, u.name)),
    tel('span', { class: 'muted small' }, ` side ${SIDE_NAME[u.side]}, ${u.kind}, ${u.miniatures.length} miniature${u.miniatures.length > 1 ? 's' : ''}${u.move !== null ? `, Move ${u.move}` : ''}`))));

  // The keyboard's move: a miniature and a point.
  const miniSel = tel('select', { id: 'try-mini', onchange: () => { const u = unitBy(miniSel.value.slice(0, miniSel.value.lastIndexOf(':'))); if (u && u.move !== null) moveIn.value = u.move; } }, t.units.flatMap((u) => u.miniatures.map((_, k) => tel('option', { value: `${u.name}:${k}` }, `${u.name} m${k}`))));
  const xIn = tel('input', { type: 'number', id: 'try-x', step: 0.5, style: 'width:6em', value: 10 });
  const yIn = tel('input', { type: 'number', id: 'try-y', step: 0.5, style: 'width:6em', value: 10 });
  const tryForm = tel('form', { id: 'try-form', onsubmit: (e) => {
    e.preventDefault();
    const [name, k] = [miniSel.value.slice(0, miniSel.value.lastIndexOf(':')), Number(miniSel.value.slice(miniSel.value.lastIndexOf(':') + 1))];
    asking++;
    tryMove(unitBy(name), k, [Number(xIn.value), Number(yIn.value)], true);
  } }, tel('label', {}, tel('span', {}, 'Miniature'), miniSel), tel('label', {}, tel('span', {}, 'To x, y (cm)'), xIn, ' ', yIn),
  tel('button', { type: 'submit', id: 'try-go' }, 'Try the move'));

  main.replaceChildren(
    tel('h1', { id: 'table-name' }, t.name),
    tel('p', { class: 'muted small' }, `${t.size[0]} × ${t.size[1]} cm, player A at the bottom; one square of the grid is 10 cm (range 1). `, t.description || '', t.source ? ` Source: ${t.source}.` : ''),
    tel('div', { class: 'fieldgame' },
      tel('div', { class: 'boardwrap' }, zoomBar(zp), svg, fieldLegend(t)),
      tel('div', {},
        tel('section', { class: 'panel' }, tel('h2', {}, 'Units'), list, status,
          tel('p', { class: 'small' }, tel('label', {}, tel('span', {}, 'Move allowance'), moveIn, ' (the card\'s Move, 10 cm a point) '), tel('label', {}, marchIn, ' March Move (twice, terrain capped at 40 cm)'))),
        result,
        tel('section', { class: 'panel' }, tel('h2', {}, 'Try a move by keyboard'), tryForm))));
  setPicked();
}

async function fieldMain() {
  const main = document.getElementById('app');
  const m = location.pathname.match(/^\/battlefield\/tables\/([^/]+)$/);
  try {
    if (m) await fieldPage(main, decodeURIComponent(m[1]));
    else if (document.body.dataset.page === 'field') await fieldIndex(main);
  } catch (e) { main.replaceChildren(tel('p', { class: 'err' }, e.message)); }
}
if (document.body && document.body.dataset.page === 'field') fieldMain();
