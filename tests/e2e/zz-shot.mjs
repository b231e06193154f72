import { launch, page as newPage, shot } from './lib.mjs';
const b = await launch({ width: Number(process.argv[4] || 1300), height: 900 });
const page = await newPage(b);
page.on('console', (m) => console.log('console:', m.text()));
await page.goto(process.argv[2]);
await page.waitForTimeout(1500);
await shot(page, process.argv[3]);
await b.close();
