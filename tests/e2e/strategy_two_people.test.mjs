// Issue 17: a whole strategy game in the browser with two people (two browser contexts, one
// at desktop size, one at phone size) and the heuristic AI, to the end. Along the way it
// checks, on the pages and on screenshots (saved under target/e2e-screens/): the shared
// look (style.css and strategy.css), legible area labels, the borders drawn on the map and
// what borders an area on hover, armies drawn as figures with counts (no "3t2m" text), buying
// by quantity in one request, the abilities explained in the choices and the hand, the odds
// of an attack before it, the reasons for attacks not offered, and the state pushed over the
// WebSocket with no polling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, launch, page as newPage } from './lib.mjs';
import { ASKS_NUMBERS, confirmPlan } from './strategy_lib.mjs';

const SHOTS = new URL('../../target/e2e-screens/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(SHOTS, `strategy-${name}.png`), fullPage: true });

// What the page shows now.
function view(page) {
  return page.evaluate(() => {
    const p = document.querySelector('#pending').dataset;
    return {
      kind: p.kind, yours: p.yours === 'true', sending: p.sending === 'true', ply: Number(p.ply), phase: p.phase,
      choices: [...document.querySelectorAll('#choices button.choice')].map((b) => ({
        text: b.dataset.text, sub: b.querySelector('.sub')?.textContent || '', odds: b.querySelector('.odds')?.textContent || '',
      })),
      buy: [...document.querySelectorAll('#buy .buy-row')].map((r) => r.dataset.text),
      reasons: [...document.querySelectorAll('#reasons li')].map((l) => l.textContent),
      battle: document.querySelector('#battle').textContent,
      turn: document.querySelector('#turn').textContent,
    };
  });
}

// Watches a page's traffic: the WebSocket frames and the HTTP requests for the game's state.
function watch(page, id) {
  const seen = { sockets: 0, frames: 0, stateGets: 0, decides: [] };
  page.on('websocket', (ws) => {
    if (ws.url().includes(`/api/strategy/games/${id}/ws`)) {
      seen.sockets++;
      ws.on('framereceived', () => { seen.frames++; });
    }
  });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() === 'GET' && u.pathname === `/api/strategy/games/${id}`) seen.stateGets++;
    if (r.method() === 'POST' && u.pathname === `/api/strategy/games/${id}/decide`) seen.decides.push(JSON.parse(r.postData()));
  });
  return seen;
}

async function waitSent(page, before) {
  await page.waitForFunction((old) => Number(document.querySelector('#pending').dataset.ply) > old, before, { timeout: 30000 });
}

test('a whole strategy game: two people and the AI, in the browser, to the end', { timeout: 600000 }, async () => {
  // Three seats: P1 and P2 are people, P3 the heuristic AI; two rounds.
  const r = await fetch(BASE + '/api/strategy/games', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seats: ['human', 'human', 'heuristic'], seed: 1947, round_limit: 2 }),
  });
  const made = await r.json();
  assert.equal(r.status, 200, JSON.stringify(made));
  const id = made.id;
  const desk = await launch({ width: 1400, height: 1000 });
  const phone = await launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const pages = [await newPage(desk), await newPage(phone)];
    const sizes = ['desktop', 'phone'];
    const nets = pages.map((p) => watch(p, id));
    for (let i = 0; i < 2; i++) {
      await pages[i].goto(BASE + made.seats[i].link);
      await pages[i].waitForSelector('#map .area');
      await pages[i].waitForFunction(() => document.body.dataset.ws === 'open');
    }

    // The look of the tactics pages: the shared stylesheet, then the strategy one.
    for (const page of pages) {
      const sheets = await page.$$eval('link[rel=stylesheet]', (ls) => ls.map((l) => new URL(l.href).pathname));
      assert.deepEqual(sheets, ['/assets/style.css', '/assets/strategy.css']);
      assert.equal(await page.$eval('header .brand', (b) => b.textContent), 'Dust 1947');
    }
    // Legible labels: every area's name at least 10 px high on the screen, at both sizes.
    for (let i = 0; i < 2; i++) {
      const heights = await pages[i].$$eval('#map .area .name', (ts) => ts.map((t) => t.getBoundingClientRect().height));
      assert.equal(heights.length >= 51, true);
      assert.ok(Math.min(...heights) >= 10, `${sizes[i]}: the smallest label is ${Math.min(...heights)} px`);
    }
    // The borders: lines between areas, dotted coasts, wrapping links; hovering Canada lights
    // its links and its neighbours.
    const page0 = pages[0];
    assert.ok(await page0.$$eval('#map .link', (l) => l.length) > 80);
    assert.ok(await page0.$$eval('#map .link.dotted', (l) => l.length) > 10);
    await page0.hover('#map [data-name="Canada"]');
    const nb = await page0.$$eval('#map .area.nb', (as) => as.map((a) => a.dataset.name));
    assert.ok(nb.includes('Alaska') && nb.includes('Washington'), JSON.stringify(nb));
    assert.ok(await page0.$$eval('#map .link.nb', (l) => l.length) >= nb.length);
    assert.match(await page0.$eval('#legend', (l) => l.textContent), /coast \(amphibious\).*tank.*mech.*fighter.*bomber.*submarine/);
    await page0.mouse.move(0, 0);

    const seen = { plans: [], cancelled: false, cardHelp: false, handRules: false, buys: 0, buyRequest: null, odds: '', battle: '', reasons: [], figures: 0, shots: new Set() };
    const moved = [0, 0];
    const attacked = [0, 0];
    const fought = [false, false];
    let over = false;
    for (let step = 0; step < 2000 && !over; step++) {
      let acted = false;
      for (let i = 0; i < 2; i++) {
        const page = pages[i];
        const v = await view(page);
        if (v.kind === 'over') { over = true; break; }
        if (!v.yours || v.sending || (!v.choices.length && !v.buy.length)) continue;
        acted = true;
        const texts = v.choices.map((c) => c.text);
        const firstShot = async (name) => {
          if (!seen.shots.has(`${name}-${sizes[i]}`)) { seen.shots.add(`${name}-${sizes[i]}`); await shot(page, `${name}-${sizes[i]}`); }
        };
        if (v.reasons.length) { seen.reasons.push(...v.reasons); await firstShot('reasons'); }
        if (v.battle) { seen.battle = v.battle; await firstShot('battle'); }
        // Status lines that are true: the points while buying; no movement once combat began.
        if (v.phase === 'production') { assert.match(v.turn, /(reinforcement|production) points left: \d+$/, v.turn); seen.pointsLine = true; }
        if (v.battle) assert.doesNotMatch(v.turn, /movement/, v.turn);
        if (fought[i] && v.phase === 'maneuver' && !v.battle) { assert.match(v.turn, /combat point.* left \(movement is over\)$/, v.turn); seen.combatLine = true; }
        let pick;
        const card = v.choices.find((c) => c.text.startsWith('card '));
        if (card) {
          // The card choice explains each ability in the book's words, as the hand does.
          assert.match(card.sub, /^[A-Za-zï ]+: .{20,}/, card.sub);
          seen.cardHelp = true;
          const rules = await page.$$eval('#hand .card .rules', (rs) => rs.map((x) => x.textContent));
          assert.ok(rules.length > 0 && rules.every((x) => /: ./.test(x)), JSON.stringify(rules));
          seen.handRules = true;
          await firstShot('card-choice');
          pick = card.text;
        } else if (v.buy.length) {
          // Buying by quantity: three of the first unit with +, the total, one request.
          const before = v.ply;
          const points = Number(await page.$eval('#buy-total', (t) => t.textContent.match(/of (\d+) points/)[1]));
          const cost = Number(await page.$eval('#buy .buy-row', (r) => r.textContent.match(/(\d+) points/)[1]));
          const n = Math.min(3, Math.floor(points / cost));
          if (n > 0) {
            for (let k = 0; k < n; k++) await page.click('#buy .buy-row .stepper button:last-child');
            const total = await page.$eval('#buy-total', (t) => ({ cost: Number(t.dataset.cost), units: Number(t.dataset.units), text: t.textContent }));
            assert.equal(total.units, n);
            assert.equal(total.cost, n * cost);
            assert.match(total.text, new RegExp(`total: ${n} units?, ${n * cost} of ${points} points`));
            assert.match(await page.$eval('#buy .buy-row .sub', (s) => s.textContent), /combat value \d.*tactical supremacy/);
            await firstShot('buy');
            const posts = nets[i].decides.length;
            await page.click('#buy-send');
            await waitSent(page, before);
            const req = nets[i].decides[posts];
            assert.equal(req.decisions.length, n, JSON.stringify(req));
            assert.equal(nets[i].decides.length, posts + 1, 'one request for all the units');
            seen.buys += n;
            seen.buyRequest = req;
            // Production goes on with the other choices (end it below).
            const after = await view(page);
            if (after.yours && after.choices.some((c) => c.text === 'end-production')) {
              const b = after.ply;
              await page.click('#choices button.choice[data-text="end-production"]');
              await waitSent(page, b);
            }
            continue;
          }
          pick = texts.includes('end-production') ? 'end-production' : texts[0];
        } else {
          const attack = v.choices.find((c) => c.text.startsWith('attack ') && c.odds);
          const counts = texts.filter((t) => /^count \d+$/.test(t));
          const move = texts.find((t) => t.startsWith('move land '));
          if (counts.length) pick = counts.sort((a, b) => Number(b.slice(6)) - Number(a.slice(6)))[0];
          else if (attack && attacked[i] < 2) {
            // The odds are on the choice before the attack is made.
            assert.match(attack.odds, /odds: all \d+\w+: attacker takes it \d+%, defender holds \d+%/);
            seen.odds = attack.odds;
            await firstShot('attack-odds');
            attacked[i]++;
            fought[i] = true;
            pick = attack.text;
          } else if (move && moved[i] < 1) { moved[i]++; pick = move; }
          else if (texts.includes('end-turn')) { moved[i] = 0; fought[i] = false; pick = 'end-turn'; }
          else if (texts.includes('end-production')) pick = 'end-production';
          else if (texts.includes('roll')) pick = 'roll';
          else if (texts.includes('pass')) pick = 'pass';
          else pick = texts[0];
        }
        const before = v.ply;
        const press = (sel) => (i === 1 ? page.tap(sel) : page.click(sel));
        if (ASKS_NUMBERS.test(pick) && !seen.cancelled) {
          // The way back before anything is spent: plan the move, then cancel it.
          await press(`#choices button.choice[data-text="${pick}"]`);
          await page.waitForSelector('#plan[data-counts="0"]');
          assert.match(await page.textContent('#plan-back'), /nothing spent/);
          await press('#plan-back');
          await page.waitForSelector(`#choices button.choice[data-text="${pick}"]`);
          assert.equal((await view(page)).ply, before, 'nothing was taken');
          seen.cancelled = true;
        }
        await press(`#choices button.choice[data-text="${pick}"]`);
        if (ASKS_NUMBERS.test(pick)) {
          const shown = await confirmPlan(page, (lo, hi) => hi, () => firstShot(pick.startsWith('attack ') ? 'plan-attack' : 'plan-move'));
          seen.plans.push(shown);
          const done = shown[shown.length - 1].text;
          assert.match(done, /spends 1 (movement|combat) point/, done);
          if (pick.startsWith('attack ')) assert.match(done, /odds: attacker takes it \d+%/, done);
        }
        await waitSent(page, before);
      }
      if (!acted && !over) await pages[0].waitForTimeout(100);
      // Armies are figures with their counts, never letters.
      if (!seen.figures) {
        const figs = await page0.$$eval('#map .area .fig', (fs) => fs.map((f) => [f.dataset.kind, Number(f.dataset.count), f.querySelector('use').getAttribute('href')]));
        if (figs.length) {
          assert.ok(figs.every(([k, n, href]) => href === `#fig-${k}` && n > 0), JSON.stringify(figs));
          const texts = await page0.$$eval('#map .area text', (ts) => ts.map((t) => t.textContent));
          assert.ok(!texts.some((t) => /^\d+[tmfbs](\d+[tmfbs])*$/.test(t)), 'no "3t2m" on the map');
          seen.figures = figs.length;
          await shot(page0, 'figures-desktop');
        }
      }
    }
    assert.ok(over, 'the game ended');
    for (let i = 0; i < 2; i++) {
      await pages[i].waitForFunction(() => document.querySelector('#pending').dataset.kind === 'over');
      assert.match(await pages[i].textContent('#question'), /^Game over: /);
      await shot(pages[i], `over-${sizes[i]}`);
      // The record once the game is over.
      assert.equal(await pages[i].$eval('#record-link', (a) => a.classList.contains('hidden')), false);
    }
    assert.ok(seen.cardHelp && seen.handRules, 'abilities explained');
    assert.ok(seen.buys >= 2 && seen.buyRequest.decisions.every((d) => /^buy /.test(d)), JSON.stringify(seen.buyRequest));
    assert.ok(seen.odds, 'an attack showed its odds before it was made');
    assert.ok(seen.reasons.some((x) => /^not offered: attack .+ \(.+\)$/.test(x)), JSON.stringify(seen.reasons));
    assert.ok(seen.figures > 0);
    assert.ok(seen.pointsLine && seen.combatLine, 'the status lines were seen while buying and in combat');
    assert.ok(seen.cancelled && seen.plans.length >= 2, JSON.stringify(seen.plans));
    assert.ok(seen.plans.some((p) => p[0].step === 'count' && /how many tanks\?/.test(p[0].text)), JSON.stringify(seen.plans));
    const log = await page0.textContent('#log');
    assert.match(log, /P1 buys/);
    assert.match(log, /P3 /);
    // Updates came over the WebSocket; the state was read over HTTP once per page load only.
    for (let i = 0; i < 2; i++) {
      assert.ok(nets[i].sockets >= 1 && nets[i].frames > 20, `${sizes[i]}: ${JSON.stringify(nets[i])}`);
      assert.equal(nets[i].stateGets, 1, `${sizes[i]}: no polling`);
    }
    // The phone page keeps within its width, the map scrolls sideways in its frame.
    const overflow = await pages[1].evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the phone page is ${overflow} px too wide`);
  } finally {
    await desk.close();
    await phone.close();
  }
});
