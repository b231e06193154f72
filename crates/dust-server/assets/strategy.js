// The strategy game's pages (crates/dust-server/src/strategy): the lobby at /strategy and a
// game at /strategy/{id}?seat=TOKEN. Plain JavaScript, no external assets. The server decides
// everything: this page draws the world map (areas, borders, armies as figures), the seat's
// hand and the choices the engine lists, and sends the one clicked (or, when buying, all the
// units counted at once). The state comes over the game's WebSocket, pushed after every change.
'use strict';

const COLORS = ['#c0392b', '#2166ac', '#1a9850', '#e08214', '#762a83', '#4d4d4d'];
const NEUTRAL = '#8c6d31';
const CELL_W = 124, CELL_H = 112, PAD = 26;
const SVGNS = 'http://www.w3.org/2000/svg';
const UNITS = ['tank', 'mech', 'fighter', 'bomber', 'submarine'];
const $ = (s) => document.querySelector(s);

function el(tag, attrs = {}, text) {
  const e = tag.startsWith('svg:') ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function ownerColor(o) {
  if (o === null || o === undefined) return '#999';
  if (o === 'neutral') return NEUTRAL;
  return COLORS[o % COLORS.length];
}

const ownerName = (o) => (o === 'neutral' ? 'neutral' : `P${o + 1}`);

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const v = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((v.error && v.error.message) || r.statusText);
  return v;
}

// ---------- figures: our own silhouettes (24×24), filled with the owner's colour ----------

const FIGURES = {
  // A tank: tracks, hull, turret and gun.
  tank: 'M2 16h20l-2 5H4zM5 11h13l2 5H3zM8 7h7v4H8zM15 8h8v2h-8z',
  // A walking mech: body, gun arm, two legs.
  mech: 'M7 3h9v8H7zM16 5h7v2h-7zM8 11h2v6l-3 5H5l3-5zM13 11h2v6l3 5h-2l-3-5z',
  // A fighter seen from above: fuselage, swept wings, tail.
  fighter: 'M11 1h2l1 7 9 5v2l-9-2-1 6 3 2v1h-8v-1l3-2-1-6-9 2v-2l9-5z',
  // A bomber: long straight wings with four engines.
  bomber: 'M11 1h2l1 8h9v3l-9 1-1 6 4 2v2H7v-2l4-2-1-6-9-1V9h9zM3 8h2v3H3zM6 8h2v3H6zM16 8h2v3h-2zM19 8h2v3h-2z',
  // A submarine: hull and tower.
  submarine: 'M2 14c0-3 4-4 10-4s10 1 10 4-4 4-10 4-10-1-10-4zM9 6h5v5H9zM13 7h3v1h-3z',
};

function figureDefs() {
  const defs = el('svg:defs');
  for (const [k, d] of Object.entries(FIGURES)) {
    const s = el('svg:symbol', { id: `fig-${k}`, viewBox: '0 0 24 24' });
    s.append(el('svg:path', { d, class: 'shape' }));
    defs.append(s);
  }
  return defs;
}

// A figure with its count: <g class="fig" data-kind data-count>.
function figure(kind, count, color, x, y, size = 26) {
  const g = el('svg:g', { class: 'fig', 'data-kind': kind, 'data-count': String(count) });
  g.append(el('svg:use', { href: `#fig-${kind}`, x, y, width: size, height: size, fill: color }));
  g.append(el('svg:text', { class: 'count', x: x + size + 1, y: y + size - 6, fill: color }, String(count)));
  g.append(el('svg:title', {}, `${count} ${kind}${count === 1 ? '' : 's'}`));
  return g;
}

function figureIcon(kind, color = '#444', size = 22) {
  const svg = el('svg:svg', { width: size, height: size, viewBox: '0 0 24 24', class: 'icon', 'data-kind': kind });
  svg.append(el('svg:path', { d: FIGURES[kind], fill: color }));
  return svg;
}

// ---------- lobby ----------

const SEAT_KINDS = [['human', 'a person'], ['heuristic', 'AI: heuristic'], ['mcts', 'AI: tree search (mcts)'], ['search', 'AI: flat search'], ['random', 'AI: random']];

function seatRows() {
  const n = Number($('#players').value);
  const box = $('#seat-list');
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.textContent = '';
  for (let i = 0; i < n; i++) {
    const lab = el('label', {}, `P${i + 1} `);
    lab.prepend(el('span', { class: 'swatch', style: `background:${COLORS[i]}` }));
    const sel = el('select', { id: `seat-${i}` });
    for (const [v, t] of SEAT_KINDS) sel.append(el('option', { value: v }, t));
    sel.value = old[i] || (i === 0 ? 'human' : 'heuristic');
    lab.append(sel);
    box.append(lab);
  }
}

async function lobby() {
  $('#lobby').classList.remove('hidden');
  $('#players').addEventListener('change', seatRows);
  seatRows();
  $('#create').addEventListener('click', async () => {
    $('#lobby-error').textContent = '';
    const n = Number($('#players').value);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push($(`#seat-${i}`).value);
    const body = { seats };
    if ($('#seed').value !== '') body.seed = Number($('#seed').value);
    try {
      const v = await api('POST', '/api/strategy/games', body);
      const humans = v.seats.filter((s) => s.link);
      if (humans.length === 1) {
        location.href = humans[0].link;
        return;
      }
      const links = $('#links');
      links.textContent = humans.length ? 'Each person opens his own secret link:' : 'A game of AIs: ';
      const ul = el('ul');
      for (const s of humans) {
        const li = el('li');
        li.append(el('a', { href: s.link, class: 'seat-link' }, `${s.name}: ${location.origin}${s.link}`));
        ul.append(li);
      }
      const li = el('li');
      li.append(el('a', { href: v.spectator_link, class: 'watch-link' }, 'watch (spectators)'));
      ul.append(li);
      links.append(ul);
    } catch (e) {
      $('#lobby-error').textContent = e.message;
    }
  });
  try {
    const v = await api('GET', '/api/strategy/games');
    const box = $('#games');
    box.textContent = v.games.length ? '' : 'none yet';
    const ul = el('ul');
    for (const g of v.games) {
      const li = el('li');
      li.append(el('a', { href: g.watch }, `${g.id}`), ` ${g.players.join(', ')} · ${g.status}${g.winners ? ' · won by ' + g.winners : ''} · ${g.plies} decisions`);
      ul.append(li);
    }
    box.append(ul);
  } catch (e) {
    $('#games').textContent = e.message;
  }
}

// ---------- game ----------

const G = { id: null, seat: null, map: null, state: null, filter: null, sending: false, ws: null, wsMessages: 0, buy: {}, plan: null };

// An area's name on one or two lines (at the space nearest the middle).
function nameLines(name) {
  if (name.length <= 11 || !name.includes(' ')) return [name];
  const mid = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i++) if (name[i] === ' ' && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) best = i;
  return [name.slice(0, best), name.slice(best + 1)];
}

function neighbours(id) {
  const out = [];
  for (const l of G.map.links) {
    if (l.a === id) out.push(l.b);
    if (l.b === id) out.push(l.a);
  }
  return out;
}

// Hovering (or long-pressing) an area shows what borders it: its links and its neighbours.
function showNeighbours(id, on) {
  for (const l of document.querySelectorAll(`#map .link[data-a="${id}"], #map .link[data-b="${id}"]`)) l.classList.toggle('nb', on);
  for (const b of neighbours(id)) document.querySelector(`#map [data-area="${b}"]`)?.classList.toggle('nb', on);
}

function drawMap() {
  const m = G.map;
  const svg = $('#map');
  const W = PAD * 2 + m.cols * CELL_W, H = PAD * 2 + m.rows * CELL_H;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.textContent = '';
  svg.append(figureDefs());
  const center = (a) => [PAD + a.col * CELL_W + CELL_W / 2, PAD + a.row * CELL_H + CELL_H / 2];
  const links = el('svg:g', { id: 'links' });
  for (const l of m.links) {
    const a = m.areas[l.a], b = m.areas[l.b];
    const [x1, y1] = center(a), [x2, y2] = center(b);
    const data = { 'data-link': `${l.a}-${l.b}`, 'data-a': l.a, 'data-b': l.b };
    const title = `${a.name} – ${b.name}: ${l.wrap ? 'across the west-east edge' : l.dotted ? 'coast (amphibious moves, submarine and bomber strikes)' : a.kind === 'sea' ? 'sea border' : 'land border'}`;
    if (l.wrap) {
      // Leaves the west edge and comes back at the east edge.
      const [w, e] = a.col <= b.col ? [[x1, y1], [x2, y2]] : [[x2, y2], [x1, y1]];
      for (const [x, y, edge] of [[w[0], w[1], 2], [e[0], e[1], W - 2]]) {
        const line = el('svg:line', { class: 'link wrap', x1: x, y1: y, x2: edge, y2: y, ...data });
        line.append(el('svg:title', {}, title));
        links.append(line);
      }
    } else {
      const line = el('svg:line', { class: 'link' + (l.dotted ? ' dotted' : ''), x1, y1, x2, y2, ...data });
      line.append(el('svg:title', {}, title));
      links.append(line);
    }
  }
  svg.append(links);
  for (const a of m.areas) {
    const x = PAD + a.col * CELL_W + 5, y = PAD + a.row * CELL_H + 5;
    const g = el('svg:g', { class: `area ${a.kind}`, 'data-area': a.id, 'data-name': a.name });
    g.append(el('svg:rect', { x, y, width: CELL_W - 10, height: CELL_H - 10, rx: a.kind === 'sea' ? 22 : 7 }));
    const lines = nameLines(a.name);
    // A long name is pressed into the cell rather than cut.
    lines.forEach((t, i) => g.append(el('svg:text', { class: 'name', x: x + 6, y: y + 19 + i * 18, ...(t.length > 11 ? { textLength: CELL_W - 24, lengthAdjust: 'spacingAndGlyphs' } : {}) }, t)));
    let marks = '';
    if (a.capital) marks += '★';
    if (a.power_source) marks += '⚡';
    g.append(el('svg:text', { class: 'mark', x: x + CELL_W - 16, y: y + 18, 'text-anchor': 'end' }, marks));
    g.append(el('svg:text', { class: 'pc', x: x + 6, y: y + CELL_H - 16 }, ''));
    g.append(el('svg:g', { class: 'figs', 'data-top': y + (lines.length > 1 ? 42 : 27) }));
    g.addEventListener('click', () => {
      G.filter = G.filter === a.id ? null : a.id;
      renderChoices();
    });
    g.addEventListener('mouseenter', () => showNeighbours(a.id, true));
    g.addEventListener('mouseleave', () => showNeighbours(a.id, false));
    const what = [a.kind === 'sea' ? 'sea' : 'land'];
    if (a.capital) what.push('capital');
    if (a.power_source) what.push('power source');
    g.append(el('svg:title', {}, `${a.name} (${what.join(', ')}); borders ${neighbours(a.id).map((b) => m.areas[b].name).join(', ')}`));
    svg.append(g);
  }
  drawLegend();
}

function drawLegend() {
  const box = $('#legend');
  box.textContent = '';
  const item = (...parts) => {
    const s = el('span');
    s.append(...parts);
    box.append(s);
  };
  const line = (cls) => {
    const svg = el('svg:svg', { width: 34, height: 10, class: 'strategy-legend-line' });
    svg.append(el('svg:line', { class: 'link ' + cls, x1: 1, y1: 5, x2: 33, y2: 5 }));
    return svg;
  };
  item('★ capital');
  item('⚡ power source');
  item('▣ production center');
  item(line(''), ' land or sea border');
  item(line('dotted'), ' coast (amphibious)');
  item(line('wrap'), ' wraps west–east');
  for (const k of UNITS) item(figureIcon(k), ` ${k}`);
  item('· hover an area to see what borders it');
}

// The figures of an army (counts per kind, in UNITS order) from (x, y), up to three a row.
function drawArmy(parent, counts, color, x, y) {
  let i = 0;
  counts.forEach((n, k) => {
    if (!n) return;
    parent.append(figure(UNITS[k], n, color, x + (i % 3) * 38, y + Math.floor(i / 3) * 26, 24));
    i++;
  });
  return i;
}

function renderAreas(s) {
  const battleArea = s.battle ? s.battle.area : null;
  for (const a of s.areas) {
    const g = document.querySelector(`#map [data-area="${a.id}"]`);
    if (!g) continue;
    const color = ownerColor(a.owner);
    const rect = g.querySelector('rect');
    rect.style.stroke = a.owner === null ? '' : color;
    rect.style.strokeWidth = a.owner === null ? '' : '4';
    const figs = g.querySelector('.figs');
    figs.textContent = '';
    const x = Number(g.querySelector('rect').getAttribute('x')) + 6, top = Number(figs.dataset.top);
    if (a.id === battleArea) {
      // The contested area shows both armies of the battle.
      const b = s.battle;
      const rows = drawArmy(figs, b.attacker_units, ownerColor(b.attacker), x, top);
      figs.append(el('svg:text', { class: 'vs', x: x + 100, y: top + 16, 'text-anchor': 'end' }, '⚔'));
      drawArmy(figs, b.defender_units, ownerColor(b.defender), x, top + 26 * Math.ceil(Math.max(rows, 1) / 3));
    } else {
      drawArmy(figs, a.units, color, x, top);
    }
    g.classList.toggle('battle', a.id === battleArea);
    g.querySelector('.pc').textContent = a.pc ? '▣ PC' : '';
    g.dataset.owner = a.owner === null ? '' : String(a.owner);
    g.dataset.units = a.text;
  }
}

function renderSeats(s) {
  const t = $('#seats');
  t.textContent = '';
  const head = el('tr');
  for (const h of ['', 'seat', 'player', 'VP', 'cards', 'card this round', 'capitals', 'power', 'PCs']) head.append(el('th', {}, h));
  t.append(head);
  for (const p of s.seats) {
    const tr = el('tr', { 'data-seat': p.seat });
    const sw = el('td');
    sw.append(el('span', { class: 'swatch', style: `background:${COLORS[p.seat]}` }));
    tr.append(sw);
    tr.append(el('td', {}, p.name + (s.you === p.seat ? ' (you)' : '') + (s.current_player === p.seat ? ' ◀' : '')));
    tr.append(el('td', {}, p.player));
    tr.append(el('td', {}, String(p.vp)));
    tr.append(el('td', {}, String(p.hand_size)));
    const card = el('td', {}, p.card ? `${p.card.title} ${p.card.combat}/${p.card.movement}/${p.card.production}` : (p.has_chosen ? 'chosen, face down' : ''));
    if (p.card) card.title = `${p.card.title}: ${p.card.rules}`;
    tr.append(card);
    tr.append(el('td', {}, String(p.holdings.capitals)));
    tr.append(el('td', {}, String(p.holdings.power_sources)));
    tr.append(el('td', {}, String(p.holdings.production_centers)));
    t.append(tr);
  }
}

function renderHand(s) {
  const h = $('#hand');
  h.textContent = '';
  if (s.spectator) {
    h.textContent = 'spectators see no hand';
    return;
  }
  for (const c of s.hand) {
    const card = el('span', { class: 'card', 'data-card': c.id, title: `${c.text}\n${c.title}: ${c.rules}` },
      `#${c.id} ${c.title} · combat ${c.combat} · movement ${c.movement} · production ${c.production} ${'★'.repeat(c.stars)}`);
    card.append(el('span', { class: 'rules' }, `${c.title}: ${c.rules}`));
    h.append(card);
  }
  if (!s.hand.length) h.textContent = 'no cards';
}

// Buying by quantity: one counter per unit and production center, a total against the
// points left, one request for all.
function renderBuy(box, buys, s) {
  const groups = new Map();
  for (const c of buys) {
    const key = `${c.buy.pc}/${c.buy.at}/${c.buy.neutral ? 'n' : ''}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  const form = el('div', { class: 'buy', id: 'buy' });
  form.append(el('h4', {}, `Buy units (${s.points_left} points left)`));
  const total = el('div', { class: 'buy-total', id: 'buy-total' });
  const go = el('button', { type: 'button', class: 'primary', id: 'buy-send' }, 'Buy');
  const update = () => {
    let cost = 0, n = 0;
    for (const c of buys) { const q = G.buy[c.text] || 0; cost += q * c.buy.cost; n += q; }
    total.textContent = `total: ${n} unit${n === 1 ? '' : 's'}, ${cost} of ${s.points_left} points`;
    total.dataset.cost = String(cost);
    total.dataset.units = String(n);
    total.classList.toggle('over', cost > s.points_left);
    go.disabled = G.sending || n === 0 || cost > s.points_left;
  };
  for (const [, list] of groups) {
    const b = list[0].buy;
    const where = G.map.areas[b.at].name, pc = G.map.areas[b.pc].name;
    form.append(el('div', { class: 'small' }, b.neutral ? `neutral units for ${where}` : b.pc === b.at ? `at ${where}` : `in ${where}, built by ${pc}`));
    for (const c of list) {
      const row = el('div', { class: 'buy-row', 'data-text': c.text });
      row.append(figureIcon(c.buy.unit, '#444', 26));
      const what = el('span', {}, `${c.buy.unit} · ${c.buy.cost} points`);
      if (c.help) { what.append(el('span', { class: 'sub' }, c.help)); row.title = c.help; }
      row.append(what);
      const step = el('span', { class: 'stepper' });
      const minus = el('button', { type: 'button', 'aria-label': `one ${c.buy.unit} less` }, '−');
      const input = el('input', { type: 'number', min: 0, max: Math.floor(s.points_left / c.buy.cost), value: G.buy[c.text] || 0, 'aria-label': `${c.buy.unit}s at ${where}` });
      const plus = el('button', { type: 'button', 'aria-label': `one ${c.buy.unit} more` }, '+');
      const set = (v) => { G.buy[c.text] = Math.max(0, Math.min(Number(input.max), Number(v) || 0)); input.value = G.buy[c.text]; update(); };
      minus.addEventListener('click', () => set((G.buy[c.text] || 0) - 1));
      plus.addEventListener('click', () => set((G.buy[c.text] || 0) + 1));
      input.addEventListener('input', () => set(input.value));
      step.append(minus, input, plus);
      row.append(step);
      form.append(row);
    }
  }
  go.addEventListener('click', () => {
    const list = [];
    for (const c of buys) for (let i = 0; i < (G.buy[c.text] || 0); i++) list.push(c.text);
    if (list.length) send(list);
  });
  form.append(total, go);
  box.append(form);
  update();
}

// A decision that asks numbers next (a move, an attack, a mech drop, a retreat) is planned
// on the server without being taken (`…/plan`): how many of each kind, then a summary with
// what it spends and the odds, to confirm; back and cancel at each step. The decision and its
// numbers are then sent together (issue 17: nothing is spent before the confirmation).
const ASKS_NUMBERS = /^(move |attack |mech-drop |retreat$)/;

async function choose(text) {
  if (!ASKS_NUMBERS.test(text)) return send([text]);
  G.plan = { first: text, counts: [], step: null, ply: G.state.plies };
  await planStep();
}

async function planStep() {
  const plan = G.plan;
  $('#error').textContent = '';
  try {
    const r = await api('POST', `/api/strategy/games/${G.id}/plan`, { seat: G.seat, decision: plan.first, counts: plan.counts, ply: plan.ply });
    if (G.plan !== plan) return;
    if (r.step === 'now') {
      G.plan = null;
      await send([plan.first]);
      return;
    }
    plan.step = r;
  } catch (e) {
    G.plan = null;
    $('#error').textContent = e.message;
  }
  renderChoices();
}

function planBack() {
  if (!G.plan.counts.length) { G.plan = null; renderChoices(); return; }
  G.plan.counts.pop();
  planStep();
}

function renderPlan(box) {
  const { step, counts, first } = G.plan;
  const div = el('div', { class: 'plan', id: 'plan', 'data-step': step.step });
  const back = el('button', { type: 'button', id: 'plan-back' }, counts.length ? '← back (the number before)' : '← back (nothing spent)');
  back.addEventListener('click', planBack);
  if (step.step === 'count') {
    div.append(el('h4', {}, `${step.what}: how many ${step.about}?`));
    const row = el('div', { class: 'plan-counts' });
    for (let n = step.lo; n <= step.hi; n++) {
      const b = el('button', { type: 'button', class: 'count', 'data-n': n }, String(n));
      b.addEventListener('click', () => { G.plan.counts.push(n); planStep(); });
      row.append(b);
    }
    div.append(row, back);
  } else {
    div.append(el('h4', {}, step.what));
    if (step.spends) div.append(el('div', { class: 'spends' }, step.spends));
    if (step.odds) div.append(el('div', { class: 'odds' }, `odds: ${step.odds}`));
    const go = el('button', { type: 'button', class: 'primary', id: 'plan-confirm' }, 'Confirm');
    go.disabled = G.sending;
    go.addEventListener('click', () => { const p = G.plan; G.plan = null; send([p.first, ...p.counts.map((n) => `count ${n}`)]); });
    const cancel = el('button', { type: 'button', id: 'plan-cancel' }, 'Cancel (nothing spent)');
    cancel.addEventListener('click', () => { G.plan = null; renderChoices(); });
    div.append(go, back, cancel);
  }
  div.dataset.first = first;
  div.dataset.counts = String(counts.length);
  box.append(div);
}

function renderChoices() {
  const s = G.state;
  if (!s) return;
  const box = $('#choices');
  box.textContent = '';
  if (G.plan && G.plan.step && G.plan.ply === s.plies && s.pending.yours) {
    renderPlan(box);
    return;
  }
  for (const g of document.querySelectorAll('#map .area')) g.classList.remove('option', 'picked', 'hl');
  const options = new Set();
  for (const c of s.choices) for (const a of c.areas) options.add(a);
  for (const a of options) document.querySelector(`#map [data-area="${a}"]`)?.classList.add('option');
  let list = s.choices;
  if (G.filter !== null && options.has(G.filter)) {
    list = list.filter((c) => c.areas.includes(G.filter));
    document.querySelector(`#map [data-area="${G.filter}"]`)?.classList.add('picked');
    $('#filter').classList.remove('hidden');
    $('#filter-name').textContent = G.map.areas[G.filter].name;
  } else {
    $('#filter').classList.add('hidden');
  }
  const buys = list.filter((c) => c.buy);
  if (buys.length) renderBuy(box, buys, s);
  for (const c of list) {
    if (c.buy) continue;
    const b = el('button', { class: 'choice', type: 'button', 'data-text': c.text }, c.label);
    if (c.odds) b.append(el('span', { class: 'odds' }, `odds: ${c.odds}`));
    if (c.help) {
      b.title = c.help;
      b.append(el('span', { class: 'sub' }, c.help));
    }
    b.disabled = G.sending;
    b.addEventListener('click', () => choose(c.text));
    b.addEventListener('mouseenter', () => c.areas.forEach((a) => document.querySelector(`#map [data-area="${a}"]`)?.classList.add('hl')));
    b.addEventListener('mouseleave', () => c.areas.forEach((a) => document.querySelector(`#map [data-area="${a}"]`)?.classList.remove('hl')));
    box.append(b);
  }
  const why = $('#reasons');
  why.textContent = '';
  for (const r of s.reasons || []) why.append(el('li', {}, r));
}

function turnLine(s) {
  if (s.pending.kind === 'over' || s.current_player === null) return '';
  const who = `P${s.current_player + 1}'s turn`;
  if (s.pending.phase === 'production') return `${who} · ${s.round === 0 ? 'reinforcement' : 'production'} points left: ${s.points_left}`;
  if (s.round === 0) return `setup · ${who}`;
  const pts = (n, what) => `${n} ${what} point${n === 1 ? '' : 's'}`;
  if (s.battle) return `${who} · battle · ${pts(s.attacks_left, 'combat')} left`;
  // "The Combat Phase" follows "The Movement Phase": once combat has begun, no movement.
  if (s.combat_started) return `${who} · combat · ${pts(s.attacks_left, 'combat')} left (movement is over)`;
  return `${who} · ${pts(s.moves_left, 'movement')} and ${pts(s.attacks_left, 'combat')} left`;
}

function render(s) {
  const old = G.state;
  G.state = s;
  if (!old || old.plies !== s.plies) { G.buy = {}; if (G.plan && G.plan.ply !== s.plies) G.plan = null; }
  const p = $('#pending');
  p.dataset.kind = s.pending.kind;
  p.dataset.yours = String(s.pending.yours);
  p.dataset.ply = String(s.plies);
  p.dataset.phase = s.pending.phase;
  p.dataset.round = String(s.round);
  p.dataset.sending = String(G.sending);
  let q;
  if (s.pending.kind === 'over') {
    q = s.winners.length ? `Game over: ${s.winners.map((w) => 'P' + (w + 1)).join(' and ')} won` : 'Game over: nobody won';
  } else if (s.pending.yours) {
    q = s.pending.question;
  } else {
    const who = s.pending.player === null ? '' : `P${s.pending.player + 1}`;
    const seat = s.pending.player === null ? null : s.seats[s.pending.player];
    const ai = seat && seat.player && seat.player.startsWith('ai');
    q = `Waiting for ${who}${ai ? ' (AI' + (s.thinking ? ', thinking' : '') + ')' : ''}: ${s.pending.question}`;
  }
  $('#question').textContent = q;
  $('#turn').textContent = turnLine(s);
  const battle = $('#battle');
  if (s.battle) {
    battle.classList.remove('hidden');
    battle.textContent = `Battle for ${G.map.areas[s.battle.area].name}: P${s.battle.attacker + 1} with ${s.battle.attackers} against ${ownerName(s.battle.defender)} with ${s.battle.defenders}`;
    if (s.battle.odds) battle.append(el('div', { class: 'odds' }, `odds from here: ${s.battle.odds}`));
  } else {
    battle.classList.add('hidden');
    battle.textContent = '';
  }
  $('#status').textContent = `game ${s.id} · round ${s.round} of at most ${s.round_limit} · ${s.victory_target} VP to win` + (s.you === null ? ' · watching' : ` · you are P${s.you + 1}`);
  renderAreas(s);
  renderSeats(s);
  renderHand(s);
  renderChoices();
  const log = $('#log');
  log.textContent = s.log.join('\n');
  log.scrollTop = log.scrollHeight;
  // The record shows the seed and every hand: only at the end, or to a lone person vs AIs.
  $('#record-link').classList.toggle('hidden', !s.record_available);
  $('#record-later').classList.toggle('hidden', !!s.record_available);
}

// The game's WebSocket: the state as this seat may see it, now and after every change.
// Reconnects after a loss (the state is read once over HTTP meanwhile).
function connect(delay = 500) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/strategy/games/${G.id}/ws?seat=${encodeURIComponent(G.seat)}`);
  G.ws = ws;
  ws.addEventListener('open', () => { document.body.dataset.ws = 'open'; delay = 500; });
  ws.addEventListener('message', (m) => {
    const v = JSON.parse(m.data);
    if (v.type !== 'state') return;
    G.wsMessages++;
    document.body.dataset.wsMessages = String(G.wsMessages);
    render(v);
  });
  ws.addEventListener('close', () => {
    document.body.dataset.ws = 'closed';
    setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
  });
}

async function send(texts) {
  if (G.sending) return;
  G.sending = true;
  $('#pending').dataset.sending = 'true';
  for (const b of document.querySelectorAll('#choices button')) b.disabled = true;
  $('#error').textContent = '';
  try {
    const body = texts.length === 1 ? { seat: G.seat, decision: texts[0], ply: G.state.plies } : { seat: G.seat, decisions: texts, ply: G.state.plies };
    await api('POST', `/api/strategy/games/${G.id}/decide`, body);
    G.filter = null;
  } catch (e) {
    $('#error').textContent = e.message;
  }
  G.sending = false;
  // The new state comes over the WebSocket; the last one shown is drawn again as sendable.
  if (G.state) render(G.state);
}

async function game(id) {
  G.id = id;
  G.seat = new URLSearchParams(location.search).get('seat') || '';
  $('#game').classList.remove('hidden');
  $('#record-link').href = `/api/strategy/games/${id}/record?seat=${encodeURIComponent(G.seat)}`;
  $('#filter-clear').addEventListener('click', () => { G.filter = null; renderChoices(); });
  G.map = await api('GET', '/api/strategy/map');
  drawMap();
  try {
    render(await api('GET', `/api/strategy/games/${G.id}?seat=${encodeURIComponent(G.seat)}`));
  } catch (e) {
    $('#error').textContent = e.message;
    return;
  }
  connect();
}

const m = /^\/strategy\/(\w+)/.exec(location.pathname);
if (m) game(m[1]); else lobby();
