// Dust Battlefield played in the browser (issue 23): the table as it stands, drawn by field.js
// (to scale, zoom and pan with the mouse, touch and keyboard), the engine's pending question
// with a control for each kind of decision, moves made by dragging miniatures (or a whole squad
// in formation) with the engine's `check` asked while dragging, attacks aimed by picking a
// weapon line and clicking a target (templates dragged), the odds, lines of sight and cover
// from the server's preview, and the dice with the rule that called for them. Nothing here
// decides legality: the server's engine does, and its refusal is shown word for word.
'use strict';

const PLAY = { id: null, seat: null, s: null, svg: null, zp: null, busy: false, proposal: null, lastPly: -1, lastLog: 0 };

function playApi(method, path, body) { return tapi(method, `/api/battlefield/games/${encodeURIComponent(PLAY.id)}${path}`, body); }
const seatQ = () => `seat=${encodeURIComponent(PLAY.seat)}`;
const unitOf = (i) => PLAY.s.units[i];
const drawnUnit = (i) => PLAY.s.table.units[i];
const mine = (i) => PLAY.s.you && unitOf(i).side === PLAY.s.you;
const fmt = (x, d = 1) => Number(x).toFixed(d);

function say(id, text, cls) {
  const e = document.getElementById(id);
  if (!e) return;
  e.textContent = text || '';
  e.className = cls || '';
}

// A decision: checked first (the refusal shown), then sent.
async function send(decision) {
  say('refusal', '');
  try {
    const s = await playApi('POST', '/decide', { seat: PLAY.seat, decision, ply: PLAY.s.ply });
    PLAY.proposal = null;
    show(s, true);
  } catch (e) {
    say('refusal', e.message, 'refusal');
  }
}

async function check(decision, route) {
  return playApi('POST', '/check', { seat: PLAY.seat, decision, route: !!route });
}

// ------------------------------------------------------------------ drawing on the table

function overlay() { return PLAY.svg.querySelector('#overlay'); }
function layer(id) {
  let g = PLAY.svg.querySelector('#' + id);
  if (!g) { g = fsvg('g', { id }); overlay().append(g); }
  return g;
}
function clearLayer(id) { const g = PLAY.svg.querySelector('#' + id); if (g) g.replaceChildren(); }

function tokensOnTable() {
  const t = PLAY.s.table;
  PLAY.s.units.forEach((u, i) => {
    const g = PLAY.svg.querySelector(`.unit[data-index="${i}"]`);
    if (!g) return;
    g.classList.toggle('activated', u.activated);
    const q = PLAY.s.question;
    g.classList.toggle('acting', q.unit === i && ['plan', 'move', 'attack', 'place'].includes(q.kind));
    const marks = [];
    if (u.under_fire) marks.push('UF');
    if (u.suppressed) marks.push('S');
    if (u.stunned) marks.push('ST');
    if (u.loaded) marks.push('L');
    if (u.class !== 'squad' && u.max_health > 1) marks.push(`${u.health}/${u.max_health}`);
    const m = drawnUnit(i).miniatures[0];
    if (!m || !marks.length) return;
    const [x, y] = fpt(t, m.centre);
    g.append(fsvg('text', { class: 'token', x: fmt(x + 2.5, 2), y: fmt(y + 3.5, 2), fill: '#111', 'data-tokens': marks.join(' ') }, marks.join(' ')));
  });
}

function coherencyRings(points) {
  clearLayer('rings');
  const t = PLAY.s.table, g = layer('rings');
  for (const p of points) {
    const [x, y] = fpt(t, p);
    g.append(fsvg('circle', { class: 'coherency-ring', cx: x, cy: y, r: PLAY.s.coherency_cm, fill: 'none', stroke: '#1f6fd1', 'stroke-width': 0.15, 'stroke-dasharray': '0.8 0.8', 'pointer-events': 'none' }));
  }
}

// ------------------------------------------------------------------ moving by dragging

// The proposed move: miniature index -> [x, y] in cm.
function moveText(to, facing) {
  const parts = Object.entries(to).map(([k, p]) => `m${k}@${fmt(p[0], 2)},${fmt(p[1], 2)}`);
  return `move ${parts.join(' ')}${facing !== null && facing !== undefined && facing !== '' ? ` facing ${facing}` : ''}`.trim();
}

// The facing the player turned the hull to (the handle or the slider), or null: unchanged.
function proposedFacing() {
  const f = document.getElementById('facing');
  return f && f.value !== '' && f.dataset.changed === '1' ? Number(f.value) : null;
}

// A hull's corners turned by `deg` (clockwise, as the facing) about `c`, moved to `to`: table cm.
function turnedHull(hull, c, to, deg) {
  const r = deg * Math.PI / 180, cs = Math.cos(r), sn = Math.sin(r);
  return hull.map((h) => { const x = h[0] - c[0], y = h[1] - c[1]; return [to[0] + x * cs + y * sn, to[1] - x * sn + y * cs]; });
}

// The vehicle (of the player's side, not the unit itself) under a screen point, if any.
function vehicleAt(cx, cy, self) {
  const el = document.elementFromPoint(cx, cy);
  const ug = el && el.closest && el.closest('.unit');
  if (!ug) return null;
  const v = Number(ug.dataset.index);
  const u = unitOf(v);
  return v !== self && mine(v) && !u.destroyed && (u.kind === 'vehicle' || u.kind === 'aircraft') ? v : null;
}

// A squad dropped on a vehicle's hull: the engine's own mount proposal for that vehicle when it
// has one (every miniature in contact), else the drop as dragged, whose refusal is then shown
// word for word.
async function previewMount(v) {
  const q = PLAY.s.question, pr = PLAY.proposal;
  const n = ++pr.asked;
  let text = null;
  const m = (await engineChoices()).map((d) => d.decision).find((d) => d.startsWith(`mount ${v} `));
  if (m) text = m;
  if (!text) text = `mount ${v}` + moveText(pr.to, null).slice('move'.length);
  let a;
  try { a = await check(text, false); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked) return;
  pr.checked = a;
  pr.answered = n;
  const t = PLAY.s.table, g = layer('move');
  g.replaceChildren();
  clearLayer('rings');
  const u = drawnUnit(q.unit);
  for (const part of a.decision.split(' ').slice(2)) {
    const mm = part.match(/^m(\d+)@([-\d.]+),([-\d.]+)/);
    if (!mm) continue;
    const [x, y] = fpt(t, [Number(mm[2]), Number(mm[3])]);
    const mini = u.miniatures[Number(mm[1])];
    g.append(fsvg('circle', { class: 'ghost mount-ghost', cx: x, cy: y, r: mini ? mini.radius_cm : 1.25, fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
  }
  say('move-info', `Dropped on ${unitOf(v).name}: ${q.unit_name} mounts it.`);
  const info = document.getElementById('move-info');
  if (info) { info.dataset.mount = String(v); info.dataset.ok = String(a.ok); }
  if (a.ok) say('refusal', `The engine accepts: ${a.words}. Confirm it, or take it back.`, 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const confirm = document.getElementById('confirm-move');
  if (confirm) confirm.disabled = !a.ok;
}

async function previewMove(final) {
  const q = PLAY.s.question, pr = PLAY.proposal;
  if (pr.mount !== undefined && pr.mount !== null) { await previewMount(pr.mount); return; }
  const facing = proposedFacing();
  const text = moveText(pr.to, facing);
  const n = ++pr.asked;
  let a;
  try { a = await check(text, true); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked && !final) return;
  pr.checked = a;
  pr.answered = n;
  const t = PLAY.s.table, g = layer('move');
  g.replaceChildren();
  const u = drawnUnit(q.unit);
  for (const p of (a.preview && a.preview.paths) || []) {
    g.append(fsvg('polyline', { class: 'path', points: fpts(t, [p.from, ...p.path]), fill: 'none', stroke: p.legal ? '#6a1b9a' : '#d01010', 'stroke-width': 0.5, 'stroke-dasharray': '1.5 0.8', 'pointer-events': 'none' }));
    const end = p.path[p.path.length - 1];
    const [gx, gy] = fpt(t, end);
    const m = u.miniatures[p.mini];
    if (m.hull) {
      g.append(fsvg('polygon', { class: 'ghost', points: fpts(t, turnedHull(m.hull, m.centre, end, facing === null ? 0 : facing - u.facing)), fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
    } else {
      g.append(fsvg('circle', { class: 'ghost', cx: gx, cy: gy, r: m.radius_cm, fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
    }
    for (const c of p.terrain_cap_starts) {
      const [x, y] = fpt(t, c.at);
      g.append(fsvg('circle', { class: 'cap-start', cx: x, cy: y, r: 0.8, fill: '#ff8c00', 'pointer-events': 'none' }, fsvg('title', {}, `the terrain cap starts here: ${c.terrain}`)));
    }
  }
  if (facing !== null && !((a.preview && a.preview.paths) || []).length) {
    // Turned where it stands: the hull drawn at its new facing.
    for (const m of u.miniatures.filter((x) => x.hull)) {
      g.append(fsvg('polygon', { class: 'ghost turned', points: fpts(t, turnedHull(m.hull, m.centre, m.centre, facing - u.facing)), fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
    }
  }
  drawRotateHandle();
  const rest = u.miniatures.map((m, k) => (pr.to[k] ? pr.to[k] : m.centre));
  coherencyRings(u.kind === 'infantry' && u.miniatures.length > 1 ? rest : []);
  const far = Math.max(0, ...((a.preview && a.preview.paths) || []).map((p) => p.length_cm));
  const caps = ((a.preview && a.preview.paths) || []).flatMap((p) => p.terrain_cap_starts.map((c) => `m${p.mini} enters ${c.terrain} at (${fmt(c.at[0])}, ${fmt(c.at[1])}): the terrain cap of ${q.terrain_cap_cm} cm starts there`));
  const rolls = ((a.preview && a.preview.paths) || []).flatMap((p) => p.rolls);
  say('move-info', `Path ${fmt(far)} cm of ${fmt(q.allowance_cm)} cm allowed.${caps.length ? ' ' + caps.join('; ') + '.' : ''}${rolls.length ? ' Then: ' + rolls.join('; ') + '.' : ''}`);
  const info = document.getElementById('move-info');
  if (info) { info.dataset.length = String(far); info.dataset.ok = String(a.ok); }
  if (a.ok) say('refusal', 'The engine accepts this move: confirm it, or take it back.', 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const confirm = document.getElementById('confirm-move');
  if (confirm) confirm.disabled = !a.ok;
}

// A drag on the table: `start(e)` returns the drag's own state (or nothing: not this drag's),
// `move(e, d)` follows the pointer, and `ask(final)` asks the engine — at most one question on
// its way while the pointer moves, and a last one when it is let go.
function svgDrag(start, move, ask) {
  const svg = PLAY.svg;
  let drag = null;
  svg.addEventListener('pointerdown', (e) => {
    const d = start(e);
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    drag = Object.assign(d, { id: e.pointerId, from: PLAY.zp.toTable(e.clientX, e.clientY), pending: false });
    svg.setPointerCapture && svg.setPointerCapture(e.pointerId);
  }, true);
  svg.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopPropagation();
    move(e, drag);
    if (!drag.pending) { drag.pending = true; const d = drag; ask(false).finally(() => { d.pending = false; }); }
  }, true);
  svg.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopPropagation();
    move(e, drag);
    drag = null;
    ask(true);
  }, true);
}

// How far the pointer has gone since the drag began, in table centimetres.
function dragDelta(e, d) {
  const p = PLAY.zp.toTable(e.clientX, e.clientY);
  return [p[0] - d.from[0], p[1] - d.from[1]];
}

function startMoveDrag() {
  svgDrag((e) => {
    const q = PLAY.s.question;
    if (!PLAY.s.your_turn || q.kind !== 'move' || q.turn_only) return null;
    const mini = e.target.closest && e.target.closest('.mini');
    if (!mini || Number(mini.closest('.unit').dataset.index) !== q.unit) return null;
    const k = Number(mini.dataset.mini);
    const u = drawnUnit(q.unit);
    if (!PLAY.proposal || PLAY.proposal.kind !== 'move') PLAY.proposal = { kind: 'move', to: {}, asked: 0 };
    const squad = (document.getElementById('squad') || {}).checked !== e.shiftKey;
    const at = (j) => PLAY.proposal.to[j] || u.miniatures[j].centre;
    return { k, squad: squad && u.miniatures.length > 1, starts: u.miniatures.map((_, j) => at(j).slice()) };
  }, (e, d) => {
    const [dx, dy] = dragDelta(e, d);
    const u = drawnUnit(PLAY.s.question.unit);
    const which = d.squad ? u.miniatures.map((_, j) => j) : [d.k];
    for (const j of which) PLAY.proposal.to[j] = [d.starts[j][0] + dx, d.starts[j][1] + dy];
    // Dropped on a vehicle of the side: the unit mounts it ("CARRYING PASSENGERS").
    PLAY.proposal.mount = u.kind === 'infantry' ? vehicleAt(e.clientX, e.clientY, PLAY.s.question.unit) : null;
  }, previewMove);
}

// ------------------------------------------------------------------ turning the hull

// Where the rotate handle of the acting unit is drawn: ahead of its hull (or base), in the
// direction of the facing proposed.
function handleGeometry() {
  const q = PLAY.s.question;
  const u = drawnUnit(q.unit);
  const m = u.miniatures[0];
  if (!m) return null;
  const at = (PLAY.proposal && PLAY.proposal.to && PLAY.proposal.to[0]) || m.centre;
  const f = proposedFacing() ?? u.facing;
  const reach = (m.hull ? Math.max(...u.size_cm) / 2 : m.radius_cm) + 3;
  const r = f * Math.PI / 180;
  return { centre: at, facing: f, handle: [at[0] + Math.sin(r) * reach, at[1] + Math.cos(r) * reach] };
}

function drawRotateHandle() {
  clearLayer('rotate');
  const q = PLAY.s.question;
  if (!PLAY.s.your_turn || q.kind !== 'move' || q.aboard !== null && q.aboard !== undefined) return;
  const u = drawnUnit(q.unit);
  if (u.kind === 'infantry' || !u.miniatures.length) return;
  const h = handleGeometry();
  if (!h) return;
  const t = PLAY.s.table, g = layer('rotate');
  const [x0, y0] = fpt(t, h.centre), [x1, y1] = fpt(t, h.handle);
  g.append(fsvg('line', { class: 'rotate-arm', x1: x0, y1: y0, x2: x1, y2: y1, stroke: '#ffd400', 'stroke-width': 0.35, 'pointer-events': 'none' }));
  g.append(fsvg('circle', { class: 'rotate-handle', cx: x1, cy: y1, r: 1.6, fill: '#ffd400', stroke: '#000', 'stroke-width': 0.25, 'data-facing': h.facing },
    fsvg('title', {}, `turn ${u.name}: drag this handle round the hull (facing ${h.facing}°)`)));
}

// The facing (degrees, 0 towards the far edge, clockwise) from `c` towards `p`, to 5°.
function facingTowards(c, p) {
  const deg = Math.atan2(p[0] - c[0], p[1] - c[1]) * 180 / Math.PI;
  return ((Math.round(deg / 5) * 5) % 360 + 360) % 360;
}

function startRotateDrag() {
  svgDrag((e) => {
    if (!(e.target.closest && e.target.closest('.rotate-handle'))) return null;
    if (!PLAY.proposal || PLAY.proposal.kind !== 'move') PLAY.proposal = { kind: 'move', to: {}, asked: 0 };
    return { centre: handleGeometry().centre };
  }, (e, d) => {
    const f = facingTowards(d.centre, PLAY.zp.toTable(e.clientX, e.clientY));
    const input = document.getElementById('facing');
    if (input) { input.value = String(f); input.dataset.changed = '1'; }
    say('facing-out', `${f}°`);
    drawRotateHandle();
  }, previewMove);
}

// ------------------------------------------------------------------ getting out of a vehicle

// The unit carried: dragged from its vehicle's hull to a spot, its miniatures set down in the
// formation of the engine's first proposal (or in a line), centred on the spot.
async function dismountShape(q) {
  let pts = null;
  const d = (await engineChoices()).map((x) => x.decision).find((x) => x.startsWith('dismount '));
  if (d) pts = d.split(' ').slice(1).map((p) => p.split(',').map(Number));
  if (!pts) {
    const u = unitOf(q.unit);
    const n = Math.max(1, u.class === 'squad' ? u.health : 1);
    pts = Array.from({ length: n }, (_, k) => [k * 3, 0]);
  }
  const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  return pts.map((p) => [p[0] - cx, p[1] - cy]);
}

function dismountText() { return 'dismount ' + PLAY.proposal.at.map((p) => `${fmt(p[0], 2)},${fmt(p[1], 2)}`).join(' '); }

function drawDismount() {
  const t = PLAY.s.table, g = layer('move');
  g.replaceChildren();
  const side = unitOf(PLAY.s.question.unit).side;
  for (const p of PLAY.proposal.at) {
    const [x, y] = fpt(t, p);
    g.append(fsvg('circle', { class: 'ghost dismount-ghost', cx: x, cy: y, r: 1.25, fill: SIDE_COLOUR[side], 'fill-opacity': 0.4, stroke: '#000', 'stroke-width': 0.2, 'pointer-events': 'none' }));
  }
}

async function checkDismount() {
  const pr = PLAY.proposal, n = ++pr.asked;
  let a;
  try { a = await check(dismountText(), false); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked) return;
  pr.checked = a;
  pr.answered = n;
  if (a.ok) say('refusal', 'The engine accepts: the unit gets out here. Confirm it, or drag again.', 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const b = document.getElementById('confirm-move');
  if (b) b.disabled = !a.ok;
}

function startDismountDrag() {
  svgDrag((e) => {
    const q = PLAY.s.question;
    if (!PLAY.s.your_turn || q.kind !== 'move' || q.aboard === null || q.aboard === undefined || !PLAY.shape) return null;
    const ug = e.target.closest && e.target.closest('.unit');
    if (!ug || Number(ug.dataset.index) !== q.aboard || !e.target.closest('.mini')) return null;
    PLAY.proposal = { kind: 'dismount', at: [], asked: 0 };
    return {};
  }, (e) => {
    const p = PLAY.zp.toTable(e.clientX, e.clientY);
    PLAY.proposal.at = PLAY.shape.map((o) => [p[0] + o[0], p[1] + o[1]]);
    drawDismount();
  }, () => checkDismount());
}

// ------------------------------------------------------------------ smoke shells

function smokeText() { const m = PLAY.proposal.smoke; return `smoke ${m.line}@${fmt(m.at[0], 2)},${fmt(m.at[1], 2)}`; }

function drawSmoke() {
  const t = PLAY.s.table, g = layer('templates');
  g.replaceChildren();
  const m = PLAY.proposal.smoke;
  if (!m || !m.at) return;
  const [x, y] = fpt(t, m.at);
  g.append(fsvg('circle', { class: 'smoke-marker', cx: x, cy: y, r: t.templates.blast_radius_cm, fill: '#9a9a9a60', stroke: '#555', 'stroke-width': 0.3, 'stroke-dasharray': '0.8 0.4' }, fsvg('title', {}, 'the smoke screen: drag it')));
}

async function checkSmoke() {
  const pr = PLAY.proposal, n = ++pr.asked;
  let a;
  try { a = await check(smokeText(), false); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked) return;
  pr.checked = a;
  pr.answered = n;
  if (a.ok) say('refusal', `The engine accepts: ${a.words}. Fire the smoke shells, or drag the screen.`, 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const b = document.getElementById('confirm-smoke');
  if (b) b.disabled = !a.ok;
}

function startSmokeDrag() {
  svgDrag((e) => {
    if (!(e.target.closest && e.target.closest('.smoke-marker')) || !PLAY.proposal || !PLAY.proposal.smoke) return null;
    return {};
  }, (e) => {
    PLAY.proposal.smoke.at = PLAY.zp.toTable(e.clientX, e.clientY);
    drawSmoke();
  }, () => checkSmoke());
}

// ------------------------------------------------------------------ placing from ambush

function placeText() { return 'place ' + PLAY.proposal.at.map((p) => `${fmt(p[0], 2)},${fmt(p[1], 2)}`).join(' '); }

function drawPlacement() {
  const t = PLAY.s.table, g = layer('placement');
  g.replaceChildren();
  const u = drawnUnit(PLAY.s.question.unit);
  const r = Math.max(1.25, (u.size_cm ? u.size_cm[0] : 2.5) / 2);
  PLAY.proposal.at.forEach((p, k) => {
    const [x, y] = fpt(t, p);
    g.append(fsvg('circle', { class: 'place-ghost', 'data-mini': k, cx: x, cy: y, r, fill: SIDE_COLOUR[u.side] || '#555', 'fill-opacity': 0.45, stroke: '#000', 'stroke-width': 0.2, 'stroke-dasharray': '0.5 0.3' }, fsvg('title', {}, `${u.name} m${k}: drag to place`)));
  });
}

async function checkPlacement() {
  const pr = PLAY.proposal, n = ++pr.asked;
  let a;
  try { a = await check(placeText(), false); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked) return;
  pr.checked = a;
  pr.answered = n;
  if (a.ok) say('refusal', 'The engine accepts this placement: place it, or drag it again.', 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const b = document.getElementById('confirm-place');
  if (b) b.disabled = !a.ok;
}

// The engine's first proposed placement, drawn and dragged as a whole (the unit keeps its
// formation).
async function startPlacement(q) {
  const first = (await engineChoices()).map((d) => d.decision).find((d) => d.startsWith('place ') && d !== 'place none');
  if (!first || PLAY.s.question.kind !== 'place' || PLAY.s.question.unit !== q.unit) return;
  PLAY.proposal = { kind: 'place', at: first.split(' ').slice(1).map((p) => p.split(',').map(Number)), asked: 0 };
  drawPlacement();
  checkPlacement();
}

function startPlaceDrag() {
  svgDrag((e) => {
    const ghost = e.target.closest && e.target.closest('.place-ghost');
    if (!ghost || !PLAY.proposal || PLAY.proposal.kind !== 'place') return null;
    return { starts: PLAY.proposal.at.map((p) => p.slice()) };
  }, (e, d) => {
    const [dx, dy] = dragDelta(e, d);
    PLAY.proposal.at = d.starts.map((q) => [q[0] + dx, q[1] + dy]);
    drawPlacement();
  }, () => checkPlacement());
}

// ------------------------------------------------------------------ attacking

function rangeMax(r) {
  const m = String(r).match(/(\d+)\s*$/);
  return m ? Number(m[1]) : 0;
}

function drawRangeBands(u, line) {
  clearLayer('bands');
  const w = unitOf(u).weapons[line];
  const max = rangeMax(w.range);
  const t = PLAY.s.table, g = layer('bands');
  const m = drawnUnit(u).miniatures[0];
  if (!m) return;
  const [x, y] = fpt(t, m.centre);
  for (let k = 1; k <= Math.min(max, 12); k++) {
    g.append(fsvg('circle', { class: 'range-band', cx: x, cy: y, r: k * 10, fill: 'none', stroke: '#6a1b9a', 'stroke-width': 0.12, 'stroke-dasharray': '0.5 0.8', 'pointer-events': 'none' }));
  }
  if (w.front_arc) {
    // The field of fire: 45° either side of the facing, out to the weapon's range.
    const f = drawnUnit(u).facing, r = Math.max(10, Math.min(max, 12) * 10);
    const at = (deg) => { const [dx, dy] = facingVec(deg); return `${fmt(x + dx * r, 2)},${fmt(y + dy * r, 2)}`; };
    g.append(fsvg('path', { class: 'fire-arc', d: `M${fmt(x, 2)},${fmt(y, 2)} L${at(f - 45)} A${r},${r} 0 0 1 ${at(f + 45)} Z`, fill: '#6a1b9a14', stroke: '#6a1b9a', 'stroke-width': 0.2, 'pointer-events': 'none' }, fsvg('title', {}, 'the field of fire: 45° either side of the facing')));
  }
}

function attackText() {
  const aims = PLAY.proposal.aims;
  if (!aims.length) return 'attack none';
  return 'attack ' + aims.map((a) => `${a.line}>${a.target}${a.at ? `@${fmt(a.at[0], 2)},${fmt(a.at[1], 2)}` : ''}`).join(' ');
}

async function previewAttack() {
  const pr = PLAY.proposal;
  const n = ++pr.asked;
  let a;
  try { a = await check(attackText(), false); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  if (n !== pr.asked) return;
  pr.checked = a;
  pr.answered = n;
  const t = PLAY.s.table, g = layer('sight');
  g.replaceChildren();
  for (const el of PLAY.svg.querySelectorAll('.would-hit, .in-cover')) el.classList.remove('would-hit', 'in-cover');
  const p = a.preview;
  if (p && p.sight) {
    for (const s of p.sight) {
      for (const l of s.lines) {
        const [x1, y1] = fpt(t, l.from), [x2, y2] = fpt(t, l.to);
        const cover = s.cover_of_miniatures[l.target] && s.cover_of_miniatures[l.target][l.attacker] === 'cover';
        const look = !l.clear ? ['sight blocked', '#d01010', '1 0.6'] : cover ? ['sight clear cover', '#c07000', '2 0.6'] : ['sight clear', '#109010', null];
        g.append(fsvg('line', { class: look[0], x1, y1, x2, y2, stroke: look[1], 'stroke-width': 0.2, 'stroke-dasharray': look[2], 'pointer-events': 'none' }, fsvg('title', {}, l.clear ? `m${l.attacker} sees m${l.target}${cover ? ', in cover' : ''}` : `m${l.attacker} to m${l.target}: ${l.why}`)));
      }
      s.cover_of_miniatures.forEach((from, j) => {
        if (from.some((c) => c === 'cover')) {
          const el = PLAY.svg.querySelector(`.unit[data-index="${s.target}"] .mini[data-mini="${j}"]`);
          if (el) el.classList.add('in-cover');
        }
      });
    }
  }
  const box = document.getElementById('odds');
  if (p && p.odds) {
    for (const grp of p.odds.groups) {
      for (const j of grp.may_hit || []) {
        const el = PLAY.svg.querySelector(`.unit[data-index="${grp.target_index}"] .mini[data-mini="${j}"]`);
        if (el && grp.template) el.classList.add('would-hit');
      }
    }
    box.replaceChildren(tel('table', { class: 'odds', id: 'odds-table' },
      tel('tr', {}, ['weapon', 'target', 'dice', 'cover', 'P(unsaved) a die', 'P(no damage)'].map((h) => tel('th', {}, h))),
      p.odds.groups.map((grp) => tel('tr', {}, tel('td', {}, grp.line + (grp.template ? ' (template)' : '')), tel('td', {}, grp.target), tel('td', {}, grp.dice),
        tel('td', {}, grp.cover ? 'in cover' : 'open'), tel('td', {}, fmt(grp.p_unsaved_per_die, 3)), tel('td', {}, fmt(grp.unsaved_hits[0], 3))))),
    tel('p', { id: 'expected', 'data-expected': String(p.odds.expected_damage) }, `Expected damage ${fmt(p.odds.expected_damage, 2)} (unsaved hits ${fmt(p.odds.expected_unsaved_hits, 2)}).`));
  } else box.replaceChildren();
  if (a.ok) say('refusal', 'The engine accepts this attack: confirm it, or change it.', 'preview-ok');
  else say('refusal', a.reason, 'refusal');
  const c = document.getElementById('confirm-attack');
  if (c) c.disabled = !a.ok || !pr.aims.length;
}

// A template: a blast circle (its centre) or a flame aim point, dragged.
function drawTemplate(aim, kind) {
  const t = PLAY.s.table, g = layer('templates');
  g.replaceChildren();
  if (!aim.at) return;
  const [x, y] = fpt(t, aim.at);
  const el = kind === 'blast'
    ? fsvg('circle', { class: 'template blast', cx: x, cy: y, r: t.templates.blast_radius_cm, fill: '#ff00c820', stroke: '#ff00c8', 'stroke-width': 0.3 }, fsvg('title', {}, 'the blast template: drag it'))
    : fsvg('circle', { class: 'template flame', cx: x, cy: y, r: 1.5, fill: '#ff8c00', stroke: '#000', 'stroke-width': 0.2 }, fsvg('title', {}, 'the flame template\'s aim point: drag it'));
  el.dataset.line = aim.line;
  g.append(el);
  if (kind === 'flame') {
    const m = drawnUnit(PLAY.s.question.unit).miniatures[0];
    const [ax, ay] = fpt(t, m.centre);
    g.append(fsvg('line', { class: 'flame-line', x1: ax, y1: ay, x2: x, y2: y, stroke: '#ff8c00', 'stroke-width': 0.6, opacity: 0.6, 'pointer-events': 'none' }));
  }
}

function startTemplateDrag() {
  svgDrag((e) => {
    const tpl = e.target.closest && e.target.closest('.template');
    if (!tpl || !PLAY.proposal || PLAY.proposal.kind !== 'attack') return null;
    return { line: Number(tpl.dataset.line) };
  }, (e, d) => {
    const aim = PLAY.proposal.aims.find((a) => a.line === d.line);
    if (!aim) return;
    aim.at = PLAY.zp.toTable(e.clientX, e.clientY);
    drawTemplate(aim, unitOf(PLAY.s.question.unit).weapons[aim.line].template);
  }, () => previewAttack());
}

// A special action aimed by a click on the table: a terrain piece (ENGINEERING) or a unit (the
// command squads' actions). The engine's proposal for it is checked and shown; a click on
// something it proposes nothing for asks the engine why, in its words.
async function trySpecialOn(what, i) {
  const opts = (PLAY.specials || []).filter((d) => (what === 'terrain' ? /^special engineer /.test(d.decision) : /^special (get-moving|get-up|repair|medevac) /.test(d.decision)) && Number(d.decision.split(' ')[2]) === i);
  if (opts.length === 1) { pickSpecial(opts[0]); return; }
  if (opts.length > 1) { say('refusal', `Several special actions aim there: pick one of the buttons.`, 'refusal'); return; }
  const guess = what === 'terrain' ? `special engineer ${i}` : `special ${(PLAY.specials || []).map((d) => d.decision.split(' ')[1]).find((w) => /get-moving|get-up|repair|medevac/.test(w)) || 'get-up'} ${i}`;
  try { const a = await check(guess, false); say('refusal', a.ok ? `The engine accepts: ${a.words}.` : a.reason, a.ok ? 'preview-ok' : 'refusal'); } catch (e) { say('refusal', e.message, 'refusal'); }
}

function pickSpecial(d) {
  PLAY.proposal = { kind: 'special', decision: d.decision };
  for (const b of document.querySelectorAll('.special-picks button')) b.setAttribute('aria-pressed', String(b.dataset.special === d.decision));
  say('refusal', `Chosen: ${d.words}. Confirm it.`, 'preview-ok');
  const b = document.getElementById('confirm-special');
  if (b) b.disabled = false;
}

// A click on the table's ground: a smoke screen's centre, a special action's terrain piece.
function onGroundClick(e) {
  const q = PLAY.s.question;
  // The table pans by the pointer it captured, so the click lands on the drawing as a whole:
  // what lies under the pointer is asked of the document.
  const under = document.elementFromPoint(e.clientX, e.clientY) || e.target;
  if (!PLAY.s.your_turn || (under.closest && under.closest('.unit'))) return;
  if (q.kind === 'attack' && PLAY.proposal && PLAY.proposal.smoke && !PLAY.proposal.smoke.at) {
    PLAY.proposal.smoke.at = PLAY.zp.toTable(e.clientX, e.clientY);
    drawSmoke();
    checkSmoke();
    return;
  }
  const piece = under.closest && under.closest('.terrain');
  if (q.kind === 'special' && piece) trySpecialOn('terrain', Number(piece.dataset.terrain));
}

// A click on a unit: activation, target, reaction or casualty, as the question asks.
function onUnitClick(e) {
  const q = PLAY.s.question;
  if (!PLAY.s.your_turn) return;
  const mini = e.target.closest && e.target.closest('.mini');
  const ug = e.target.closest && e.target.closest('.unit');
  if (!ug) { onGroundClick(e); return; }
  const i = Number(ug.dataset.index);
  if (q.kind === 'activate' && mine(i) && !unitOf(i).activated) { send(`activate ${i}`); return; }
  if (q.kind === 'special') { trySpecialOn('unit', i); return; }
  if (q.kind === 'react' && q.reactors.includes(i)) { send(`react ${i}`); return; }
  if (q.kind === 'attack' && PLAY.proposal && PLAY.proposal.kind === 'attack' && PLAY.proposal.line !== null && !mine(i)) {
    const line = PLAY.proposal.line;
    const kind = unitOf(q.unit).weapons[line].template;
    PLAY.proposal.aims = PLAY.proposal.aims.filter((a) => a.line !== line);
    const aim = { line, target: i, at: kind ? drawnUnit(i).miniatures[0].centre.slice() : null };
    PLAY.proposal.aims.push(aim);
    if (kind) drawTemplate(aim, kind);
    renderAims();
    previewAttack();
    return;
  }
  if (q.kind === 'casualties' && q.hero !== null && q.hero !== undefined && i === q.hero) {
    // The joined hero takes a hit a click (m{n}, n the squad's count: he may take several).
    const sel = PLAY.proposal.chosen;
    if (sel.length < q.count) sel.push(q.hero_as);
    showCasualties();
    return;
  }
  if (q.kind === 'casualties' && i === q.unit && mini) {
    const k = Number(mini.dataset.mini);
    if (!q.valid.includes(k)) { say('refusal', `m${k} cannot take these hits: it is not in the weapon's field of fire, range and line of sight (or under the template)`, 'refusal'); return; }
    const sel = PLAY.proposal.chosen;
    const at = sel.indexOf(k);
    if (at >= 0) sel.splice(at, 1); else if (sel.length < q.count) sel.push(k);
    showCasualties();
  }
}

// The casualties chosen so far, marked on the table and counted beside the question.
function showCasualties() {
  const q = PLAY.s.question, sel = PLAY.proposal.chosen;
  for (const el of PLAY.svg.querySelectorAll(`.unit[data-index="${q.unit}"] .mini`)) el.classList.toggle('selected-casualty', sel.includes(Number(el.dataset.mini)));
  const hero = q.hero !== null && q.hero !== undefined ? PLAY.svg.querySelector(`.unit[data-index="${q.hero}"] .mini`) : null;
  if (hero) hero.classList.toggle('selected-casualty', sel.includes(q.hero_as));
  const name = (k) => (k === q.hero_as && q.hero !== null ? q.hero_name : 'm' + k);
  say('casualty-info', `Chosen: ${sel.map(name).join(', ') || 'none'} (${q.count} to remove).`);
  const b = document.getElementById('confirm-casualties');
  if (b) b.disabled = sel.length !== q.count;
}

function renderAims() {
  const box = document.getElementById('aims');
  if (!box) return;
  const q = PLAY.s.question;
  box.replaceChildren(...PLAY.proposal.aims.map((a) => tel('li', { 'data-aim': `${a.line}>${a.target}` },
    `${unitOf(q.unit).weapons[a.line].name} at ${unitOf(a.target).name}${a.at ? ` (template at ${fmt(a.at[0])}, ${fmt(a.at[1])})` : ''} `,
    tel('button', { type: 'button', class: 'link', onclick: () => { PLAY.proposal.aims = PLAY.proposal.aims.filter((x) => x !== a); clearLayer('templates'); renderAims(); previewAttack(); } }, 'remove'))));
}

// ------------------------------------------------------------------ the question's controls

function btn(label, onclick, attrs = {}) { return tel('button', Object.assign({ type: 'button', onclick }, attrs), label); }

function questionControls() {
  const s = PLAY.s, q = s.question;
  const box = [];
  const who = q.side ? `side ${q.side.toUpperCase()}` : '';
  if (q.kind === 'over') {
    box.push(tel('p', { id: 'game-over' }, q.winner ? `The game is over: side ${q.winner.toUpperCase()} wins.` : 'The game is over: a draw.'));
    if (s.record_allowed) box.push(tel('p', {}, tel('a', { href: `/api/battlefield/games/${PLAY.id}/record?${seatQ()}`, id: 'record' }, 'Download the record')));
    return box;
  }
  if (!s.you) { box.push(tel('p', { id: 'waiting' }, `You are watching. ${who} decides ${q.asks}.`)); return box; }
  if (!s.your_turn) { box.push(tel('p', { id: 'waiting' }, s.thinking ? `The AI (${who}) is thinking…` : `Waiting for ${who}: ${q.asks}.`)); return box; }
  box.push(tel('p', { id: 'asks' }, `Your decision: ${q.asks}.`));
  switch (q.kind) {
    case 'first':
      box.push(tel('div', { class: 'choices' }, btn('Side A goes first', () => send('first a'), { id: 'first-a' }), btn('Side B goes first', () => send('first b'), { id: 'first-b' })));
      break;
    case 'activate': {
      const ready = s.units.filter((u) => u.side === s.you && !u.activated && !u.destroyed);
      box.push(tel('p', { class: 'small muted' }, 'Click one of your units on the table, or pick it here.'));
      box.push(tel('div', { class: 'choices unit-picks' }, ready.map((u) => btn(u.name, () => send(`activate ${u.index}`), { 'data-activate': u.index }))));
      const heroes = ready.filter((u) => u.class === 'hero');
      if (heroes.length) {
        const pick = tel('select', { id: 'join-unit', 'aria-label': 'the unit the hero joins' }, ready.filter((u) => u.class !== 'hero').map((u) => tel('option', { value: u.index }, u.name)));
        const hero = tel('select', { id: 'join-hero', 'aria-label': 'the hero who joins it' }, heroes.map((u) => tel('option', { value: u.index }, u.name)));
        box.push(tel('p', { class: 'small' }, 'A hero joins a unit: ', pick, ' with ', hero, ' ', btn('Activate together', () => send(`activate ${pick.value} with ${hero.value}`), { id: 'join' })));
      }
      box.push(tel('div', { class: 'choices' }, btn('Pass', () => send('pass'), { id: 'pass' })));
      break;
    }
    case 'plan': {
      const plans = q.actions >= 2
        ? [['move', 'attack'], ['attack', 'move'], ['march'], ['sustained'], ['move', 'move'], ['attack', 'attack'], ['move', 'nothing'], ['attack', 'nothing'], ['nothing', 'nothing']]
        : q.actions === 1 ? [['move'], ['attack'], ['nothing']] : [[]];
      const words = { move: 'Move', attack: 'Attack', march: 'March Move (2 actions)', sustained: 'Sustained Attack (2 actions)', nothing: 'Nothing' };
      box.push(tel('p', {}, `${q.unit_name}: declare ${q.actions} action${q.actions === 1 ? '' : 's'}.`));
      box.push(tel('div', { class: 'choices' }, plans.map((p) => btn(p.map((a) => words[a]).join(', then ') || 'Nothing', () => send(`plan ${p.join(' ')}`.trim()), { 'data-plan': p.join(' ') }))));
      // The other plans the engine allows this unit (a special action, a skill's third action).
      const more = tel('div', { class: 'choices more-plans', id: 'more-plans' });
      box.push(more);
      const known = new Set(plans.map((p) => `plan ${p.join(' ')}`.trim()));
      engineChoices().then((c) => {
        more.replaceChildren(...c.filter((d) => d.decision.startsWith('plan') && !known.has(d.decision)).map((d) =>
          btn(d.decision.split(' ').slice(1).map((a) => words[a] || (a === 'special' ? 'Special action' : a)).join(', then '), () => send(d.decision), { 'data-plan': d.decision.split(' ').slice(1).join(' '), title: d.words })));
      });
      break;
    }
    case 'move': {
      const u = drawnUnit(q.unit);
      if (q.aboard !== null && q.aboard !== undefined) {
        const v = unitOf(q.aboard).name;
        box.push(tel('p', {}, `${q.unit_name} is aboard ${v}: drag from ${v}'s hull to where it gets out (it is set down in formation about that spot), then confirm; or stay aboard.`));
        box.push(tel('p', { id: 'move-info', class: 'small' }, 'Nothing moved yet.'));
        box.push(tel('div', { class: 'choices' },
          btn('Get out here', () => { if (PLAY.proposal && PLAY.proposal.checked) send(PLAY.proposal.checked.decision); }, { id: 'confirm-move', disabled: true }),
          btn('Take back', () => { PLAY.proposal = null; clearLayer('move'); say('refusal', ''); const c = document.getElementById('confirm-move'); if (c) c.disabled = true; }, { id: 'take-back' }),
          btn('Stay aboard', () => send('move'), { id: 'stay' })));
        PLAY.shape = null;
        dismountShape(q).then((sh) => { PLAY.shape = sh; });
        const hull = PLAY.svg.querySelector(`.unit[data-index="${q.aboard}"]`);
        if (hull) hull.classList.add('dismount-from');
        break;
      }
      const turns = u.kind !== 'infantry';
      if (q.turn_only) box.push(tel('p', {}, `${q.unit_name}: a reaction's Move only turns the model.`));
      else box.push(tel('p', {}, `Drag ${q.unit_name}'s miniatures on the table (${q.march ? 'March Move' : 'Move'}: ${fmt(q.allowance_cm)} cm; terrain caps it at ${q.terrain_cap_cm} cm). `,
        u.miniatures.length > 1 ? tel('label', {}, tel('input', { type: 'checkbox', id: 'squad', checked: true }), ' move the whole squad in formation (Shift-drag: the other way)') : null));
      if (u.kind === 'infantry' && u.miniatures.length && !q.turn_only) box.push(tel('p', { class: 'small muted' }, 'To mount a vehicle of your side, drop the squad on its hull.'));
      if (turns) {
        box.push(tel('p', { class: 'small muted' }, 'Turn it by dragging the yellow handle ahead of it on the table, or with the slider.'));
        const f = tel('input', { type: 'range', id: 'facing', min: 0, max: 355, step: 5, value: u.facing, 'aria-label': 'facing in degrees' });
        const out = tel('span', { id: 'facing-out' }, `${u.facing}°`);
        f.addEventListener('input', () => { f.dataset.changed = '1'; out.textContent = `${f.value}°`; if (!PLAY.proposal) PLAY.proposal = { kind: 'move', to: {}, asked: 0 }; previewMove(true); });
        box.push(tel('p', {}, tel('label', {}, 'Facing ', f), ' ', out));
      }
      box.push(tel('p', { id: 'move-info', class: 'small' }, 'Nothing moved yet.'));
      box.push(tel('div', { class: 'choices' },
        btn('Confirm the move', () => { if (PLAY.proposal && PLAY.proposal.checked) send(PLAY.proposal.checked.decision); }, { id: 'confirm-move', disabled: true }),
        btn('Take back', () => { PLAY.proposal = null; clearLayer('move'); clearLayer('rings'); say('refusal', ''); say('move-info', 'Nothing moved yet.'); const c = document.getElementById('confirm-move'); if (c) c.disabled = true; }, { id: 'take-back' }),
        btn('Stay where it stands', () => send('move'), { id: 'stay' })));
      coherencyRings(u.kind === 'infantry' && u.miniatures.length > 1 ? u.miniatures.map((m) => m.centre) : []);
      if (turns) setTimeout(drawRotateHandle, 0);
      break;
    }
    case 'special': {
      PLAY.proposal = null;
      box.push(tel('p', {}, `${q.unit_name} performs a special action: pick it here, or click the terrain piece or unit it is aimed at on the table.`));
      const picks = tel('div', { class: 'choices special-picks', id: 'special-picks' });
      box.push(picks);
      box.push(tel('div', { class: 'choices' },
        btn('Confirm the special action', () => { if (PLAY.proposal && PLAY.proposal.kind === 'special') send(PLAY.proposal.decision); }, { id: 'confirm-special', disabled: true }),
        btn('Give it up', () => send('special none'), { id: 'special-none' })));
      PLAY.specials = [];
      engineChoices().then((c) => {
        PLAY.specials = c.filter((d) => d.decision.startsWith('special ') && d.decision !== 'special none');
        picks.replaceChildren(...PLAY.specials.map((d) => btn(d.words, () => pickSpecial(d), { 'data-special': d.decision, 'aria-pressed': 'false' })));
        if (!PLAY.specials.length) picks.replaceChildren(tel('p', { class: 'small' }, 'The engine finds no special action this unit may take where it stands: give it up.'));
        for (const d of PLAY.specials) {
          const [, what, i] = d.decision.split(' ');
          const el = what === 'engineer' ? PLAY.svg.querySelector(`.terrain[data-terrain="${i}"]`) : i !== undefined ? PLAY.svg.querySelector(`.unit[data-index="${i}"]`) : null;
          if (el) el.classList.add('special-target');
        }
      });
      break;
    }
    case 'attack': {
      PLAY.proposal = PLAY.proposal && PLAY.proposal.kind === 'attack' ? PLAY.proposal : { kind: 'attack', aims: [], line: null, asked: 0 };
      const w = unitOf(q.unit).weapons;
      box.push(tel('p', {}, `${q.unit_name}${q.sustained ? ' (Sustained Attack: misses re-rolled)' : ''}: pick a weapon line, then click a target unit. A template is placed on the target: drag it.`));
      box.push(tel('div', { class: 'choices weapon-lines' }, w.map((x) => btn(`${x.name} (${x.range}${x.template ? ', ' + x.template : ''})`, (e) => {
        PLAY.proposal.line = x.line;
        if (PLAY.proposal.smoke) { PLAY.proposal.smoke = null; clearLayer('templates'); }
        for (const b of document.querySelectorAll('.weapon-lines button')) b.setAttribute('aria-pressed', String(b === e.currentTarget));
        drawRangeBands(q.unit, x.line);
      }, { 'data-line': x.line, 'aria-pressed': 'false' }))));
      const arty = w.filter((x) => x.artillery);
      if (arty.length && !q.sustained) {
        box.push(tel('p', { class: 'small' }, 'Or fire smoke shells instead of attacking: pick the artillery line, click the table where the screen goes (drag it), then fire.'));
        box.push(tel('div', { class: 'choices smoke-lines' }, arty.map((x) => btn(`Smoke shells: ${x.name}`, () => {
          PLAY.proposal = { kind: 'attack', aims: [], line: null, asked: 0, smoke: { line: x.line, at: null } };
          clearLayer('templates');
          renderAims();
          say('refusal', 'Click the table where the smoke screen goes.', '');
        }, { 'data-smoke': x.line })), btn('Fire the smoke shells', () => { if (PLAY.proposal && PLAY.proposal.smoke && PLAY.proposal.checked) send(PLAY.proposal.checked.decision); }, { id: 'confirm-smoke', disabled: true })));
      }
      box.push(tel('ul', { id: 'aims', class: 'small' }));
      box.push(tel('div', { id: 'odds' }));
      box.push(tel('div', { class: 'choices' },
        btn('Confirm the attack', () => send(attackText()), { id: 'confirm-attack', disabled: true }),
        btn('Hold fire', () => send('attack none'), { id: 'hold-fire' })));
      break;
    }
    case 'react':
      box.push(tel('p', {}, `${q.against_name} activates: you may react with a unit within 40 cm that has not activated (click it, or pick it here).`));
      box.push(tel('div', { class: 'choices' }, q.reactors.map((r) => btn(`React with ${unitOf(r).name}`, () => send(`react ${r}`), { 'data-react': r })),
        btn('No reactive attack', () => send('react none'), { id: 'react-none' })));
      break;
    case 'react-with':
      box.push(tel('div', { class: 'choices' }, btn('Sustained Attack', () => send('react-with sustained'), { id: 'react-sustained' }),
        btn('Turn, then Attack', () => send('react-with turn-attack'), { id: 'react-turn' })));
      break;
    case 'casualties': {
      PLAY.proposal = { kind: 'casualties', chosen: [] };
      box.push(tel('p', {}, `${q.unit_name} loses ${q.count} miniature${q.count === 1 ? '' : 's'}: click them on the table (the ones that may be lost are ringed).${q.hero !== null ? ` m${q.hero_as} is the joined hero ${q.hero_name}.` : ''}`));
      box.push(tel('p', { id: 'casualty-info', class: 'small' }, 'Chosen: none.'));
      box.push(tel('div', { class: 'choices' }, btn('Remove them', () => send(`casualties ${PLAY.proposal.chosen.map((k) => 'm' + k).join(' ')}`.trim()), { id: 'confirm-casualties', disabled: q.count > 0 }),
        q.count === 0 ? null : btn('Clear the choice', () => { PLAY.proposal.chosen = []; showCasualties(); }, { id: 'casualties-clear' }),
        q.count === 0 ? null : btn('Choose for me', async () => { const c = await playApi('GET', `/candidates?${seatQ()}&limit=1`); send(c.candidates[0].decision); }, { id: 'casualties-auto' })));
      if (q.hero !== null && q.hero !== undefined) box.splice(box.length - 1, 0, tel('p', { class: 'small' }, `Click ${q.hero_name} on the table for each hit the hero takes instead.`));
      for (const k of q.valid) { const el = PLAY.svg.querySelector(`.unit[data-index="${q.unit}"] .mini[data-mini="${k}"]`); if (el) el.classList.add('may-lose'); }
      break;
    }
    case 'place': {
      const reserve = Array.isArray(q.reserve_edges);
      box.push(tel('p', {}, reserve
        ? `${q.unit_name} arrives from scattered reserves: a placement the engine proposes is drawn on the table — drag it along the stretch of table edge its die gave (drawn in yellow), then confirm; or keep it in reserve.`
        : `${q.unit_name} is held in ambush: a placement the engine proposes is drawn on the table — drag it where you want the unit (in your deployment area, in cover, 20 cm from the enemy), then confirm; or keep it hidden.`));
      box.push(tel('div', { class: 'choices' },
        btn('Place it here', () => { if (PLAY.proposal && PLAY.proposal.kind === 'place') send(placeText()); }, { id: 'confirm-place', disabled: true }),
        btn(reserve ? 'Keep it in reserve' : 'Keep it in ambush', () => send('place none'), { id: 'place-none' })));
      if (reserve) {
        const g = layer('edges'), t = PLAY.s.table;
        g.replaceChildren(...q.reserve_edges.map(([a, b]) => { const [x1, y1] = fpt(t, a), [x2, y2] = fpt(t, b); return fsvg('line', { class: 'reserve-edge', x1, y1, x2, y2, stroke: '#ffd400', 'stroke-width': 1.2, 'pointer-events': 'none' }); }));
      }
      startPlacement(q);
      break;
    }
    default:
      // A question this page has no control for yet (a rule added to the engine since): the
      // engine's own proposals, in its words, are the controls.
      box.push(tel('p', { id: 'unknown-question' }, `The engine asks: ${q.asks}. Pick one of its proposals below.`));
      break;
  }
  // Decisions the engine proposes that no control above makes (a new kind of decision): shown
  // as buttons in the engine's words, so a rule added later is still playable.
  const other = tel('div', { class: 'choices other-decisions', id: 'other-decisions' });
  box.push(other);
  const handled = HANDLED[q.kind];
  if (handled) {
    engineChoices().then((c) => {
      other.replaceChildren(...c.filter((d) => !handled.includes(d.decision.split(' ')[0])).map((d) => btn(d.words, () => send(d.decision), { class: 'other-decision', 'data-decision': d.decision })));
    });
  }
  box.push(tel('p', { id: 'refusal', 'aria-live': 'polite' }));
  box.push(tel('details', { id: 'proposals', open: !handled }, tel('summary', {}, 'Decisions the engine proposes'), tel('ul', { id: 'candidates', class: 'small' })));
  const det = box[box.length - 1];
  det.addEventListener('toggle', () => { if (det.open) loadCandidates(); });
  if (!handled) setTimeout(loadCandidates, 0);
  return box;
}

// The decisions (first words) each question's controls make; a proposal starting otherwise gets
// a button of its own.
const HANDLED = {
  first: ['first'], activate: ['activate', 'pass'], plan: ['plan'], move: ['move', 'mount', 'dismount'],
  attack: ['attack', 'smoke'], special: ['special'], react: ['react'], 'react-with': ['react-with'],
  casualties: ['casualties'], place: ['place'],
};

// The engine's proposals for the question on the page, asked once a question and shared by the
// controls that start from one (a placement, a dismount's formation, a mount, the special
// actions, the other decisions): the placements are the costliest to find.
function engineChoices() {
  const ply = PLAY.s.ply;
  if (!PLAY.choices || PLAY.choices.ply !== ply) {
    PLAY.choices = { ply, list: playApi('GET', `/candidates?${seatQ()}&limit=12`).then((c) => c.candidates).catch(() => []) };
  }
  return PLAY.choices.list;
}

async function loadCandidates() {
  const ul = document.getElementById('candidates');
  if (!ul) return;
  try {
    const c = await playApi('GET', `/candidates?${seatQ()}&limit=12`);
    ul.replaceChildren(...c.candidates.map((d) => tel('li', {}, btn(d.words, () => send(d.decision), { class: 'candidate', 'data-decision': d.decision }))));
  } catch (e) { ul.replaceChildren(tel('li', {}, e.message)); }
}

// ------------------------------------------------------------------ the page

function logList() {
  const log = PLAY.s.log;
  // Focusable, so that the log scrolls from the keyboard too.
  return tel('ol', { id: 'log', start: 1, tabindex: 0, 'aria-label': 'The log of the game' }, log.map((e) => tel('li', { class: e.dice ? 'dice' : '' }, e.text)));
}

function latestDice() {
  const log = PLAY.s.log;
  const from = PLAY.lastLog;
  const dice = log.slice(from).filter((e) => e.dice);
  return tel('ul', { id: 'dice', 'aria-live': 'polite' }, dice.map((e) => tel('li', { 'data-rule': e.dice.rule }, `${e.dice.rolled} dice ${e.dice.for}: ${e.dice.counted} counted — ${e.dice.rule}`)));
}

function unitList() {
  return tel('ul', { class: 'unit-list', id: 'units' }, PLAY.s.units.map((u) => tel('li', { 'data-unit': u.index },
    tel('span', { class: u.side === 'a' ? 'sideA' : 'sideB' }, u.name), ' ',
    tel('span', { class: 'muted small' }, u.destroyed ? 'eliminated' : `${u.class}, ${u.class === 'squad' ? `${u.health} miniatures` : `${u.health}/${u.max_health} damage`}, Move ${fmt(u.move_cm, 0)} cm${u.under_fire ? ', Under Fire' : ''}${u.suppressed ? ', Suppression' : ''}${u.stunned ? ', Stunned' : ''}${u.loaded ? ', Loaded (carrying units)' : ''}${u.aboard ? `, aboard ${u.aboard}` : ''}${u.activated ? ', activated' : ''}${u.off_table ? ', off the table' : ''}`))));
}

function phoneLegend(t) {
  const l = fieldLegend(t);
  l.removeAttribute('id');
  return l;
}

function show(s, fresh) {
  const moved = !PLAY.s || s.ply !== PLAY.s.ply || s.thinking !== PLAY.s.thinking || s.status !== PLAY.s.status;
  if (!fresh && !moved) { if (PLAY.s) PLAY.s.version = s.version; return; }
  // The dice just rolled are those the log gained since the state shown before; the same state
  // drawn again (a decision's answer arriving after the follow loop brought it) keeps them.
  const again = PLAY.s && s.ply === PLAY.s.ply && s.log.length === PLAY.s.log.length;
  if (!again) PLAY.lastLog = Math.min(PLAY.s ? PLAY.s.log.length : s.log.length, s.log.length);
  PLAY.s = s;
  if (s.ply !== PLAY.lastPly) PLAY.proposal = null;
  PLAY.lastPly = s.ply;
  const main = document.getElementById('app');
  const t = s.table;
  const keep = PLAY.zp ? Object.assign({}, PLAY.zp.view) : null;
  const svg = drawField(t, `${t.name}: the game as it stands, seen from above, side A at the bottom`);
  PLAY.svg = svg;
  PLAY.zp = zoomPan(svg, t, { busy: (e) => !!(e.target.closest && (e.target.closest('.mini') || e.target.closest('.template') || e.target.closest('.place-ghost') || e.target.closest('.rotate-handle') || e.target.closest('.smoke-marker'))) });
  if (keep) { Object.assign(PLAY.zp.view, keep); PLAY.zp.zoom(1); }
  startMoveDrag();
  startRotateDrag();
  startDismountDrag();
  startTemplateDrag();
  startSmokeDrag();
  startPlaceDrag();
  svg.addEventListener('click', onUnitClick);
  const you = s.you ? `You play side ${s.you.toUpperCase()}` : 'You are watching';
  const seats = s.seats.map((x, i) => `${'AB'[i]}: ${x === 'human' ? 'a person' : x.replace(/^ai /, 'the AI, ')}`).join(' · ');
  main.replaceChildren(
    tel('h1', { id: 'game-title' }, `${t.name}`),
    tel('p', { class: 'gamebar', id: 'gamebar', 'data-ply': s.ply, 'data-status': s.status },
      tel('span', {}, you), tel('span', {}, `turn ${s.turn} of ${s.turn_limit}`), tel('span', { class: 'muted small' }, seats),
      tel('span', { class: 'small' }, `AP destroyed: A ${s.destroyed_ap.a}, B ${s.destroyed_ap.b}`)),
    tel('div', { class: 'fieldgame' },
      tel('div', { class: 'boardwrap playboard' }, zoomBar(PLAY.zp), svg, fieldLegend(t)),
      tel('div', {},
        tel('section', { class: 'panel question', id: 'question', 'data-kind': s.question.kind, 'data-yours': String(s.your_turn) }, tel('h2', {}, 'Now'), questionControls()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Dice just rolled'), latestDice()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Units'), unitList()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Log'), logList()),
        // At phone size the table stays at the top of the screen without its legend: the
        // legend waits here, folded.
        tel('details', { class: 'panel phone-legend' }, tel('summary', {}, 'Legend'), phoneLegend(t)))));
  tokensOnTable();
  const log = document.getElementById('log');
  if (log) log.scrollTop = log.scrollHeight;
}

// Follows the game: each request waits on the server until the game changes (or 20 s).
async function follow() {
  for (;;) {
    try {
      const s = await playApi('GET', `?${seatQ()}&since=${PLAY.s.version}`);
      // A proposal being made is not redrawn away unless the game moved on.
      show(s, false);
    } catch (e) {
      // A passing network fault (or a restarting server): try again in a moment.
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function playMain() {
  const main = document.getElementById('app');
  const m = location.pathname.match(/^\/battlefield\/play\/([^/]+)$/);
  PLAY.id = m ? decodeURIComponent(m[1]) : null;
  PLAY.seat = new URLSearchParams(location.search).get('seat');
  if (!PLAY.id || !PLAY.seat) { main.replaceChildren(tel('p', { class: 'err' }, 'This link has no game or no seat: open the link you were given.')); return; }
  try {
    show(await playApi('GET', `?${seatQ()}`), true);
  } catch (e) {
    main.replaceChildren(tel('section', { class: 'panel notfound', id: 'not-found' }, tel('h1', {}, 'Game not found'), tel('p', {}, e.message), tel('p', {}, tel('a', { href: '/battlefield' }, 'The tables of this server'))));
    return;
  }
  follow();
}

if (document.body && document.body.dataset.page === 'field-play') {
  // The page's own scrolling rules (field.css): at phone size a control scrolled to stays below
  // the table held at the top.
  document.documentElement.classList.add('field-play');
  playMain();
}
