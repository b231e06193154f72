// Dust 1947 in the browser: lobby, game, replay viewer, odds calculator and rulings.
// Plain JavaScript and SVG, no external assets. The server decides everything: the page shows
// the state it is sent and the legal decisions, and sends back the one picked.
'use strict';

const $ = (sel, root) => (root || document).querySelector(sel);
const app = document.getElementById('app');
const SVGNS = 'http://www.w3.org/2000/svg';

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
function svg(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k) e.append(k);
  return e;
}
async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  let j = null;
  try { j = await r.json(); } catch (_) { j = null; }
  if (!r.ok) {
    const e = new Error((j && j.error && j.error.message) || ('HTTP ' + r.status));
    e.status = r.status;
    throw e;
  }
  return j;
}
const pct = (p) => (p * 100).toFixed(p > 0 && p < 0.01 ? 1 : 0) + '%';
const sideClass = (s) => (s === 'A' ? 'sideA' : s === 'B' ? 'sideB' : '');

function myGames() {
  try { return JSON.parse(localStorage.getItem('dust1947.games') || '{}'); } catch (_) { return {}; }
}
function remember(id, info) {
  const g = myGames();
  g[id] = Object.assign(g[id] || {}, info, { at: Date.now() });
  try { localStorage.setItem('dust1947.games', JSON.stringify(g)); } catch (_) { /* private mode */ }
}

// ----- armies: the scenario's, a shipped file, an uploaded file or the builder ------------

// The army picker of one side in the new-game form. `offer` is /api/armies?scenario=…;
// `choice()` gives what to send in `armies.a|b` (null: the scenario's army).
function armyPicker(side, offer, scenario) {
  const S = side.toLowerCase();
  const own = offer.own ? offer.own[S] : null;
  const select = el('select', { id: `army-${S}` },
    el('option', { value: 'scenario', text: own ? `The scenario's: ${own.name || 'side ' + side} (${own.cost} AP)` : "The scenario's army" }),
    offer.shipped.map((a) => el('option', { value: 'shipped:' + a.id, text: `${a.army.name} (${a.army.bloc}, ${a.army.cost} AP, file ${a.id}.toml)` })),
    el('option', { value: 'upload', text: 'Upload or paste an army file…' }),
    el('option', { value: 'build', text: 'Build an army…' }));
  const box = el('div', { class: 'armybox', id: `army-box-${S}` });
  const result = el('div', { class: 'army-result small', id: `army-result-${S}` });
  const limit = offer.ap_limit;
  // upload
  const text = el('textarea', { id: `army-toml-${S}`, placeholder: 'Paste an army file (TOML, docs/army-format.md), or choose a file' });
  const file = el('input', { type: 'file', id: `army-file-${S}`, 'aria-label': `Army file of side ${side}`, accept: '.toml,.txt', onchange: async (e) => { const f = e.target.files[0]; if (f) { text.value = await f.text(); check(); } } });
  text.addEventListener('input', () => later());
  // builder
  const B = { units: [] };
  const bloc = el('select', { id: `build-bloc-${S}` }, (offer.blocs || []).map((b) => el('option', { value: b, text: b })));
  bloc.value = side === 'A' ? 'allies' : 'axis';
  const name = el('input', { type: 'text', id: `build-name-${S}`, value: `My ${side === 'A' ? 'Allied' : 'Axis'} army`, maxlength: 80 });
  const cardList = el('div', { class: 'cardlist', id: `build-cards-${S}` });
  const chosen = el('ol', { class: 'chosen', id: `build-list-${S}` });
  const total = el('div', { class: 'total', id: `build-total-${S}` });
  const cardOf = (n) => offer.cards.find((c) => c.name === n);
  function drawBuilder() {
    const cost = B.units.reduce((t, u) => t + cardOf(u.name).ap, 0);
    cardList.replaceChildren(...offer.cards.filter((c) => c.bloc === bloc.value).map((c) => el('div', { class: 'cardrow' },
      el('button', { type: 'button', class: 'add', 'data-card': c.name, disabled: limit && cost + c.ap > limit ? true : null, onclick: () => { B.units.push({ name: c.name, joins: null }); drawBuilder(); check(); } }, '+'),
      ` ${c.name} `, el('span', { class: 'muted' }, `${c.kind}, ${c.armor}, ${c.ap} AP${c.provisional ? ', provisional' : ''}`))));
    chosen.replaceChildren(...B.units.map((u, i) => {
      const c = cardOf(u.name);
      const row = el('li', { 'data-card': u.name }, `${u.name} (${c.ap} AP) `);
      if (c.kind === 'hero') {
        const squads = B.units.filter((x) => c.joins.includes(x.name)).map((x) => x.name).filter((n, k, all) => all.indexOf(n) === k);
        const j = el('select', { class: 'joins', 'aria-label': `${u.name} joins`, onchange: () => { u.joins = j.value || null; check(); } },
          el('option', { value: '', text: 'alone' }), squads.map((n) => el('option', { value: n, text: 'joins ' + n })));
        if (u.joins && !squads.includes(u.joins)) u.joins = null;
        j.value = u.joins || '';
        row.append(j, ' ');
      }
      row.append(el('button', { type: 'button', class: 'remove', onclick: () => { B.units.splice(i, 1); drawBuilder(); check(); } }, 'remove'));
      return row;
    }));
    total.textContent = `${B.units.length} units, ${cost}${limit ? ' of ' + limit : ''} AP`;
  }
  bloc.addEventListener('change', () => { B.units = []; drawBuilder(); check(); });
  name.addEventListener('input', () => later());
  function choice() {
    const v = select.value;
    if (v === 'scenario') return null;
    if (v.startsWith('shipped:')) return { shipped: v.slice(8) };
    if (v === 'upload') return { toml: text.value };
    return { name: name.value, bloc: bloc.value, units: B.units.map((u) => (u.joins ? { name: u.name, joins: u.joins } : { name: u.name })) };
  }
  let timer = null, seq = 0;
  function later() { clearTimeout(timer); timer = setTimeout(check, 300); }
  // Every army is checked on the server with the same rules as when the game starts.
  async function check() {
    const c = choice();
    result.replaceChildren();
    result.dataset.ok = '';
    if (!c) return;
    if (c.toml !== undefined && !c.toml.trim()) { result.append(el('p', { class: 'muted' }, 'Paste an army file or choose one.')); return; }
    if (c.units && !c.units.length) { result.append(el('p', { class: 'muted' }, 'Add units with +.')); return; }
    const my = ++seq;
    try {
      const r = await api('POST', '/api/armies/check', Object.assign({ scenario }, c));
      if (my !== seq) return;
      result.dataset.ok = String(r.ok);
      if (r.army) result.append(el('p', {}, el('b', {}, r.army.name), ` · ${r.army.bloc} · ${r.army.cost} AP` + (r.scenario_ap_limit ? ` of ${r.scenario_ap_limit}` : '') + ` · ${r.army.units.map((u) => u.name + (u.joins ? ' (joins ' + u.joins + ')' : '')).join(', ')}`));
      if (r.ok) result.append(el('p', { class: 'ok' }, '✓ a legal army'));
      else result.append(el('ul', { class: 'problems' }, r.problems.map((p) => el('li', { class: 'err' }, p))));
      if (c.units && r.toml) {
        result.append(el('details', {}, el('summary', {}, 'The army file'), el('pre', { class: 'mono' }, r.toml),
          el('a', { href: 'data:application/toml;charset=utf-8,' + encodeURIComponent(r.toml), download: 'army.toml' }, 'Download it')));
      }
    } catch (e) { if (my === seq) result.append(el('p', { class: 'err' }, e.message)); }
  }
  function show() {
    const v = select.value;
    box.replaceChildren();
    if (v === 'upload') box.append(file, text);
    if (v === 'build') {
      box.append(el('label', {}, el('span', {}, 'Name'), name), el('label', {}, el('span', {}, 'Bloc'), bloc),
        el('div', { class: 'builder' }, el('div', {}, el('div', { class: 'muted small' }, 'Cards (tap + to add)'), cardList),
          el('div', {}, el('div', { class: 'muted small' }, 'Your army'), chosen, total)));
      drawBuilder();
    }
    box.append(result);
    check();
  }
  select.addEventListener('change', show);
  show();
  return { node: el('div', { class: 'army' }, el('label', {}, el('span', {}, `Army of side ${side}`), select), box), choice };
}

// ----- lobby ------------------------------------------------------------------------------

async function lobbyPage() {
  document.title = 'Dust 1947';
  const [sc, lobby] = await Promise.all([api('GET', '/api/scenarios'), api('GET', '/api/games')]);
  const err = el('div', { class: 'err', id: 'lobby-error' });
  const scenario = el('select', { id: 'scenario' }, sc.scenarios.map((n) => el('option', { value: n, text: n })));
  const side = el('select', { id: 'side' }, el('option', { value: 'a', text: 'A (Allies)' }), el('option', { value: 'b', text: 'B (Axis)' }));
  const opponent = el('select', { id: 'opponent' },
    el('option', { value: 'ai mcts:200ms', text: 'AI: MCTS 200 ms (strong)' }),
    el('option', { value: 'ai mcts:1s', text: 'AI: MCTS 1 s (stronger)' }),
    el('option', { value: 'ai greedy', text: 'AI: greedy' }),
    el('option', { value: 'ai random', text: 'AI: random' }),
    el('option', { value: 'human', text: 'A person (send them a link)' }));
  const seed = el('input', { id: 'seed', type: 'number', min: 0, placeholder: 'random' });
  const armiesBox = el('div', { id: 'armies' });
  let pickers = null;
  async function loadArmies() {
    const name = scenario.value;
    pickers = null;
    armiesBox.replaceChildren(el('p', { class: 'muted small' }, 'Loading the armies…'));
    try {
      const offer = await api('GET', '/api/armies?scenario=' + encodeURIComponent(name));
      if (scenario.value !== name) return;
      if (!offer.choosable) { armiesBox.replaceChildren(el('p', { class: 'muted small' }, `Armies: ${offer.why}.`)); return; }
      pickers = { a: armyPicker('A', offer, name), b: armyPicker('B', offer, name) };
      armiesBox.replaceChildren(pickers.a.node, pickers.b.node,
        el('p', { class: 'muted small' }, offer.ap_limit ? `This scenario allows ${offer.ap_limit} AP per army.` : 'This scenario sets no AP limit.'));
    } catch (e) { armiesBox.replaceChildren(el('p', { class: 'err' }, e.message)); }
  }
  scenario.addEventListener('change', loadArmies);
  // The server's edition (`serve --edition`) picks the scenario the form opens on.
  const first = sc.default || 'annihilation';
  if (sc.scenarios.includes(first)) scenario.value = first;
  // A game is played by its scenario's edition: shown with the server's.
  const edition = sc.edition || 'revised';
  const editionNote = el('p', { class: 'muted small', id: 'edition', 'data-edition': edition });
  // A battlefront table may be laid by the players before the game (docs/battlefront.md,
  // "Setting up a game").
  const setupSel = el('select', { id: 'setup' },
    el('option', { value: 'scenario', text: "The scenario's layout" }),
    el('option', { value: 'players', text: 'The players lay it: boards, terrain, objectives' }));
  const setupLabel = el('label', { id: 'setup-label' }, el('span', {}, 'Table'), setupSel);
  function showSetup() {
    const bf = (sc.battlefront || []).includes(scenario.value);
    const played = bf ? 'battlefront' : 'revised';
    editionNote.dataset.scenarioEdition = played;
    editionNote.textContent = `Edition: ${played}` + (played === edition ? ` (this server's default)` : ` (this server's default is ${edition})`);
    setupLabel.style.display = bf ? '' : 'none';
    if (!bf) setupSel.value = 'scenario';
  }
  scenario.addEventListener('change', showSetup);
  showSetup();
  const spect = el('input', { id: 'spectators', type: 'checkbox', checked: true });
  // Against a person: by default only the invite link opens the other seat (once); listed, the
  // first visitor of the lobby who joins takes it.
  const pub = el('input', { id: 'public', type: 'checkbox' });
  const create = el('button', {
    class: 'primary', id: 'create', onclick: async () => {
      err.textContent = '';
      create.disabled = true;
      try {
        const body = { scenario: scenario.value, side: side.value, opponent: opponent.value, spectators: spect.checked, public: pub.checked };
        if (seed.value !== '') body.seed = Number(seed.value);
        if (setupSel.value === 'players') body.setup = 'players';
        if (pickers) {
          const a = pickers.a.choice(), b = pickers.b.choice();
          if (a || b) body.armies = Object.assign({}, a ? { a } : {}, b ? { b } : {});
        }
        const r = await api('POST', '/api/games', body);
        remember(r.id, { token: r.you.token, side: r.you.side, scenario: scenario.value, invite: r.invite && r.invite.link, watch: r.spectator_link });
        location.href = r.you.link;
      } catch (e) { err.textContent = e.message; create.disabled = false; }
    },
  }, 'Start the game');

  const recText = el('textarea', { id: 'record-text', placeholder: 'Paste a game record (TOML), or choose a file' });
  const recFile = el('input', { type: 'file', 'aria-label': 'A game record file', accept: '.toml,.txt', onchange: async (e) => { const f = e.target.files[0]; if (f) recText.value = await f.text(); } });
  const recSide = el('select', {}, el('option', { value: 'a', text: 'A' }), el('option', { value: 'b', text: 'B' }));
  const recOpp = el('select', {}, el('option', { value: 'ai mcts:200ms', text: 'AI: MCTS 200 ms' }), el('option', { value: 'ai greedy', text: 'AI: greedy' }), el('option', { value: 'human', text: 'A person' }));
  const upload = el('button', {
    onclick: async () => {
      err.textContent = '';
      try {
        const r = await api('POST', '/api/games/import', { record: recText.value, side: recSide.value, opponent: recOpp.value });
        remember(r.id, { token: r.you.token, side: r.you.side, scenario: 'uploaded', invite: r.invite && r.invite.link, watch: r.spectator_link });
        location.href = r.you.link;
      } catch (e) { err.textContent = e.message; }
    },
  }, 'Continue this game');

  const mine = Object.entries(myGames()).sort((a, b) => b[1].at - a[1].at);
  const mineList = mine.length ? el('ul', {}, mine.map(([id, g]) => el('li', {},
    el('a', { href: `/game/${id}?seat=${g.token}` }, `${g.scenario || 'game'} ${id}`), ' ', el('span', { class: sideClass(g.side) }, 'side ' + g.side))))
    : el('p', { class: 'muted' }, 'None yet on this browser.');
  const open = lobby.games.filter((g) => g.open.length && g.status === 'playing');
  const openList = open.length ? el('table', {}, open.map((g) => el('tr', {},
    el('td', {}, g.scenario), el('td', { class: 'small' }, `A: ${g.players.a} · B: ${g.players.b}`),
    el('td', {}, el('button', {
      onclick: async () => {
        try {
          const r = await api('POST', `/api/games/${g.id}/join`, {});
          remember(g.id, { token: r.token, side: r.side, scenario: g.scenario });
          location.href = r.link;
        } catch (e) { err.textContent = e.message; }
      },
    }, `Join as ${g.open[0]}`)))))
    : el('p', { class: 'muted' }, 'No open seats. Start a game against a person and list the seat to make one.');
  const watch = lobby.games.filter((g) => g.watch);
  const watchList = watch.length ? el('table', {}, watch.slice(0, 30).map((g) => el('tr', {},
    el('td', {}, el('a', { href: g.watch }, g.scenario + ' ' + g.id)),
    el('td', { class: 'small' }, `${g.players.a} vs ${g.players.b}`),
    el('td', { class: 'small' }, g.status === 'over' ? `over (${g.result})` : `${g.plies} decisions`))))
    : el('p', { class: 'muted' }, 'No games yet.');

  app.replaceChildren(
    el('h1', { class: 'sr-only' }, 'Dust 1947: games'),
    err,
    learnButton(remember),
    el('div', { class: 'grid2' },
      el('section', { class: 'panel' }, el('h2', {}, 'New game'),
        el('label', {}, el('span', {}, 'Scenario'), scenario),
        editionNote,
        el('label', {}, el('span', {}, 'Your side'), side),
        el('label', {}, el('span', {}, 'Opponent'), opponent),
        setupLabel,
        armiesBox,
        el('label', {}, el('span', {}, 'Dice seed'), seed),
        el('label', {}, el('span', {}, 'Spectator link'), spect),
        el('label', {}, el('span', {}, 'Against a person: list the seat for anyone to join'), pub),
        create),
      el('section', { class: 'panel' }, el('h2', {}, 'Your games'), mineList,
        el('h2', {}, 'Open seats'), openList)),
    el('div', { class: 'grid2' },
      el('section', { class: 'panel' }, el('h2', {}, 'Upload a record and play on'), recFile, recText,
        el('label', {}, el('span', {}, 'Your side'), recSide), el('label', {}, el('span', {}, 'Opponent'), recOpp), upload),
      el('section', { class: 'panel' }, el('h2', {}, 'Watch'), watchList)));
  loadArmies();
}

// ----- the board: board.js (drawBoard, boardTools, boardLegend, rollDice) ----------------

function oddsChart(o, width) {
  const probs = o.loss || [];
  const n = probs.length, w = width || 260, h = 90, pad = 18;
  const bw = (w - pad) / Math.max(n, 1);
  const max = Math.max(...probs, 0.0001);
  const c = svg('svg', { class: 'chart', viewBox: `0 0 ${w} ${h + 14}`, width: '100%', 'data-chart': 'odds' });
  probs.forEach((p, k) => {
    const bh = (p / max) * (h - 14);
    c.append(svg('rect', { class: 'bar' + (k === n - 1 && n > 1 ? ' dest' : ''), x: pad + k * bw + 2, y: h - bh, width: Math.max(bw - 4, 1), height: bh },
      svg('title', { text: `${k} lost: ${pct(p)}` })));
    c.append(svg('text', { x: pad + k * bw + bw / 2 - 3, y: h + 11, text: String(k) }));
    if (p > 0.005) c.append(svg('text', { x: pad + k * bw + 2, y: h - bh - 2, text: pct(p) }));
  });
  return c;
}

function oddsLine(o) {
  if (!o) return '';
  const hero = o.hero ? ` · joined hero: ${o.hero.mean.toFixed(2)} lost, destroyed ${pct(o.hero.destroyed)}` : '';
  return `destroys ${pct(o.destroyed)} · at least 1 loss ${pct(o.at_least_one)} · ${o.mean.toFixed(2)} lost on average${hero}`;
}

function unitCard(u, st) {
  const card = el('div', { class: 'card', id: 'card' },
    el('h3', { class: sideClass(u.side) }, `${u.name} (u${u.id})`),
    el('div', { class: 'small' }, `side ${u.side} · ${u.kind} · Move ${u.movement} · Armor ${u.armor} · AP ${u.ap}`));
  if (u.provisional) card.append(el('div', { class: 'prov' }, 'PROVISIONAL card: numbers not official'));
  if (u.flies) card.append(el('div', { class: 'small', 'data-flies': 'true' }, 'Flies: over terrain and units, moves first; no reactive attacks; holds no objective'));
  const state = u.destroyed ? 'destroyed' : (u.at ? `at ${u.at}` : 'not on the board yet') + (u.activated ? ', activated this round' : '');
  card.append(el('div', {}, `Health ${u.health}/${u.max_health} · ${state}`));
  if (u.joined !== null && u.joined !== undefined) { const j = st.units[u.joined]; if (j) card.append(el('div', { class: 'small' }, `with ${j.name} (u${j.id})`)); }
  if (u.skills.length) card.append(el('div', { class: 'small' }, 'Skills: ' + u.skills.map((s) => s.name + (s.used ? ' (used)' : '')).join(', ')));
  if (u.soft_cover || u.hard_cover) card.append(el('div', { class: 'small' }, `Cover saves: soft ${u.soft_cover || '—'}, hard ${u.hard_cover || '—'}`));
  card.append(el('table', { class: 'small' },
    el('tr', {}, el('th', {}, 'Weapon'), el('th', {}, 'Range'), el('th', {}, 'vs soldier 1-4'), el('th', {}, 'vs vehicle 1-7'), el('th', {}, '')),
    u.weapons.map((w) => el('tr', {}, el('td', {}, w.name), el('td', {}, w.range), el('td', { class: 'mono' }, w.soldier.join(' ')), el('td', { class: 'mono' }, w.vehicle.join(' ')),
      el('td', {}, (w.carriers !== null && w.carriers !== undefined ? `×${w.carriers} ` : '') + (w.ammo_max ? `ammo ${w.ammo}/${w.ammo_max}` : ''))))));
  return card;
}

// ----- a game -----------------------------------------------------------------------------

function gamePage(id) {
  const params = new URLSearchParams(location.search);
  const token = params.get('seat') || '';
  const me = myGames()[id];
  const G = { st: null, log: [], sel: null, selUnit: null, targets: null, ws: null, retry: 0, error: '', sending: false, lastDice: null, setupItem: null, setupFacing: 'n' };
  document.title = 'Dust 1947 — game ' + id;

  const boardBox = el('div', { class: 'boardwrap' });
  const status = el('div', { class: 'status', id: 'status' });
  const errBox = el('div', { class: 'err', id: 'error' });
  const choices = el('div', { class: 'choices', id: 'choices' });
  const detail = el('div', { id: 'detail', class: 'small' });
  const cardBox = el('div', { id: 'cardbox' });
  const targetsBox = el('div', { id: 'targets', class: 'small' });
  const dice = el('div', { class: 'dice', id: 'dice' });
  const log = el('ol', { class: 'log', id: 'log' });
  const linkBox = el('div', { class: 'links small' });
  const roster = el('div', { id: 'roster', class: 'small' });
  // table.js: undo, the AI's words, the summary, the rules explained, the tutorial, the live region.
  const extras = gameExtras({ id, token, refresh: () => refresh(), get st() { return G.st; } });
  const boardKey = 'game:' + id;
  app.replaceChildren(el('h1', { class: 'sr-only' }, 'Dust 1947 game ' + id), el('div', { class: 'game play' },
    el('div', { class: 'area-board' }, boardTools(boardKey), boardBox, extras.legendBox),
    el('div', { class: 'area-bottom' }, el('section', { class: 'panel' }, el('h2', {}, 'Dice'), dice), el('section', { class: 'panel' }, el('h2', {}, 'Log'), log), extras.live),
    el('div', { class: 'area-side' },
      el('section', { class: 'panel' }, status, errBox, extras.undoBox),
      el('section', { class: 'panel' }, el('h2', { id: 'choices-title' }, 'Your choice'), choices, detail),
      extras.tutorBox,
      extras.summaryBox,
      extras.aiBox,
      el('section', { class: 'panel' }, cardBox, targetsBox),
      el('section', { class: 'panel' }, el('h2', {}, 'Armies'), roster),
      el('section', { class: 'panel' }, el('h2', {}, 'Links'), linkBox))));

  function send(text) {
    if (!G.st || G.sending) return;
    G.error = '';
    G.sending = true;
    // During the players' set-up, the number of set-up decisions taken.
    const at = G.st.setup ? G.st.setup.ply : G.st.ply;
    const msg = { type: 'decide', decision: text, ply: at };
    if (G.ws && G.ws.readyState === 1) {
      G.ws.send(JSON.stringify(msg));
    } else {
      api('POST', `/api/games/${id}/decide`, { seat: token, decision: text, ply: at })
        .then(() => refresh()).catch((e) => { G.error = e.message; G.sending = false; render(); });
    }
    G.sel = null;
    render();
  }

  function pick(d) {
    if (G.sel === d.text) { send(d.text); return; }
    G.sel = d.text;
    if (d.unit !== null && d.unit !== undefined && d.kind !== 'aim' && d.kind !== 'fire') selectUnit(d.unit, false);
    render();
  }

  async function selectUnit(uid, toggle) {
    G.selUnit = uid;
    G.targets = null;
    render();
    const u = G.st.units[uid];
    if (!u || !u.at || u.destroyed) return;
    try {
      const t = await api('GET', `/api/games/${id}/targets?seat=${encodeURIComponent(token)}&unit=${uid}`);
      if (G.selUnit === uid) { G.targets = t; render(); }
    } catch (e) { G.targets = { error: e.message }; render(); }
  }

  function onSquare(name) {
    if (G.st && G.st.setup) {
      const o = G.setupOptions.find((x) => x.square === name);
      if (!o) return;
      if (G.sel === o.text) send(o.text);
      else { G.sel = o.text; render(); }
      return;
    }
    const opts = G.st && G.st.yours ? G.st.decisions : [];
    const d = opts.find((x) => x.square === name && (x.kind === 'move' || x.kind === 'spread' || x.kind === 'escape'));
    if (d) { pick(d); return; }
    const u = G.st.units.find((x) => !x.destroyed && (x.at === name || (x.squares || []).includes(name)));
    if (u) selectUnit(u.id, true);
    else { G.selUnit = null; G.targets = null; G.sel = null; render(); }
  }

  function onUnit(uid, sq) {
    const opts = G.st && G.st.yours ? G.st.decisions : [];
    const d = opts.find((x) => x.unit === uid && x.kind !== 'move') || opts.find((x) => x.square === sq && x.kind === 'move');
    if (d && d.kind !== 'move') { pick(d); if (d.kind !== 'aim' && d.kind !== 'fire') return; }
    else if (d) { pick(d); return; }
    selectUnit(uid, true);
  }

  // The players' set-up (battlefront): the table so far, who decides, and the legal
  // decisions of the seat to move as buttons (boards, halves, objectives), or for the terrain
  // an item, a facing and a square (tapped on the board or chosen in a list); or typed.
  G.setupOptions = [];
  const typed = el('input', { type: 'text', id: 'setup-text', maxlength: 60, placeholder: 'or type it: place wood G6 n', autocomplete: 'off' });
  const typedSend = el('button', { type: 'button', id: 'setup-send', onclick: () => { const t = typed.value.trim(); if (t) { typed.value = ''; send(t); } } }, 'Send');
  typed.addEventListener('keydown', (e) => { if (e.key === 'Enter') typedSend.click(); });
  const ITEMS = { wood: 'Wood (3 trees)', pond: 'Pond (2 water, 1 swamp)', rubble: 'Rubble (2 squares)', trap: 'Anti-tank trap' };
  const FACINGS = { n: 'North', e: 'East', s: 'South', w: 'West' };
  const TERRAIN = { trees: 'trees', water: 'deep water', swamp: 'swamp', rubble: 'rubble', trap: 'an anti-tank trap' };
  function footprint(item, f, q) {
    const p = sqParse(q);
    return (item.shapes[f] || []).map(([dc, dr, t]) => ({ sq: sqName(p.c + dc, p.r + dr), t }));
  }
  function renderSetup(st) {
    const su = st.setup;
    const me = st.you ? st.you.toLowerCase() : null;
    const who = su.to_move
      ? (su.yours ? el('span', {}, 'Your set-up decision (side ', el('span', { class: sideClass(su.to_move) }, su.to_move), ')')
        : el('span', {}, 'Waiting for side ', el('span', { class: sideClass(su.to_move) }, su.to_move), st.thinking ? ': the AI is setting up…' : ': the other player sets up'))
      : 'The table is laid';
    const you = st.you ? el('span', {}, 'You play side ', el('span', { class: sideClass(st.you) }, st.you)) : el('span', {}, 'Spectator');
    status.replaceChildren(el('div', {}, `${st.scenario} · setting up the table`), el('div', { class: 'small' }, you, ` · set-up decision ${su.ply}`),
      el('div', { id: 'pending', 'data-kind': 'setup', 'data-stage': su.stage, 'data-yours': String(!!su.yours), 'data-ply': String(st.ply), 'data-setup-ply': String(su.ply), 'data-hash': st.hash, 'data-sending': String(!!G.sending) }, who));
    errBox.textContent = G.error;
    $('#choices-title').textContent = su.yours ? 'Your set-up: ' + su.asked : 'Set-up';
    const marks = {};
    for (const half of ['south', 'north']) {
      const k = ['a', 'b'].find((x) => su.sides[x].half === half);
      for (const q of su.entry[half]) marks[q] = { cls: 'hl-entry' + (k ? ' entry-' + k : '') };
    }
    choices.replaceChildren();
    detail.replaceChildren();
    let options = [];
    if (su.yours && su.stage === 'terrain') {
      const items = su.place;
      if (!items.find((i) => i.item === G.setupItem)) G.setupItem = items.length ? items[0].item : null;
      const item = items.find((i) => i.item === G.setupItem);
      choices.append(el('div', { class: 'setup-row' }, el('span', { class: 'muted small' }, 'Item '),
        items.map((i) => el('button', { type: 'button', class: 'setup-item' + (i.item === G.setupItem ? ' sel' : ''), 'data-item': i.item, onclick: () => { G.setupItem = i.item; G.sel = null; render(); } }, ITEMS[i.item] || i.item))));
      let f = 'n';
      if (item && item.tile) {
        if (!(item.anchors[G.setupFacing] || []).length) G.setupFacing = Object.keys(item.anchors).find((x) => item.anchors[x].length) || 'n';
        f = G.setupFacing;
        choices.append(el('div', { class: 'setup-row' }, el('span', { class: 'muted small' }, 'Facing '),
          Object.keys(item.anchors).map((x) => el('button', { type: 'button', class: 'setup-facing' + (x === f ? ' sel' : ''), 'data-facing': x, disabled: item.anchors[x].length ? null : true, onclick: () => { G.setupFacing = x; G.sel = null; render(); } }, FACINGS[x]))));
      }
      options = item ? (item.anchors[f] || []).map((q) => {
        const text = item.tile ? `place ${item.item} ${q} ${f}` : `place ${item.item} ${q}`;
        const fp = footprint(item, f, q);
        return { text, square: q, label: fp.map((x) => `${TERRAIN[x.t] || x.t} on ${x.sq}`).join(', '), fp };
      }) : [];
      const list = el('select', { id: 'setup-choice', onchange: () => { G.sel = list.value || null; render(); } },
        el('option', { value: '', text: `${options.length} places: tap a green square, or choose` }), options.map((o) => el('option', { value: o.text, text: o.text })));
      list.value = options.some((o) => o.text === G.sel) ? G.sel : '';
      choices.append(el('label', {}, el('span', {}, 'Where'), list));
      for (const o of options) marks[o.square] = { cls: 'hl-move setup-anchor' + (G.sel === o.text ? ' sel' : '') };
      const chosen = options.find((o) => o.text === G.sel);
      if (chosen) for (const x of chosen.fp) if (x.sq !== chosen.square) marks[x.sq] = { cls: 'hl-preview' };
    } else if (su.yours) {
      options = su.choices;
      for (const d of options) {
        choices.append(el('button', { class: 'choice' + (G.sel === d.text ? ' sel' : ''), 'data-text': d.text, onclick: () => (G.sel === d.text ? send(d.text) : ((G.sel = d.text), render())) },
          d.text, el('span', { class: 'sub' }, d.label)));
        if (d.square) marks[d.square] = { cls: 'hl-move' + (G.sel === d.text ? ' sel' : '') };
      }
    } else {
      choices.append(el('p', { class: 'muted' }, su.to_move ? 'Nothing to decide now: the other side sets up.' : 'The table is laid.'));
    }
    G.setupOptions = options;
    if (su.yours) {
      choices.append(el('div', { class: 'setup-row' }, typed, ' ', typedSend));
      if (G.sending) choices.append(el('p', { class: 'muted sending' }, 'sending…'));
      const sel = options.find((o) => o.text === G.sel);
      if (sel) detail.append(el('p', {}, el('b', {}, sel.text), ` — ${sel.label} — click again (or the button) to confirm `, el('button', { id: 'confirm', class: 'primary', onclick: () => send(sel.text) }, 'Confirm')));
    }
    boardBox.replaceChildren(drawBoard(st, { key: boardKey, marks, onSquare }));
    extras.render(st);
    // what each side laid and has left
    const side = (k) => {
      const x = su.sides[k], S = k.toUpperCase();
      const left = [x.tiles_left ? `${x.tiles_left} tile${x.tiles_left > 1 ? 's' : ''}` : null, x.trap_left ? 'the trap' : null].filter(Boolean).join(' and ') || 'nothing';
      return el('div', { 'data-setup-side': S }, el('b', { class: sideClass(S) }, `Side ${S}`), ` (${x.player}${k === me ? ', you' : ''}): ${k === 'a' ? 'south' : 'north'} board ${x.face || 'not laid yet'} · starts ${x.half || '— (the initiative winner chooses)'} · left: ${left}`);
    };
    cardBox.replaceChildren(el('div', { id: 'setup-info', class: 'small' }, el('h3', {}, 'Setting the Terrain'), side('a'), side('b'),
      el('div', {}, su.initiative ? `Initiative: side ${su.initiative.winner} (${su.initiative.a} to ${su.initiative.b} army symbols)` : 'Initiative: rolled when both boards lie'),
      el('div', {}, `Objectives: ${su.objectives}`),
      el('div', { class: 'muted' }, 'Green: where your choice may go; dashed: entry squares.')));
    targetsBox.replaceChildren();
    log.replaceChildren(...su.log.map(logItem));
    log.scrollTop = log.scrollHeight;
    rosterAndLinks(st);
  }

  function render() {
    const st = G.st;
    if (!st) return;
    if (st.setup) { renderSetup(st); return; }
    // status
    const p = st.pending;
    let what;
    if (p.kind === 'over') what = el('span', { class: 'over', id: 'game-over' }, p.winner ? `Game over: side ${p.winner} wins (${st.vp.a} to ${st.vp.b} VP)` : `Game over: a draw (${st.vp.a} to ${st.vp.b} VP)`);
    else if (st.yours) what = el('span', {}, 'Your turn to decide (side ', el('span', { class: sideClass(p.side) }, p.side), ')');
    else if (p.kind === 'decision') what = el('span', {}, 'Waiting for side ', el('span', { class: sideClass(p.side) }, p.side), st.thinking ? ': the AI is thinking…' : ': the other player decides');
    else what = 'Rolling dice…';
    const you = st.you ? el('span', {}, 'You play side ', el('span', { class: sideClass(st.you) }, st.you)) : el('span', {}, 'Spectator');
    status.replaceChildren(el('div', { id: 'status-line' }, `${st.scenario} · round ${st.round}/${st.round_limit} · VP A ${st.vp.a} : B ${st.vp.b}`), el('div', { class: 'small' }, you, ` · decision ${st.ply}`), el('div', { id: 'pending', 'data-kind': p.kind, 'data-yours': String(!!st.yours), 'data-ply': String(st.ply), 'data-hash': st.hash, 'data-sending': String(!!G.sending) }, what));
    errBox.textContent = G.error;
    // choices
    const title = $('#choices-title');
    title.textContent = st.yours && st.you !== st.turn && p.kind === 'decision' ? `Your choice during side ${st.turn}'s turn` : 'Your choice';
    const marks = {};
    choices.replaceChildren();
    if (st.yours) {
      for (const d of st.decisions) {
        let sub = '';
        if (d.kind === 'aim' && d.sight) sub = (d.sight.ok ? `${d.sight.level} cover` : 'no line of sight') + (d.odds ? ' · ' + oddsLine(d.odds) : '');
        // The order of the lines: the odds against that line's target when it fires next.
        if (d.kind === 'fire' && d.odds) sub = 'fired next: ' + oddsLine(d.odds);
        const b = el('button', { class: 'choice' + (G.sel === d.text ? ' sel' : ''), 'data-text': d.text, onclick: () => (G.sel === d.text ? send(d.text) : pick(d)) },
          d.label, sub ? el('span', { class: 'sub' }, sub) : null);
        choices.append(b);
        if (d.square) {
          if (d.kind === 'move' || d.kind === 'spread' || d.kind === 'escape') marks[d.square] = { cls: 'hl-move' + (G.sel === d.text ? ' sel' : ''), words: 'you may move here' };
          else if (d.kind === 'aim' && d.sight) {
            const cv = !d.sight.ok ? 'blocked' : d.sight.level === 'hard' || d.sight.level === 'soft' ? d.sight.level : 'none';
            marks[d.square] = { cls: 'hl-target cv-' + cv, cover: cv, words: 'a target, ' + COVER_WORDS[cv] };
          }
          else if (!marks[d.square]) marks[d.square] = { cls: 'hl-choice' };
        }
      }
      if (G.sending) choices.append(el('p', { class: 'muted sending' }, 'sending…'));
    } else {
      choices.append(el('p', { class: 'muted' }, p.kind === 'over' ? 'The game is over.' : 'Nothing to decide now.'));
    }
    // detail of the highlighted choice
    detail.replaceChildren();
    const sel = st.yours && st.decisions.find((d) => d.text === G.sel);
    if (sel) {
      detail.append(el('p', {}, el('b', {}, sel.label), ' — click again (or the button) to confirm ', el('button', { id: 'confirm', class: 'primary', onclick: () => send(sel.text) }, 'Confirm')));
      if (sel.sight) detail.append(el('p', {}, sel.sight.ok ? `Line of sight from ${sel.from}, range ${sel.range}: ${sel.sight.level} cover — ${sel.sight.reasons.join('; ')}` : `No line of sight: ${sel.sight.reason}`));
      if (sel.odds) detail.append(el('p', { id: 'choice-odds' }, 'Exact odds: ' + oddsLine(sel.odds)), oddsChart(sel.odds));
      if (sel.odds_error) detail.append(el('p', { class: 'muted' }, 'odds unavailable: ' + sel.odds_error));
    }
    // board
    let los = [];
    if (G.targets && G.targets.targets) los = G.targets.targets.map((t) => ({ from: G.targets.from, to: t.at, level: t.sight.ok ? t.sight.level : 'blocked' }));
    if (sel && sel.sight && sel.from) los = [{ from: sel.from, to: sel.square, level: sel.sight.ok ? sel.sight.level : 'blocked' }];
    // The declared move: the path and a ghost where the unit will attack from.
    let ghost = null;
    const dcl = st.declaring;
    if (dcl && dcl.moves && dcl.moves.length && st.units[dcl.unit] && st.units[dcl.unit].at) ghost = { unit: dcl.unit, path: [st.units[dcl.unit].at, ...dcl.moves] };
    boardBox.replaceChildren(drawBoard(st, { key: boardKey, marks, onSquare, onUnit, selected: G.selUnit, los, ghost }));
    extras.render(st);
    // unit card and targets
    cardBox.replaceChildren();
    targetsBox.replaceChildren();
    const u = G.selUnit !== null ? st.units[G.selUnit] : (st.declaring ? st.units[st.declaring.unit] : null);
    if (u) cardBox.append(unitCard(u, st));
    else cardBox.append(el('p', { class: 'muted' }, 'Tap a unit to see its card, its targets, the line of sight and the odds.'));
    if (u && u.destroyed) targetsBox.append(el('p', { class: 'muted', id: 'destroyed-note' }, `${u.name} is destroyed: it has no targets.`));
    else if (G.targets && G.targets.error) targetsBox.append(el('p', { class: 'muted' }, G.targets.error));
    if (G.targets && G.targets.targets && !(u && u.destroyed)) {
      targetsBox.append(el('h3', {}, `Targets from ${G.targets.from}`));
      if (!G.targets.targets.length) targetsBox.append(el('p', { class: 'muted' }, 'No enemy unit on the board.'));
      for (const t of G.targets.targets) {
        const o = t.odds;
        targetsBox.append(el('div', { class: 'target', 'data-target': t.unit },
          el('b', {}, `${t.name} (u${t.unit}) at ${t.at}, range ${t.range}: `),
          t.sight.ok ? `${t.sight.level} cover — ${t.sight.reasons.join('; ')}` : `no line of sight — ${t.sight.reason}`,
          el('div', {}, o && o.none ? el('span', { class: 'muted' }, o.none) : el('span', { class: 'target-odds' }, 'Exact odds, all lines in range: ' + oddsLine(o)))));
      }
    }
    rosterAndLinks(st);
  }

  // The armies and the links (the game and the set-up alike).
  function rosterAndLinks(st) {
    // the armies: every unit, on the board or not yet
    roster.replaceChildren(...['A', 'B'].map((sd) => el('div', { class: 'side', 'data-side': sd },
      el('h3', { class: sideClass(sd) }, `Side ${sd}` + (st.armies && st.armies[sd.toLowerCase()] ? `: ${st.armies[sd.toLowerCase()]}` : '') + (st.you === sd ? ' (you)' : '')),
      el('ul', {}, st.units.filter((u) => u.side === sd).map((u) => el('li', { class: 'rosterunit' + (u.destroyed ? ' gone' : ''), 'data-roster': u.id },
        el('button', { type: 'button', class: 'link', onclick: () => selectUnit(u.id, true) }, `${u.name} (u${u.id})`),
        ` ${u.kind}, health ${u.health}/${u.max_health}, ` + (u.destroyed ? 'destroyed' : u.at ? `at ${u.at}` : u.joined !== null && u.joined !== undefined && st.units[u.joined] && st.units[u.joined].at ? `with u${u.joined}` : 'not on the board yet')))))));
    // links
    linkBox.replaceChildren();
    const origin = location.origin;
    // The record holds the seed (the dice to come): given at the end, or to a lone person vs the AI.
    if (st.record_available) {
      linkBox.append(el('p', {}, el('a', { href: `/api/games/${id}/record?seat=${encodeURIComponent(token)}`, download: `dust1947-${id}.toml`, id: 'download' }, 'Download the game record'),
        ' · ', el('a', { href: `/replay?game=${id}&seat=${encodeURIComponent(token)}` }, 'Replay it')));
    } else {
      linkBox.append(el('p', { class: 'small' }, 'The game record (with the dice seed) can be downloaded when the game is over.'));
    }
    if (me && me.invite) linkBox.append(el('label', {}, 'Send this link to your opponent:', el('input', { readonly: true, value: origin + me.invite, id: 'invite' })));
    if (me && me.watch) linkBox.append(el('label', {}, 'Spectator link:', el('input', { readonly: true, value: origin + me.watch })));
  }

  function showDice(events) {
    const last = [...events].reverse().find((e) => e.dice);
    if (!last) return;
    rollDice(dice, last.dice, last.rule);
  }

  function absorb(v) {
    // The set-up is over: its choices go.
    if (G.st && G.st.setup && !v.setup) G.sel = null;
    const from = v.events_from || 0;
    if (from === 0) { G.log = []; log.replaceChildren(); }
    const fresh = v.events.filter((e) => e.i >= G.log.length);
    for (const e of fresh) {
      G.log.push(e);
      log.append(logItem(e));
    }
    if (fresh.length) { log.scrollTop = log.scrollHeight; showDice(fresh); tableEvents(fresh); extras.events(fresh, from === 0); }
    G.st = v;
    if (G.selUnit !== null && v.units && v.units[G.selUnit] && v.units[G.selUnit].destroyed) G.targets = null;
    if (v.ply !== undefined) G.sending = false;
    render();
  }

  // Issue 16: after the whole state, the WebSocket sends what changed only — the units that
  // changed (whole), the board if it changed, the new events, the choices of the seat to move.
  function absorbUpdate(v) {
    if (!G.st || G.st.setup || !G.st.units) { refresh(); return; }
    const units = G.st.units.slice();
    for (const u of v.units) units[u.id] = u;
    absorb(Object.assign({}, G.st, v, { units, board: v.board || G.st.board }));
  }

  async function refresh() {
    try { absorb(await api('GET', `/api/games/${id}?seat=${encodeURIComponent(token)}&since=${G.log.length}`)); } catch (e) {
      // A link that opens nothing: a page that says so (table.js), not an error under a board.
      if (!G.st && (e.status === 404 || e.status === 403 || e.status === 401)) { app.replaceChildren(gameMissing(id, e)); return false; }
      G.error = e.message; render();
    }
    return true;
  }

  function connect() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?seat=${encodeURIComponent(token)}&since=${G.log.length}`);
    G.ws = ws;
    ws.onopen = () => { G.retry = 0; };
    ws.onmessage = (m) => {
      let v; try { v = JSON.parse(m.data); } catch (_) { return; }
      if (v.type === 'state') absorb(v);
      else if (v.type === 'update') absorbUpdate(v);
      else if (v.type === 'error') { G.error = v.error.message; G.sending = false; render(); }
      else if (v.type === 'ack') { G.sending = false; }
    };
    ws.onclose = () => {
      G.ws = null;
      G.sending = false;
      G.retry = Math.min(G.retry + 1, 4);
      setTimeout(connect, 250 * (1 << G.retry));
    };
  }

  refresh().then((ok) => { if (ok !== false) connect(); });
}

// ----- replay viewer ------------------------------------------------------------------------

function replayPage() {
  document.title = 'Dust 1947 — replay';
  const params = new URLSearchParams(location.search);
  const R = { text: '', step: 0, st: null };
  const err = el('div', { class: 'err', id: 'replay-error' });
  const ta = el('textarea', { id: 'replay-text', placeholder: 'Paste a game record (TOML) or choose a file' });
  const file = el('input', { type: 'file', 'aria-label': 'A game record file', accept: '.toml,.txt', onchange: async (e) => { const f = e.target.files[0]; if (f) { ta.value = await f.text(); load(); } } });
  const boardBox = el('div', { class: 'boardwrap' });
  const info = el('div', { id: 'replay-info' });
  const log = el('ol', { class: 'log' });
  const slider = el('input', { type: 'range', min: 0, max: 0, value: 0, id: 'replay-slider', 'aria-label': 'Decision', style: 'width:100%', oninput: () => go(Number(slider.value)) });
  const btn = (t, f, idn) => el('button', { onclick: f, id: idn }, t);
  async function go(step) {
    err.textContent = '';
    try {
      const v = await api('POST', '/api/replay', { record: R.text, step });
      R.st = v; R.step = v.step;
      slider.max = v.steps; slider.value = v.step;
      info.replaceChildren(el('div', {}, `${v.scenario} · decision ${v.step} of ${v.steps} · round ${v.round} · VP A ${v.vp.a} : B ${v.vp.b}`),
        el('div', { class: 'small' }, v.last_decision ? `last: ${v.last_decision}` : 'start', v.next_decision ? ` · next: ${v.next_decision}` : ' · end of the record'));
      boardBox.replaceChildren(drawBoard(v, { key: 'replay' }));
      log.replaceChildren(...v.events.slice(-40).map(logItem));
      log.scrollTop = log.scrollHeight;
    } catch (e) { err.textContent = e.message; }
  }
  function load() { R.text = ta.value; go(0); }
  app.replaceChildren(
    el('section', { class: 'panel' }, el('h2', {}, 'Replay a game record'), file, ta, el('button', { class: 'primary', onclick: load, id: 'replay-load' }, 'Load'), err),
    el('div', { class: 'game' }, boardBox, el('div', {},
      el('section', { class: 'panel' }, info, slider,
        el('div', {}, btn('|◀', () => go(0), 'replay-first'), ' ', btn('◀', () => go(Math.max(0, R.step - 1)), 'replay-prev'), ' ',
          btn('▶', () => go(R.step + 1), 'replay-next'), ' ', btn('▶|', () => go(R.st ? R.st.steps : 0), 'replay-last'))),
      el('section', { class: 'panel' }, el('h2', {}, 'Log (last events)'), log))));
  const g = params.get('game');
  if (g) {
    fetch(`/api/games/${g}/record?seat=${encodeURIComponent(params.get('seat') || '')}`).then((r) => r.text().then((t) => { if (r.ok) { ta.value = t; load(); } else { let m = t; try { m = JSON.parse(t).error.message; } catch (_) { /* not JSON */ } err.textContent = m; } }));
  }
}

// ----- odds ----------------------------------------------------------------------------------

async function oddsPage() {
  document.title = 'Dust 1947 — odds';
  // The cards of the server's edition (`serve --edition`); the odds are asked in it too.
  const { cards, edition } = await api('GET', '/api/cards');
  const opt = (c, i) => el('option', { value: c.name, text: c.name + (c.provisional ? ' (provisional)' : '') });
  const att = el('select', { id: 'odds-attacker' }, cards.map(opt));
  const tgt = el('select', { id: 'odds-target' }, cards.map(opt));
  if (cards.length > 1) tgt.selectedIndex = Math.min(5, cards.length - 1);
  const attAlive = el('input', { type: 'number', min: 1, id: 'odds-att-alive' });
  const tgtAlive = el('input', { type: 'number', min: 1, id: 'odds-tgt-alive' });
  const lines = el('div', { id: 'odds-lines' });
  const cover = el('select', { id: 'odds-cover' }, ['none', 'soft', 'hard'].map((c) => el('option', { value: c, text: c })));
  const sustained = el('input', { type: 'checkbox', id: 'odds-sustained' });
  const burst = el('input', { type: 'checkbox', id: 'odds-burst' });
  const out = el('div', { id: 'odds-result' });
  function fillLines() {
    const c = cards.find((x) => x.name === att.value);
    lines.replaceChildren(...c.weapons.map((w) => el('label', {}, el('input', { type: 'checkbox', checked: true, value: w.line }), ` ${w.name} (range ${w.range})`)));
    attAlive.value = c.health;
    tgtAlive.value = cards.find((x) => x.name === tgt.value).health;
  }
  att.addEventListener('change', fillLines);
  tgt.addEventListener('change', () => { tgtAlive.value = cards.find((x) => x.name === tgt.value).health; });
  fillLines();
  async function compute() {
    out.replaceChildren();
    try {
      const chosen = [...lines.querySelectorAll('input:checked')].map((i) => Number(i.value));
      const o = await api('POST', '/api/odds', { attacker: att.value, target: tgt.value, attacker_alive: Number(attAlive.value), target_alive: Number(tgtAlive.value), lines: chosen, cover: cover.value, sustained: sustained.checked, burst: burst.checked, edition });
      out.append(el('p', { id: 'odds-summary' }, el('b', {}, `${o.attacker} against ${o.target}: `), oddsLine(o)), oddsChart(o, 420),
        el('table', { class: 'small' }, el('tr', {}, el('th', {}, 'Line'), el('th', {}, 'Value'), el('th', {}, 'Dice'), el('th', {}, 'Hits'), el('th', {}, 'Lost'), el('th', {}, 'Destroys alone')),
          o.lines.map((l) => el('tr', {}, el('td', {}, l.name), el('td', { class: 'mono' }, l.value), el('td', {}, l.dice), el('td', {}, l.hits_mean.toFixed(2)), el('td', {}, l.loss_mean.toFixed(2)), el('td', {}, pct(l.destroyed))))),
        o.notes.length ? el('p', { class: 'muted small' }, o.notes.join(' · ')) : null);
    } catch (e) { out.append(el('p', { class: 'err' }, e.message)); }
  }
  app.replaceChildren(el('div', { class: 'grid2' },
    el('section', { class: 'panel' }, el('h2', {}, 'Exact odds of an attack'),
      el('p', { class: 'muted small', id: 'odds-edition', 'data-edition': edition }, `Edition: ${edition} (its cards, dice and saves).`),
      el('label', {}, el('span', {}, 'Attacker'), att), el('label', {}, el('span', {}, 'alive / health'), attAlive),
      el('label', {}, el('span', {}, 'Target'), tgt), el('label', {}, el('span', {}, 'alive / health'), tgtAlive),
      el('div', {}, el('span', { class: 'muted' }, 'Weapon lines'), lines),
      el('label', {}, el('span', {}, 'Cover'), cover), el('label', {}, el('span', {}, 'Sustained'), sustained), el('label', {}, el('span', {}, 'Target not moved (Burst)'), burst),
      el('button', { class: 'primary', onclick: compute, id: 'odds-compute' }, 'Compute')),
    el('section', { class: 'panel' }, el('h2', {}, 'Health lost'), out)));
}

// ----- rulings -------------------------------------------------------------------------------

function inline(text) {
  const frag = document.createDocumentFragment();
  const re = /(`[^`]+`|\*\*[^*]+\*\*)/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) frag.append(text.slice(last, m.index));
    const t = m[0];
    frag.append(t.startsWith('`') ? el('code', {}, t.slice(1, -1)) : el('b', {}, t.slice(2, -2)));
    last = m.index + t.length;
  }
  frag.append(text.slice(last));
  return frag;
}

async function rulingsPage() {
  document.title = 'Dust 1947 — rulings';
  const text = await (await fetch('/api/rulings')).text();
  const box = el('article', { class: 'panel rulings', id: 'rulings' });
  let list = null, para = [], code = null;
  const flush = () => { if (para.length) { box.append(el('p', {}, inline(para.join(' ')))); para = []; } };
  for (const line of text.split('\n')) {
    if (code) { if (line.startsWith('```')) { box.append(code); code = null; } else code.firstChild.textContent += line + '\n'; continue; }
    if (line.startsWith('```')) { flush(); list = null; code = el('pre', {}, el('code', {})); continue; }
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) { flush(); list = null; box.append(el('h' + Math.min(h[1].length, 4), {}, inline(h[2]))); continue; }
    const li = /^\s*[-*]\s+(.*)$/.exec(line);
    if (li) { flush(); if (!list) { list = el('ul'); box.append(list); } list.append(el('li', {}, inline(li[1]))); continue; }
    if (!line.trim()) { flush(); list = null; continue; }
    if (list && /^\s+/.test(line)) { list.lastChild.append(' ', inline(line.trim())); continue; }
    para.push(line.trim());
  }
  flush();
  app.replaceChildren(box);
}

// ----- routes --------------------------------------------------------------------------------

// An invite link (`/game/ID?invite=CODE`) is the claim of its seat: the first browser to open
// it gets a fresh token, kept in this browser, and the address becomes the seat's link. The
// link opens its seat once; this browser, having claimed it, goes on to its seat.
async function claimInvite(id, code) {
  try {
    const r = await api('POST', `/api/games/${id}/claim`, { invite: code });
    remember(id, { token: r.token, side: r.side, scenario: r.scenario });
    history.replaceState(null, '', r.link);
  } catch (e) {
    const mine = myGames()[id];
    if (!mine || !mine.token) throw e;
    history.replaceState(null, '', `/game/${id}?seat=${mine.token}`);
  }
}

function route() {
  const p = location.pathname;
  const fail = (e) => app.replaceChildren(el('p', { class: 'err' }, e.message || String(e)));
  try {
    const g = /^\/game\/([A-Za-z0-9]+)$/.exec(p);
    const invite = g && new URLSearchParams(location.search).get('invite');
    if (invite) return claimInvite(g[1], invite).then(() => gamePage(g[1])).catch(fail);
    if (g) return gamePage(g[1]);
    if (p === '/replay') return replayPage();
    if (p === '/odds') return oddsPage().catch(fail);
    if (p === '/rulings') return rulingsPage().catch(fail);
    return lobbyPage().catch(fail);
  } catch (e) { return fail(e); }
}
route();
