// The real-VS-Code tier's view of the screen. The suite runs inside the extension host, which cannot see the
// workbench; the runner drives the same page with Playwright. This loopback-only HTTP endpoint (127.0.0.1, a free
// port, alive for one run) lets a test read what the user sees and act as the user would: the texts of elements
// (notifications, the status bar's Language Status hover, a webview's content), a click, a hover, a key, typing.
// One JSON request per POST: { op: 'texts' | 'childTexts' | 'values' | 'screenshot' | 'click' | 'contextClick' | 'hover' | 'press' | 'type', selector?, frames?, attribute?, key?, text?, path? }.
'use strict';
const http = require('http');

const CLICK_TIMEOUT_MS = 10000;

/**
 * innerText (or the `attribute`, e.g. aria-label) of every element matching `selector` in the page (and, with
 * `frames`, in all its frames: webviews).
 */
async function texts(page, selector, frames, attribute) {
  const scopes = frames ? page.frames() : [page.mainFrame()];
  const found = [];
  for (const frame of scopes) {
    try {
      const locator = frame.locator(selector);
      found.push(
        ...(attribute
          ? await locator.evaluateAll((els, name) => els.map((el) => el.getAttribute(name) ?? ''), attribute)
          : await locator.allInnerTexts()),
      );
    } catch {
      // a frame that went away while we read it
    }
  }
  return found;
}

async function handle(page, request) {
  if (!page) throw new Error('the browser page is not open yet');
  switch (request.op) {
    case 'texts':
      return texts(page, request.selector, request.frames === true, request.attribute);
    case 'childTexts':
      // Per matching element, the text of each child node that has any, whitespace collapsed: parts laid out side
      // by side with CSS gaps (no text between them) come apart, whatever innerText makes of the layout.
      return page
        .locator(request.selector)
        .evaluateAll((els) =>
          els.map((el) =>
            [...el.childNodes].map((node) => (node.textContent || '').replace(/\s+/g, ' ').trim()).filter(Boolean),
          ),
        );
    case 'values':
      // The current value of every matching input (what the user typed or was offered), which innerText does not show.
      return page.locator(request.selector).evaluateAll((els) => els.map((el) => el.value ?? ''));
    case 'screenshot':
      // For a failing test's message: what the screen showed, next to the mocha report.
      await page.screenshot({ path: request.path });
      return request.path;
    case 'click':
      await page.locator(request.selector).first().click({ timeout: CLICK_TIMEOUT_MS });
      return true;
    case 'contextClick':
      await page.locator(request.selector).first().click({ button: 'right', timeout: CLICK_TIMEOUT_MS });
      return true;
    case 'hover':
      await page.locator(request.selector).first().hover({ timeout: CLICK_TIMEOUT_MS });
      return true;
    case 'press':
      await page.keyboard.press(request.key);
      return true;
    case 'type':
      await page.keyboard.type(request.text);
      return true;
    default:
      throw new Error(`unknown op ${JSON.stringify(request.op)}`);
  }
}

/** Starts the endpoint for the page `currentPage()` returns (the browser starts after code-server, which needs the url). */
function startUiBridge(currentPage) {
  const server = http.createServer((req, res) => {
    let body = '';
    req
      .setEncoding('utf8')
      .on('data', (chunk) => (body += chunk))
      .on('end', async () => {
        try {
          const result = await handle(currentPage(), JSON.parse(body));
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
        } catch (error) {
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: String(error && error.message ? error.message : error) }));
        }
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

module.exports = { startUiBridge };
