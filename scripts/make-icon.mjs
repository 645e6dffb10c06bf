// Renders the Marketplace icon media/icon.svg to the 128×128 media/icon.png that package.json's `icon` names (the
// Marketplace does not accept SVG icons). Run it after editing the SVG and commit both: `node scripts/make-icon.mjs`.
// Uses playwright-core (a devDependency) with headless Chromium (CHROMIUM, default /usr/bin/chromium, which
// scripts/install-tools.sh installs for the UI tiers).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const svg = readFileSync(`${root}media/icon.svg`, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><body style="margin:0">${svg.replace('<svg ', '<svg style="display:block" ')}</body>`,
  );
  const png = await page.screenshot({ path: `${root}media/icon.png`, omitBackground: true });
  console.log(`media/icon.png: ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}, ${png.length} bytes`);
} finally {
  await browser.close();
}
