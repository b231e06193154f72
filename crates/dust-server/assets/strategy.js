// The strategy game's pages (crates/dust-server/src/strategy): the lobby at /strategy and a
// game at /strategy/{id}?seat=TOKEN. Plain JavaScript, no external assets. The server decides
// everything: this page draws the world map, the seat's hand and the choices the engine lists,
// and sends the one clicked.
'use strict';

const COLORS = ['#c0392b', '#2166ac', '#1a9850', '#e08214', '#762a83', '#4d4d4d'];
const NEUTRAL = '#8c6d31';
const CELL_W = 100, CELL_H = 78, PAD = 24;
const SVGNS = 'http://www.w3.org/2000/svg';
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

const G = { id: null, seat: null, map: null, state: null, filter: null, sending: false, shownKey: '' };

function drawMap() {
  const m = G.map;
  const svg = $('#map');
  const W = PAD * 2 + m.cols * CELL_W, H = PAD * 2 + m.rows * CELL_H;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.textContent = '';
  const center = (a) => [PAD + a.col * CELL_W + CELL_W / 2, PAD + a.row * CELL_H + CELL_H / 2];
  const links = el('svg:g', { id: 'links' });
  for (const l of m.links) {
    const a = m.areas[l.a], b = m.areas[l.b];
    const [x1, y1] = center(a), [x2, y2] = center(b);
    if (l.wrap) {
      // Leaves the west edge and comes back at the east edge.
      const [w, e] = a.col <= b.col ? [[x1, y1], [x2, y2]] : [[x2, y2], [x1, y1]];
      links.append(el('svg:line', { class: 'link wrap', x1: w[0], y1: w[1], x2: 2, y2: w[1], 'data-link': `${l.a}-${l.b}` }));
      links.append(el('svg:line', { class: 'link wrap', x1: e[0], y1: e[1], x2: W - 2, y2: e[1], 'data-link': `${l.a}-${l.b}` }));
    } else {
      links.append(el('svg:line', { class: 'link' + (l.dotted ? ' dotted' : ''), x1, y1, x2, y2, 'data-link': `${l.a}-${l.b}` }));
    }
  }
  svg.append(links);
  for (const a of m.areas) {
    const x = PAD + a.col * CELL_W + 4, y = PAD + a.row * CELL_H + 4;
    const g = el('svg:g', { class: `area ${a.kind}`, 'data-area': a.id, 'data-name': a.name });
    g.append(el('svg:rect', { x, y, width: CELL_W - 8, height: CELL_H - 8, rx: a.kind === 'sea' ? 18 : 6 }));
    g.append(el('svg:text', { class: 'name', x: x + 6, y: y + 13 }, a.name));
    let marks = '';
    if (a.capital) marks += '★';
    if (a.power_source) marks += '⚡';
    g.append(el('svg:text', { class: 'mark', x: x + CELL_W - 14, y: y + 13, 'text-anchor': 'end' }, marks));
    g.append(el('svg:text', { class: 'mark pc', x: x + 6, y: y + CELL_H - 14 }, ''));
    g.append(el('svg:text', { class: 'units', x: x + (CELL_W - 8) / 2, y: y + 42, 'text-anchor': 'middle' }, ''));
    g.addEventListener('click', () => {
      G.filter = G.filter === a.id ? null : a.id;
      renderChoices();
    });
    const title = el('svg:title', {}, a.name + (a.capital ? ' (capital)' : '') + (a.power_source ? ' (power source)' : '') + (a.kind === 'sea' ? ' (sea)' : ''));
    g.append(title);
    svg.append(g);
  }
}

function renderAreas(s) {
  for (const a of s.areas) {
    const g = document.querySelector(`#map [data-area="${a.id}"]`);
    if (!g) continue;
    const color = ownerColor(a.owner);
    const rect = g.querySelector('rect');
    rect.style.stroke = a.owner === null ? '' : color;
    rect.style.strokeWidth = a.owner === null ? '' : '3';
    const u = g.querySelector('.units');
    u.textContent = a.text;
    u.style.fill = color;
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
    tr.append(el('td', {}, p.card ? `${p.card.title} ${p.card.combat}/${p.card.movement}/${p.card.production}` : (p.has_chosen ? 'chosen, face down' : '')));
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
    h.append(el('span', { class: 'card', 'data-card': c.id, title: `${c.text}\n${c.title}: ${c.rules}` },
      `#${c.id} ${c.title} · ⚔${c.combat} ➜${c.movement} ⚙${c.production} ${'★'.repeat(c.stars)}`));
    h.append(el('div', { class: 'rules' }, `${c.title}: ${c.rules}`));
  }
  if (!s.hand.length) h.textContent = 'no cards';
}

function renderChoices() {
  const s = G.state;
  if (!s) return;
  const box = $('#choices');
  box.textContent = '';
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
  for (const c of list) {
    const b = el('button', { class: 'choice', type: 'button', 'data-text': c.text }, c.odds ? `${c.label} — ${c.odds}` : c.label);
    if (c.help) b.title = c.help;
    b.disabled = G.sending;
    b.addEventListener('click', () => send(c.text));
    b.addEventListener('mouseenter', () => c.areas.forEach((a) => document.querySelector(`#map [data-area="${a}"]`)?.classList.add('hl')));
    b.addEventListener('mouseleave', () => c.areas.forEach((a) => document.querySelector(`#map [data-area="${a}"]`)?.classList.remove('hl')));
    box.append(b);
  }
}

function render(s) {
  G.state = s;
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
  if (s.battle) {
    const owner = (o) => (o === 'neutral' ? 'neutral' : `P${o + 1}`);
    q += ` · battle for ${G.map.areas[s.battle.area].name}: P${s.battle.attacker + 1} with ${s.battle.attackers} against ${owner(s.battle.defender)} with ${s.battle.defenders}`;
    if (s.battle.odds) q += ` (from here: ${s.battle.odds})`;
  }
  $('#question').textContent = q;
  $('#status').textContent = `game ${s.id} · round ${s.round} of at most ${s.round_limit} · ${s.victory_target} VP to win` + (s.you === null ? ' · watching' : ` · you are P${s.you + 1}`);
  renderAreas(s);
  renderSeats(s);
  renderHand(s);
  renderChoices();
  const log = $('#log');
  log.textContent = s.log.join('\n');
  log.scrollTop = log.scrollHeight;
}

async function refresh() {
  try {
    const s = await api('GET', `/api/strategy/games/${G.id}?seat=${encodeURIComponent(G.seat)}`);
    const key = `${s.plies}/${s.thinking}/${s.status}`;
    if (key !== G.shownKey) {
      G.shownKey = key;
      render(s);
    }
    // The record shows the seed and every hand: only at the end, or to a lone person vs AIs.
    $('#record-link').classList.toggle('hidden', !s.record_available);
    $('#record-later').classList.toggle('hidden', !!s.record_available);
  } catch (e) {
    $('#error').textContent = e.message;
  }
}

async function send(text) {
  if (G.sending) return;
  G.sending = true;
  $('#pending').dataset.sending = 'true';
  for (const b of document.querySelectorAll('#choices button')) b.disabled = true;
  $('#error').textContent = '';
  try {
    await api('POST', `/api/strategy/games/${G.id}/decide`, { seat: G.seat, decision: text, ply: G.state.plies });
    G.filter = null;
  } catch (e) {
    $('#error').textContent = e.message;
  }
  G.sending = false;
  G.shownKey = '';
  await refresh();
}

async function game(id) {
  G.id = id;
  G.seat = new URLSearchParams(location.search).get('seat') || '';
  $('#game').classList.remove('hidden');
  $('#record-link').href = `/api/strategy/games/${id}/record?seat=${encodeURIComponent(G.seat)}`;
  $('#filter-clear').addEventListener('click', () => { G.filter = null; renderChoices(); });
  G.map = await api('GET', '/api/strategy/map');
  drawMap();
  await refresh();
  setInterval(() => { if (!G.sending) refresh(); }, 700);
}

const m = /^\/strategy\/(\w+)/.exec(location.pathname);
if (m) game(m[1]); else lobby();
