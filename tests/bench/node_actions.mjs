// Reference for `make bench`: Node playwright-core doing the same actions, on the same page,
// with the same selectors, as the Rust path. Prints per-action latencies (ms) as JSON.
import { chromium } from 'playwright-core';

const [url, iterations, executablePath, selectorsJson] = process.argv.slice(2);
const s = JSON.parse(selectorsJson);
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
const samples = { goto: [], fill: [], click: [], expect_visible: [], snapshot: [], screenshot_jpeg: [] };
const time = async (name, fn) => { const t = performance.now(); await fn(); samples[name].push(performance.now() - t); };
for (let i = 0; i < Number(iterations); i++) {
  await time('goto', () => page.goto(url + '/login', { waitUntil: 'load' }));
  await time('fill', () => page.locator(s.email).fill('ada@example.com'));
  await time('fill', () => page.locator(s.password).fill('demo1234'));
  await time('click', () => page.locator(s.login).click());
  await time('expect_visible', () => page.locator(s.dashboard).waitFor({ state: 'visible' }));
  await time('snapshot', () => page.ariaSnapshot({ mode: 'ai' }));
  // The same frame the Rust path takes: outline and password mask by a style that lives only
  // for the capture, downscaled to half the viewport by Chromium (CDP Page.captureScreenshot).
  await time('screenshot_jpeg', async () => {
    const css = `${s.frameStyle} ${s.masked} { background: #5b6170 !important; color: transparent !important; -webkit-text-fill-color: transparent !important; caret-color: transparent !important; text-shadow: none !important; }`;
    await page.evaluate((text) => { const st = document.createElement('style'); st.id = '__specwright_frame'; st.textContent = text; document.documentElement.appendChild(st); }, css);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 70, clip: { x: 0, y: 0, width: 1280, height: 800, scale: 0.5 } });
    await cdp.detach();
    await page.evaluate(() => document.getElementById('__specwright_frame')?.remove());
  });
  await time('click', () => page.locator(s.logout).click());
}
await browser.close();
console.log(JSON.stringify(samples));
