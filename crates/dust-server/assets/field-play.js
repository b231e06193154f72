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

async function previewMove(final) {
  const q = PLAY.s.question, pr = PLAY.proposal;
  const facingIn = document.getElementById('facing');
  const facing = facingIn && facingIn.value !== '' && facingIn.dataset.changed === '1' ? Number(facingIn.value) : null;
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
      const [cx, cy] = fpt(t, m.centre);
      g.append(fsvg('polygon', { class: 'ghost', points: m.hull.map((h) => { const [x, y] = fpt(t, h); return `${fmt(x - cx + gx, 2)},${fmt(y - cy + gy, 2)}`; }).join(' '), fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
    } else {
      g.append(fsvg('circle', { class: 'ghost', cx: gx, cy: gy, r: m.radius_cm, fill: 'none', stroke: a.ok ? '#109010' : '#d01010', 'stroke-width': 0.4, 'pointer-events': 'none' }));
    }
    for (const c of p.terrain_cap_starts) {
      const [x, y] = fpt(t, c.at);
      g.append(fsvg('circle', { class: 'cap-start', cx: x, cy: y, r: 0.8, fill: '#ff8c00', 'pointer-events': 'none' }, fsvg('title', {}, `the terrain cap starts here: ${c.terrain}`)));
    }
  }
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
  }, previewMove);
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
  let c;
  try { c = await playApi('GET', `/candidates?${seatQ()}&limit=12`); } catch (e) { say('refusal', e.message, 'refusal'); return; }
  const first = c.candidates.map((d) => d.decision).find((d) => d.startsWith('place ') && d !== 'place none');
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

// A click on a unit: activation, target, reaction or casualty, as the question asks.
function onUnitClick(e) {
  const q = PLAY.s.question;
  if (!PLAY.s.your_turn) return;
  const mini = e.target.closest && e.target.closest('.mini');
  const ug = e.target.closest && e.target.closest('.unit');
  if (!ug) return;
  const i = Number(ug.dataset.index);
  if (q.kind === 'activate' && mine(i) && !unitOf(i).activated) { send(`activate ${i}`); return; }
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
  if (q.kind === 'casualties' && i === q.unit && mini) {
    const k = Number(mini.dataset.mini);
    if (!q.valid.includes(k)) { say('refusal', `m${k} cannot take these hits: it is not in the weapon's field of fire, range and line of sight (or under the template)`, 'refusal'); return; }
    const sel = PLAY.proposal.chosen;
    const at = sel.indexOf(k);
    if (at >= 0) sel.splice(at, 1); else if (sel.length < q.count) sel.push(k);
    mini.classList.toggle('selected-casualty', sel.includes(k));
    say('casualty-info', `Chosen: ${sel.map((x) => 'm' + x).join(', ') || 'none'} (${q.count} to remove).`);
    const b = document.getElementById('confirm-casualties');
    if (b) b.disabled = sel.length !== q.count;
  }
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
        const pick = tel('select', { id: 'join-unit' }, ready.filter((u) => u.class !== 'hero').map((u) => tel('option', { value: u.index }, u.name)));
        const hero = tel('select', { id: 'join-hero' }, heroes.map((u) => tel('option', { value: u.index }, u.name)));
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
      break;
    }
    case 'move': {
      const u = drawnUnit(q.unit);
      const turns = u.kind !== 'infantry';
      if (q.turn_only) box.push(tel('p', {}, `${q.unit_name}: a reaction's Move only turns the model.`));
      else box.push(tel('p', {}, `Drag ${q.unit_name}'s miniatures on the table (${q.march ? 'March Move' : 'Move'}: ${fmt(q.allowance_cm)} cm; terrain caps it at ${q.terrain_cap_cm} cm). `,
        u.miniatures.length > 1 ? tel('label', {}, tel('input', { type: 'checkbox', id: 'squad', checked: true }), ' move the whole squad in formation (Shift-drag: the other way)') : null));
      if (turns) {
        const f = tel('input', { type: 'range', id: 'facing', min: 0, max: 345, step: 15, value: u.facing, 'aria-label': 'facing in degrees' });
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
      break;
    }
    case 'attack': {
      PLAY.proposal = PLAY.proposal && PLAY.proposal.kind === 'attack' ? PLAY.proposal : { kind: 'attack', aims: [], line: null, asked: 0 };
      const w = unitOf(q.unit).weapons;
      box.push(tel('p', {}, `${q.unit_name}${q.sustained ? ' (Sustained Attack: misses re-rolled)' : ''}: pick a weapon line, then click a target unit. A template is placed on the target: drag it.`));
      box.push(tel('div', { class: 'choices weapon-lines' }, w.map((x) => btn(`${x.name} (${x.range}${x.template ? ', ' + x.template : ''})`, (e) => {
        PLAY.proposal.line = x.line;
        for (const b of document.querySelectorAll('.weapon-lines button')) b.setAttribute('aria-pressed', String(b === e.currentTarget));
        drawRangeBands(q.unit, x.line);
      }, { 'data-line': x.line, 'aria-pressed': 'false' }))));
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
        q.count === 0 ? null : btn('Choose for me', async () => { const c = await playApi('GET', `/candidates?${seatQ()}&limit=1`); send(c.candidates[0].decision); }, { id: 'casualties-auto' })));
      for (const k of q.valid) { const el = PLAY.svg.querySelector(`.unit[data-index="${q.unit}"] .mini[data-mini="${k}"]`); if (el) el.classList.add('may-lose'); }
      break;
    }
    case 'place':
      box.push(tel('p', {}, `${q.unit_name} is held in ambush: a placement the engine proposes is drawn on the table — drag it where you want the unit (in your deployment area, in cover, 20 cm from the enemy), then confirm; or keep it hidden.`));
      box.push(tel('div', { class: 'choices' },
        btn('Place it here', () => { if (PLAY.proposal && PLAY.proposal.kind === 'place') send(placeText()); }, { id: 'confirm-place', disabled: true }),
        btn('Keep it in ambush', () => send('place none'), { id: 'place-none' })));
      startPlacement(q);
      break;
    default:
      break;
  }
  box.push(tel('p', { id: 'refusal', 'aria-live': 'polite' }));
  box.push(tel('details', { id: 'proposals' }, tel('summary', {}, 'Decisions the engine proposes'), tel('ul', { id: 'candidates', class: 'small' })));
  const det = box[box.length - 1];
  det.addEventListener('toggle', () => { if (det.open) loadCandidates(); });
  return box;
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
  return tel('ol', { id: 'log', start: 1 }, log.map((e) => tel('li', { class: e.dice ? 'dice' : '' }, e.text)));
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

function show(s, fresh) {
  const moved = !PLAY.s || s.ply !== PLAY.s.ply || s.thinking !== PLAY.s.thinking || s.status !== PLAY.s.status;
  if (!fresh && !moved) { if (PLAY.s) PLAY.s.version = s.version; return; }
  const prevLog = PLAY.s ? PLAY.s.log.length : s.log.length;
  PLAY.lastLog = Math.min(prevLog, s.log.length);
  PLAY.s = s;
  if (s.ply !== PLAY.lastPly) PLAY.proposal = null;
  PLAY.lastPly = s.ply;
  const main = document.getElementById('app');
  const t = s.table;
  const keep = PLAY.zp ? Object.assign({}, PLAY.zp.view) : null;
  const svg = drawField(t, `${t.name}: the game as it stands, seen from above, side A at the bottom`);
  PLAY.svg = svg;
  PLAY.zp = zoomPan(svg, t, { busy: (e) => !!(e.target.closest && (e.target.closest('.mini') || e.target.closest('.template') || e.target.closest('.place-ghost'))) });
  if (keep) { Object.assign(PLAY.zp.view, keep); PLAY.zp.zoom(1); }
  startMoveDrag();
  startTemplateDrag();
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
      tel('div', { class: 'boardwrap' }, zoomBar(PLAY.zp), svg, fieldLegend(t)),
      tel('div', {},
        tel('section', { class: 'panel question', id: 'question', 'data-kind': s.question.kind, 'data-yours': String(s.your_turn) }, tel('h2', {}, 'Now'), questionControls()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Dice just rolled'), latestDice()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Units'), unitList()),
        tel('section', { class: 'panel' }, tel('h2', {}, 'Log'), logList()))));
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

if (document.body && document.body.dataset.page === 'field-play') playMain();
