// Helpers of the strategy game's browser tests.

// The decisions that ask numbers next: the page plans them before sending (strategy.js).
export const ASKS_NUMBERS = /^(move |attack |mech-drop |retreat$)/;

// Answers the plan of a decision just chosen: at each number the largest (or `pick(lo, hi)`),
// then reads the summary (`atSummary(page)` runs then) and confirms it. Returns what the plan
// showed at each step: [{ step, text }].
export async function confirmPlan(page, pick = (lo, hi) => hi, atSummary = async () => {}) {
  const shown = [];
  for (let k = 0; k < 10; k++) {
    await page.waitForSelector(`#plan[data-counts="${k}"]`, { timeout: 30000 });
    const step = await page.$eval('#plan', (p) => ({ step: p.dataset.step, text: p.textContent }));
    shown.push(step);
    if (step.step === 'done') {
      await atSummary(page);
      await page.click('#plan-confirm');
      return shown;
    }
    const ns = await page.$$eval('#plan button.count', (bs) => bs.map((b) => Number(b.dataset.n)));
    const n = pick(Math.min(...ns), Math.max(...ns));
    await page.click(`#plan button.count[data-n="${n}"]`);
  }
  throw new Error('the plan never ended: ' + JSON.stringify(shown));
}
