// Dust 1947 in the browser: what a game page adds around the board (issue 20) — undo (free
// against the AI, asked and answered between two people), the AI's decisions in words, the
// end-of-game summary, each log event's rule explained in the project's words, a live region
// that reads each event, the guided first game ("Learn to play"), and a clear page for a link
// that opens no game. Loaded after board.js and before app.js, which calls gameExtras(),
// logItem(), gameMissing() and learnButton().
'use strict';

function tel(tag, attrs, ...kids) {
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
async function tapi(method, path, body) {
  const r = await fetch(path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  let j = null;
  try { j = await r.json(); } catch (_) { j = null; }
  if (!r.ok) { const e = new Error((j && j.error && j.error.message) || ('HTTP ' + r.status)); e.status = r.status; e.code = j && j.error && j.error.code; throw e; }
  return j;
}

// The rule behind an event, in the project's words (and its rulings), fetched once per rule.
const RULES = {};
async function ruleWords(rule) {
  if (!RULES[rule]) RULES[rule] = tapi('GET', '/api/rules/explain?rule=' + encodeURIComponent(rule)).catch((e) => ({ error: e.message }));
  return RULES[rule];
}

// One log line: the event in words, its citation, and a button that opens the rule explained.
function logItem(e) {
  const side = e.side === 'A' ? 'sideA' : e.side === 'B' ? 'sideB' : '';
  const box = tel('div', { class: 'explain', hidden: true });
  const btn = tel('button', {
    type: 'button', class: 'link why', 'aria-expanded': 'false', 'aria-label': `Explain the rule: ${e.rule}`,
    onclick: async () => {
      const open = btn.getAttribute('aria-expanded') === 'true';
      btn.setAttribute('aria-expanded', String(!open));
      box.hidden = open;
      if (open || box.childNodes.length) return;
      const x = await ruleWords(e.rule);
      if (x.error) { box.append(tel('p', { class: 'muted' }, `Not explained yet in the project's words: read ${e.rule}.`)); return; }
      box.append(tel('p', { class: 'words' }, x.words), tel('p', { class: 'rule' }, 'Rulebook: ' + e.rule));
      for (const r of x.rulings) box.append(tel('p', { class: 'ruling' }, tel('b', {}, 'Ruling — ' + r.title + ': '), r.answer, ' ', tel('a', { href: '/rulings' }, '(all rulings)')));
    },
  }, 'why?');
  return tel('li', { class: (e.casualty ? 'casualty ' : '') + side, 'data-i': e.i }, e.text, ' ', tel('span', { class: 'rule' }, '(' + e.rule + ')'), ' ', btn, box);
}

// The page for a game link that opens nothing (no such game, a wrong or spent seat token).
function gameMissing(id, err) {
  document.title = 'Dust 1947 — game not found';
  const what = err.status === 404
    ? `There is no game “${id}” on this server: the link is broken, or the game was removed.`
    : `This link does not open a seat of game “${id}”: ${err.message}`;
  return tel('section', { class: 'panel notfound', id: 'not-found' },
    tel('h1', {}, err.status === 404 ? 'Game not found' : 'This link opens no seat'),
    tel('p', { id: 'not-found-what' }, what),
    tel('ul', {},
      tel('li', {}, tel('a', { href: '/' }, 'Go to the games'), ': the games started in this browser are listed there to resume.'),
      tel('li', {}, 'Ask the person who sent the link for a new one (an invitation opens its seat once).'),
      tel('li', {}, 'With the game record, ', tel('a', { href: '/replay' }, 'replay it'), ' or upload it from the games page to play on.')));
}

// "Learn to play": a duel against the greedy AI with the tutorial's lessons.
function learnButton(remember) {
  const out = tel('p', { class: 'err', id: 'learn-error' });
  const b = tel('button', {
    type: 'button', class: 'primary', id: 'learn',
    onclick: async () => {
      b.disabled = true;
      try {
        const r = await tapi('POST', '/api/games', { scenario: 'duel', side: 'a', opponent: 'ai greedy', seed: TUTORIAL_SEED, spectators: false, public: false });
        remember(r.id, { token: r.you.token, side: r.you.side, scenario: 'duel', tutorial: true });
        location.href = r.you.link + '&tutorial=1';
      } catch (e) { out.textContent = e.message; b.disabled = false; }
    },
  }, 'Learn to play');
  return tel('section', { class: 'panel', id: 'learn-box' }, tel('h2', {}, 'New to Dust Tactics?'),
    tel('p', {}, 'A short guided game: two squads on a small board against the computer. Each rule is explained when it first matters — activation, moving, line of sight, cover, attacking, reactive fire.'), b, out);
}

// The game page's extras. `ctx`: { id, token, refresh(), st (the state) }.
function gameExtras(ctx) {
  const params = new URLSearchParams(location.search);
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem('dust1947.games') || '{}')[ctx.id] || {}; } catch (_) { stored = {}; }
  const tutorial = params.get('tutorial') === '1' || !!stored.tutorial;
  const live = tel('div', { class: 'sr-only', id: 'announce', 'aria-live': 'polite', 'aria-atomic': 'false' });
  const undoBox = tel('div', { id: 'undo-box', class: 'undo' });
  const summaryBox = tel('section', { class: 'panel', id: 'summary', hidden: true });
  const aiBox = tel('section', { class: 'panel', id: 'ai-words', hidden: true });
  const tutorBox = tel('section', { class: 'panel tutor', id: 'tutorial', hidden: !tutorial, 'aria-live': 'polite' });
  const legendBox = tel('div', { id: 'legend-box' });
  const seen = new Set(JSON.parse(sessionStorage.getItem('dust1947.lessons.' + ctx.id) || '[]'));
  let lesson = null, legendDrawn = false, undoError = '', shownAt = -1;
  const queue = [];

  async function ask(what) {
    undoError = '';
    try { await tapi('POST', `/api/games/${ctx.id}/undo`, { seat: ctx.token, ask: what }); } catch (e) { undoError = e.message; }
    ctx.refresh();
  }

  function renderUndo(st) {
    const u = st.undo;
    undoBox.replaceChildren();
    if (!u || st.setup) return;
    const mine = st.you;
    if (u.requested_by && u.requested_by !== mine) {
      undoBox.append(tel('p', { id: 'undo-asked', role: 'alert' }, `Side ${u.requested_by} asks to take back their last decision (and any decision after it). `,
        tel('button', { type: 'button', id: 'undo-accept', onclick: () => ask('accept') }, 'Accept'), ' ',
        tel('button', { type: 'button', id: 'undo-decline', onclick: () => ask('decline') }, 'Decline')));
    } else if (u.requested_by === mine) {
      undoBox.append(tel('p', { id: 'undo-waiting' }, 'You asked to take back your last decision: waiting for the other player. ',
        tel('button', { type: 'button', id: 'undo-cancel', onclick: () => ask('cancel') }, 'Withdraw')));
    } else if (u.can) {
      undoBox.append(tel('button', { type: 'button', id: 'undo', title: u.mode === 'free' ? 'Take back your last decision (and the AI\'s answers)' : 'Ask the other player to let you take back your last decision', onclick: () => ask('request') },
        u.mode === 'free' ? 'Undo my last decision' : 'Ask to undo my last decision'));
    }
    if (undoError) undoBox.append(tel('p', { class: 'err', id: 'undo-error' }, undoError));
  }

  function renderAi(st) {
    const w = (st.ai_words || []).slice(-4).reverse();
    aiBox.hidden = !w.length;
    if (!w.length) return;
    aiBox.replaceChildren(tel('h2', {}, 'Why the AI did that'),
      tel('ul', { class: 'small aiwords' }, w.map((x) => tel('li', { 'data-ply': x.ply }, tel('b', { class: x.side === 'A' ? 'sideA' : 'sideB' }, `AI (side ${x.side}) `), x.text))));
  }

  function renderSummary(st) {
    const s = st.summary;
    summaryBox.hidden = !s;
    if (!s) return;
    const name = (sd) => `side ${sd}` + (st.armies && st.armies[sd.toLowerCase()] ? ` (${st.armies[sd.toLowerCase()]})` : '');
    const head = s.winner ? `Side ${s.winner} wins, ${s.vp.a} to ${s.vp.b} victory points` : `A draw, ${s.vp.a} to ${s.vp.b} victory points`;
    const rows = s.destroyed.map((d) => tel('li', {}, tel('span', { class: d.side === 'A' ? 'sideA' : 'sideB' }, d.name), ` (side ${d.side}) destroyed`,
      d.by ? [' by ', tel('span', { class: d.by.side === 'A' ? 'sideA' : 'sideB' }, d.by.name)] : '', ` — ${d.vp} VP to side ${d.side === 'A' ? 'B' : 'A'}`));
    const links = st.record_available
      ? tel('p', {}, tel('a', { href: `/replay?game=${ctx.id}&seat=${encodeURIComponent(ctx.token)}`, id: 'summary-replay' }, 'Replay this game'), ' · ',
        tel('a', { href: `/api/games/${ctx.id}/record?seat=${encodeURIComponent(ctx.token)}`, download: `dust1947-${ctx.id}.toml` }, 'Download the record'))
      : null;
    summaryBox.replaceChildren(tel('h2', {}, 'End of the game'), tel('p', { class: 'over-line', id: 'summary-head' }, head),
      tel('p', { class: 'small' }, `${s.rounds} rounds · units left: ${name('A')} ${s.left.a}, ${name('B')} ${s.left.b}`),
      s.destroyed.length ? tel('ul', { class: 'small', id: 'summary-destroyed' }, rows) : tel('p', { class: 'muted' }, 'No unit was destroyed.'), links);
  }

  function renderTutor(st) {
    if (!tutorial) return;
    // Lessons that come up together wait their turn: one more is shown at each decision of
    // the player (or at the end), so that the AI's moves in between do not push one off
    // unread.
    for (const l of st.lessons || []) if (!seen.has(l.id) && !queue.some((q) => q.id === l.id)) queue.push(l);
    const point = st.yours || (st.pending && st.pending.kind === 'over');
    if (queue.length && point && st.ply !== shownAt) {
      lesson = queue.shift();
      shownAt = st.ply;
      seen.add(lesson.id);
      try { sessionStorage.setItem('dust1947.lessons.' + ctx.id, JSON.stringify([...seen])); } catch (_) { /* private mode */ }
    }
    tutorBox.hidden = false;
    const count = `${seen.size} of ${TUTORIAL_LESSONS} lessons`;
    if (!lesson) { tutorBox.replaceChildren(tel('h2', {}, 'Learn to play'), tel('p', {}, 'Lessons appear here as the game goes.'), tel('p', { class: 'muted small' }, count)); return; }
    tutorBox.replaceChildren(tel('h2', {}, 'Learn to play: ' + lesson.title),
      tel('p', { id: 'lesson', 'data-lesson': lesson.id }, lesson.words),
      tel('p', { class: 'rule small' }, 'Rulebook: ' + lesson.rule + ' · ', count));
  }

  return {
    live, undoBox, summaryBox, aiBox, tutorBox, legendBox,
    // New events: the live region reads them (not the whole log of a first load).
    events(fresh, first) {
      if (first) return;
      for (const e of fresh.slice(-6)) {
        live.append(tel('p', {}, e.text));
        while (live.childNodes.length > 8) live.firstChild.remove();
      }
    },
    render(st) {
      if (!legendDrawn && st.board) { legendBox.replaceChildren(boardLegend(st)); legendDrawn = true; }
      renderUndo(st);
      renderAi(st);
      renderSummary(st);
      renderTutor(st);
    },
  };
}
// How many lessons the tutorial has (dust_data::tutorial::LESSONS).
const TUTORIAL_LESSONS = 11;
// The guided game's dice seed: fixed, so every first game goes the same way (the lessons come
// in the same order) and the browser test plays the same game.
const TUTORIAL_SEED = 11;
