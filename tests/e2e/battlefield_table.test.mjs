// Issue 23, Dust Battlefield in the browser (the parts that do not need the rules flow): every
// shipped table drawn with its terrain, zones, objectives, units and miniatures counted against
// the file; zoom and pan by keyboard; two units picked and the page's measure and line of sight
// equal to the command-line oracles' JSON; a dragged miniature refused with the reason (and one
// accepted); the table editor making a file that `dust1947 battlefield check` accepts; axe-core
// on each page; screenshots at 1280×800 and 390×844 in target/e2e-screens/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axe } from './field_lib.mjs';
import { BASE, launch, page as newPage, shot } from './lib.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ROOT = new URL('../../', import.meta.url).pathname;
const TABLES = join(ROOT, 'data/battlefield/tables');
// The command under test (scripts/e2e.sh: DUST_SERVER is `…/dust1947 serve`).
const BIN = process.env.DUST_SERVER ? process.env.DUST_SERVER.split(' ')[0] : join(ROOT, 'target/debug/dust1947');

function cli(...args) {
  return JSON.parse(execFileSync(BIN, ['battlefield', ...args], { encoding: 'utf8' }));
}


// What a table file holds, counted from its text: terrain pieces, zones, objectives, units and
// miniatures (one `[x, y]` of a unit's `at` each).
function countsOf(text) {
  const blocks = text.split(/^\[\[/m).slice(1);
  const c = { terrain: 0, zones: 0, objectives: 0, units: 0, minis: 0 };
  for (const b of blocks) {
    const head = b.slice(0, b.indexOf(']]'));
    if (head === 'terrain') c.terrain++;
    else if (head === 'deployment' || head === 'arrival') c.zones++;
    else if (head === 'objective') c.objectives++;
    else if (head === 'unit') {
      c.units++;
      const at = b.match(/^at = (.*)$/m)[1];
      c.minis += (at.match(/\[/g) || []).length - 1;
    }
  }
  return c;
}

test('every shipped table is drawn: terrain, zones, objectives, units and miniatures as in the file', { timeout: 120000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(BASE + '/battlefield');
    await page.waitForSelector('#tables li');
    await axe(page, 'the Battlefield tables');
    const ids = await page.$$eval('#tables li', (ls) => ls.map((l) => l.dataset.id));
    const files = readdirSync(TABLES).filter((f) => f.endsWith('.toml')).map((f) => f.replace(/\.toml$/, '')).sort();
    assert.deepEqual([...ids].sort(), files, 'the page lists every shipped table');
    for (const id of files) {
      const want = countsOf(readFileSync(join(TABLES, id + '.toml'), 'utf8'));
      await page.goto(`${BASE}/battlefield/tables/${id}`);
      await page.waitForSelector('svg.field .units');
      const got = await page.evaluate(() => ({
        terrain: document.querySelectorAll('svg.field .terrain').length,
        zones: document.querySelectorAll('svg.field .zone').length,
        objectives: document.querySelectorAll('svg.field .objective').length,
        units: document.querySelectorAll('svg.field .unit').length,
        minis: document.querySelectorAll('svg.field .mini').length,
        rings: document.querySelectorAll('svg.field .objective-ring[r="10"]').length,
      }));
      assert.deepEqual({ terrain: got.terrain, zones: got.zones, objectives: got.objectives, units: got.units, minis: got.minis }, want, `${id}: the drawing holds what the file holds`);
      assert.equal(got.rings, want.objectives, `${id}: each objective has its 10 cm ring`);
      // Buildings have walls; vehicles are hulls turned to their facing, with a facing mark.
      const kinds = await page.$$eval('svg.field .terrain', (gs) => gs.map((g) => g.dataset.kind));
      if (kinds.includes('building')) assert.ok(await page.$('svg.field .kind-building line.wall'), `${id}: building walls`);
      if (await page.$('svg.field .unit.kind-vehicle')) assert.ok(await page.$('svg.field .unit.kind-vehicle polygon.hull + line.facing'), `${id}: a hull with its facing`);
      await shot(page, `battlefield-${id}-desktop`);
    }
    await axe(page, 'a Battlefield table');
    // An unknown table: a clear page, from the API's 404.
    await page.goto(`${BASE}/battlefield/tables/atlantis`);
    await page.waitForSelector('#not-found');
    assert.match(await page.textContent('#not-found-what'), /no table “atlantis”.*zhytomyr-crossroads/);
  } finally {
    await ctx.close();
  }
});

test('zoom and pan by keyboard and buttons', { timeout: 60000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(`${BASE}/battlefield/tables/ruined-town`);
    await page.waitForSelector('svg.field');
    const view = () => page.getAttribute('svg.field', 'viewBox').then((v) => v.split(' ').map(Number));
    await page.focus('svg.field');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    assert.ok(Number(await page.getAttribute('svg.field', 'data-zoom')) > 1.9, 'two + zoom in');
    const before = await view();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const after = await view();
    assert.ok(after[0] > before[0] && after[1] > before[1], `the arrows pan: ${before} → ${after}`);
    await page.keyboard.press('-');
    assert.ok(Number(await page.getAttribute('svg.field', 'data-zoom')) < 1.9, '- zooms out');
    await page.keyboard.press('0');
    assert.equal(await page.getAttribute('svg.field', 'data-zoom'), '1.00', '0 fits the table');
    await page.click('#zoom-in');
    assert.ok(Number(await page.getAttribute('svg.field', 'data-zoom')) > 1.4, 'the zoom-in button');
    await page.click('#zoom-fit');
    assert.equal(await page.getAttribute('svg.field', 'data-zoom'), '1.00');
    // The mouse: the wheel zooms about the pointer, a drag on the cloth pans.
    const box = await page.locator('svg.field .cloth').boundingBox();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => Number(document.querySelector('svg.field').dataset.zoom) > 1.1);
    const wheeled = await view();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25 + 60, box.y + box.height * 0.25 + 40, { steps: 4 });
    await page.mouse.up();
    const dragged = await view();
    assert.ok(dragged[0] < wheeled[0] && dragged[1] < wheeled[1], `a drag right and down shows more of the left and top: ${wheeled} → ${dragged}`);
  } finally {
    await ctx.close();
  }
});

test('two units picked: distance, range band, line of sight and cover as the command line says', { timeout: 60000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(`${BASE}/battlefield/tables/zhytomyr-crossroads`);
    await page.waitForSelector('svg.field .units');
    await page.click('svg.field .unit[data-unit="Hell Boys"] .mini[data-mini="0"]');
    await page.click('svg.field .unit[data-unit="Laser Grenadiers"] .mini[data-mini="2"]');
    await page.waitForSelector('#answer-text[data-measure]');
    const measure = JSON.parse(await page.getAttribute('#answer-text', 'data-measure'));
    const los = JSON.parse(await page.getAttribute('#answer-text', 'data-los'));
    const file = join(TABLES, 'zhytomyr-crossroads.toml');
    assert.deepEqual(measure, cli('measure', file, 'Hell Boys', 'Laser Grenadiers', '--json'), 'measure as the oracle');
    assert.deepEqual(los, cli('los', file, 'Hell Boys', 'Laser Grenadiers', '--json'), 'los as the oracle');
    assert.match(await page.textContent('#answer-text'), new RegExp(`${measure.distance_cm.toFixed(2)} cm, range ${measure.range}`));
    // One line per pair of miniatures, drawn over the table.
    assert.equal(await page.$$eval('#overlay line.sight', (ls) => ls.length), 25);
    // A pair with a blocked line: the page draws it red and says why (the bunker's crew).
    await page.click('#unit-list button[data-unit="Hell Boys"]');
    await page.click('#unit-list button[data-unit="Laser Grenadiers"]');
    await page.click('#unit-list button[data-unit="Bot Hunters"]');
    await page.click('#unit-list button[data-unit="Recon Grenadiers"]');
    await page.waitForFunction(() => { const m = document.querySelector('#answer-text[data-measure]'); return m && JSON.parse(m.dataset.measure).units[0] === 'Bot Hunters'; });
    const los2 = JSON.parse(await page.getAttribute('#answer-text', 'data-los'));
    assert.deepEqual(los2, cli('los', file, 'Bot Hunters', 'Recon Grenadiers', '--json'));
    // Each pair's line says what `los` says of it: blocked (red), seen in cover (amber) or in the open (green).
    const drawn = await page.$$eval('#overlay line.sight', (ls) => ls.map((l) => [l.dataset.pair, l.getAttribute('class')]));
    for (const p of los2.miniatures) {
      const cls = drawn.find(([k]) => k === `${p.attacker}-${p.target}`)[1];
      assert.equal(cls, !p.los ? 'sight blocked' : p.cover ? 'sight clear cover' : 'sight clear', `pair ${p.attacker}-${p.target}`);
    }
    await shot(page, 'battlefield-sight-desktop');
  } finally {
    await ctx.close();
  }
});

test('a dragged miniature: refused with the reason, accepted within its Move', { timeout: 60000 }, async () => {
  const ctx = await launch(DESKTOP);
  try {
    const page = await newPage(ctx);
    await page.goto(`${BASE}/battlefield/tables/zhytomyr-crossroads`);
    await page.waitForSelector('svg.field .units');
    const drag = async (sel, dxCm, dyCm) => {
      const box = await page.locator(sel).boundingBox();
      const cloth = await page.locator('svg.field .cloth').boundingBox();
      const pxPerCm = cloth.width / 180;
      const x = box.x + box.width / 2, y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dxCm * pxPerCm * i) / 8, y - (dyCm * pxPerCm * i) / 8);
      await page.mouse.up();
    };
    // Hell Boys (Move 1: 10 cm) dragged 40 cm: too far.
    await drag('svg.field .unit[data-unit="Hell Boys"] .mini[data-mini="0"]', 0, 40);
    await page.waitForSelector('#move-path[data-legal="false"]');
    assert.equal(await page.textContent('#move-verdict'), 'cannot end there');
    const refused = JSON.parse(await page.getAttribute('#answer-text', 'data-path'));
    assert.match(await page.textContent('#move-reason'), /more than the 10\.0 cm allowed/);
    const file = join(TABLES, 'zhytomyr-crossroads.toml');
    assert.deepEqual(refused, cli('path', file, 'Hell Boys:0', refused.to.join(','), '--move', '1', '--json'), 'the page says what `path` says');
    await shot(page, 'battlefield-drag-refused-desktop');
    // Nothing moved: the miniature is where the file puts it.
    const cx = Number(await page.getAttribute('svg.field .unit[data-unit="Hell Boys"] .mini[data-mini="0"]', 'cx'));
    assert.equal(cx, 50);
    // 5 cm to the side: within the Move.
    await drag('svg.field .unit[data-unit="Hell Boys"] .mini[data-mini="4"]', 0, -5);
    await page.waitForSelector('#move-path[data-legal="true"]');
    assert.equal(await page.textContent('#move-verdict'), 'can end there');
    // The keyboard's way: a miniature and a point.
    await page.selectOption('#try-mini', 'Pounder:0');
    await page.fill('#try-x', '100');
    await page.fill('#try-y', '60');
    await page.click('#try-go');
    await page.waitForFunction(() => { const a = document.querySelector('#answer-text[data-path]'); return a && JSON.parse(a.dataset.path).unit === 'Pounder'; });
    const p = JSON.parse(await page.getAttribute('#answer-text', 'data-path'));
    assert.deepEqual(p, cli('path', file, 'Pounder:0', '100,60', '--move', String(await page.inputValue('#move')), '--json'));
  } finally {
    await ctx.close();
  }
});

test('the table editor makes a file that `battlefield check` accepts', { timeout: 120000 }, async () => {
  const ctx = await launch(DESKTOP, { acceptDownloads: true });
  try {
    const page = await newPage(ctx);
    await page.goto(`${BASE}/battlefield/editor`);
    await page.waitForSelector('#add-terrain');
    await axe(page, 'the table editor');
    const ok = (v) => page.waitForSelector(`#verdict[data-ok="${v}"]`);
    await page.fill('#table-name', 'Editor Test');
    await page.click('#add-deployment');
    await page.selectOption('#add-side', 'b');
    await page.click('#add-deployment');
    // Terrain from presets, moved by keyboard (arrows: 1 cm, Shift: 5 cm) and turned.
    const place = async (kind, dx, dy) => {
      await page.selectOption('#add-kind', kind);
      await page.click('#add-terrain');
      await page.focus('svg.field');
      for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'Shift+ArrowRight' : 'Shift+ArrowLeft');
      for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'Shift+ArrowUp' : 'Shift+ArrowDown');
    };
    await place('woods', -6, 3);
    await place('building', 5, 4);
    await page.click('#turn-right');
    await place('hill', 6, -4);
    await place('smoke', -7, -5);
    await page.click('#grow');
    await place('barbed-wire', 0, -8);
    await page.click('#add-objective');
    // Units: a squad of side A, a vehicle of side B (it gets a facing), moved apart.
    await page.selectOption('#add-side', 'a');
    await page.selectOption('#add-card', 'Hell Boys');
    await page.click('#add-unit');
    await page.focus('svg.field');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowDown');
    await page.selectOption('#add-side', 'b');
    await page.selectOption('#add-card', 'Ludwig');
    await page.click('#add-unit');
    await page.focus('svg.field');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowUp');
    await ok('true');
    assert.match(await page.textContent('#verdict'), /The file checks: 5 terrain pieces, 2 zones, 1 objectives, 2 units/);
    // A piece pushed off the table: the check's problem, with the line and column.
    await page.click('svg.field .terrain[data-kind="hill"]');
    await page.focus('svg.field');
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowRight');
    await ok('false');
    assert.match(await page.textContent('#problems'), /^\d+:\d+: .*outside the table/);
    await shot(page, 'battlefield-editor-problem-desktop');
    await page.keyboard.press('Delete');
    await ok('true');
    // Download the file and check it with the command line.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(dl.suggestedFilename(), 'editor-test.toml');
    const dir = mkdtempSync(join(tmpdir(), 'dust1947-editor-'));
    const path = join(dir, 'editor-test.toml');
    await dl.saveAs(path);
    const text = readFileSync(path, 'utf8');
    assert.equal(text, await page.inputValue('#toml'), 'the download is the file shown');
    const out = execFileSync(BIN, ['battlefield', 'check', path], { encoding: 'utf8' });
    assert.match(out, /`Editor Test`, 120 × 120 cm: 4 terrain pieces, 2 zones, 1 objectives, 2 units \(6 miniatures\); no problems/);
    await shot(page, 'battlefield-editor-desktop');
    // A shipped table loaded in the editor writes a file that checks the same.
    await page.selectOption('#start-from', 'ruined-town');
    await page.click('#start');
    // The table is fetched before it is shown: wait for it, not for the verdict it replaces.
    await page.waitForFunction(() => document.querySelector('#toml').value.includes('Ruined Town'));
    await ok('true');
    writeFileSync(path, await page.inputValue('#toml'));
    // The editor's file says what the shipped file says (counts of terrain, zones, objectives,
    // units and miniatures), whatever the shipped table holds today.
    const summary = (out) => out.slice(out.indexOf('`Ruined Town`'));
    const shipped = execFileSync(BIN, ['battlefield', 'check', join(TABLES, 'ruined-town.toml')], { encoding: 'utf8' });
    assert.match(shipped, /`Ruined Town`, 120 × 120 cm: \d+ terrain pieces/);
    assert.equal(summary(execFileSync(BIN, ['battlefield', 'check', path], { encoding: 'utf8' })), summary(shipped));
  } finally {
    await ctx.close();
  }
});

test('on a phone: the table and the editor fit, pinch-free zoom by buttons', { timeout: 60000 }, async () => {
  const ctx = await launch(PHONE, { hasTouch: true, isMobile: true });
  try {
    const page = await newPage(ctx);
    await page.goto(`${BASE}/battlefield/tables/ostwall-bunker-line`);
    await page.waitForSelector('svg.field .units');
    const w = await page.evaluate(() => document.querySelector('svg.field').getBoundingClientRect().width);
    assert.ok(w <= 390 && w > 300, `the table fits the phone's width (${w} px)`);
    await page.tap('#zoom-in');
    assert.ok(Number(await page.getAttribute('svg.field', 'data-zoom')) > 1.4);
    await page.tap('#unit-list button >> nth=0');
    await page.tap('#unit-list button >> nth=3');
    await page.waitForSelector('#answer-text[data-measure]');
    await shot(page, 'battlefield-table-phone');
    await page.goto(`${BASE}/battlefield/editor`);
    await page.waitForSelector('#add-terrain');
    await page.tap('#add-terrain');
    await page.waitForSelector('#verdict[data-ok="true"]');
    await shot(page, 'battlefield-editor-phone');
  } finally {
    await ctx.close();
  }
});
