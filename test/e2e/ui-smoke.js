// UI smoke test of the packaged extension, the way a person uses it: install the .vsix into a fresh
// code-server (no test hooks: the server runs without the smoke-test-driver flag), open the fixture folder in
// Chromium, open the broken template with Ctrl+P, look at the squiggle, open the Problems panel from the
// command palette and read its rows, hover the value; then in another template trigger suggest (Ctrl+Space)
// inside `"provider": ""` and apply a quick fix with Ctrl+. . Then verify egress from this machine and, with a FAKE
// kubectl first on PATH (test/support/fakeKubectl.js: no Kubernetes API server can exist here, so it runs the
// probe Job's container command locally), from a cluster: pick the context, read the manifest, confirm the modal.
// Then the Anyscale activity-bar container: the Cloud Resources tree with a broken resource and its tooltip; and,
// after a reload of the page, how long after activation the tree was first drawn (from the extension's log).
// Also: a snippet found by its prefix, a values file with an alias Helm cannot resolve, the Extensions view and the extension's page, the walkthrough.
// Saves test-results/ui-smoke.png, completion.png, snippet.png, yaml-anchor.png, extension-page.png, walkthrough.png, egress.png,
// egress-cluster-manifest.png, egress-cluster.png, egress-cluster-no-context.png and cloud-tree.png.
//
//   node test/e2e/ui-smoke.js dist/anyscale-azure-tools.vsix
//
// Needs scripts/install-tools.sh. Prints `N passed, N failed, N skipped` last and writes the counts to $TEST_COUNTS_FILE
// when set (test/support/testCounts.js); exits 1 on any failure. Stopped by SIGINT (Ctrl+C) or SIGTERM (`kill`), it
// stops code-server and Chromium and removes its temporary folders before it exits (128 + the signal's number).
'use strict';
const fs = require('fs');
const path = require('path');
const { ROOT, startCodeServer, launchChromium, copyFixture, log } = require('./code-server');
const fakeKubectl = require('../support/fakeKubectl');
const { reportCounts } = require('../support/testCounts');
const { onStopSignal } = require('./stopSignals');

const EXTENSION_ID = 'anyscale-azure-tools.anyscale-azure-tools';
const WORKSPACE = path.join(ROOT, 'test', 'fixtures', 'e2e', 'workspace');
const FILE = 'bad-template.json';
const SCREENSHOT = path.join(ROOT, 'test-results', 'ui-smoke.png');
const STEP_TIMEOUT = Number(process.env.UI_STEP_TIMEOUT_MS || 60000);
const EGRESS_SCREENSHOT = path.join(ROOT, 'test-results', 'egress.png');
const CLUSTER_SCREENSHOT = path.join(ROOT, 'test-results', 'egress-cluster.png');
const MANIFEST_SCREENSHOT = path.join(ROOT, 'test-results', 'egress-cluster-manifest.png');
const NO_CONTEXT_SCREENSHOT = path.join(ROOT, 'test-results', 'egress-cluster-no-context.png');
const CLUSTER_NAMESPACE = 'egress-smoke';
const EDITING_FILE = 'completion-template.json';
const COMPLETION_SCREENSHOT = path.join(ROOT, 'test-results', 'completion.png');
const TREE_SCREENSHOT = path.join(ROOT, 'test-results', 'cloud-tree.png');
const SNIPPET_SCREENSHOT = path.join(ROOT, 'test-results', 'snippet.png');
const EXTENSION_PAGE_SCREENSHOT = path.join(ROOT, 'test-results', 'extension-page.png');
const WALKTHROUGH_SCREENSHOT = path.join(ROOT, 'test-results', 'walkthrough.png');
const SNIPPET_FILE = 'new-cloud.json';
const ANCHOR_FILE = 'anchored-values.yaml';
const ANCHOR_SCREENSHOT = path.join(ROOT, 'test-results', 'yaml-anchor.png');
/** Operator values whose controlPlaneURL is an alias with no anchor: Helm rejects the file. */
const ANCHOR_TEXT =
  'shared: &shared\n  cloudProvider: azure\nglobal:\n  <<: *shared\n  cloudDeploymentId: cldrsrc_abcdefghijklmnopqrstuvwxyz\n  controlPlaneURL: *controlPlane\n';
const TREE_TEMPLATE = 'tree-cloud.json';
const TREE_ROWS = '.part.sidebar .customview-tree .monaco-list-row';
const say = (message) => log('ui-smoke', message);
/** SIGINT or SIGTERM: the step under way and the rest are not run; main()'s finally block cleans up (./stopSignals.js). */
const stop = onStopSignal(say);

const results = [];
let blocked;
/**
 * Runs one step and records it. After a failed `blocks` step (one the rest need), the rest fail unrun. Once the run is
 * stopped by a signal, the step under way is left (recorded as failed) and the rest are not run.
 */
async function check(name, fn, { blocks = false } = {}) {
  const t0 = Date.now();
  if (stop.stoppedBy()) return;
  if (blocked) {
    results.push({ name, ok: false, detail: `not run: "${blocked}" failed` });
    console.log(`  FAIL ${name}: not run, "${blocked}" failed`);
    return;
  }
  try {
    const detail = await Promise.race([fn(), stop.interrupted]);
    if (stop.stoppedBy()) {
      results.push({ name, ok: false, detail: `stopped by ${stop.stoppedBy()}` });
      console.log(`  FAIL ${name} (${Date.now() - t0} ms): stopped by ${stop.stoppedBy()}`);
      return;
    }
    results.push({ name, ok: true });
    console.log(`  ok   ${name} (${Date.now() - t0} ms)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false, detail: String(error && error.message ? error.message : error) });
    console.log(
      `  FAIL ${name} (${Date.now() - t0} ms)\n       ${String(error && error.stack ? error.stack : error)
        .split('\n')
        .slice(0, 6)
        .join('\n       ')}`,
    );
    if (blocks) blocked = name;
  }
}

/**
 * Runs a command palette command by its title: F1, the title typed, Enter once the open palette lists it. A palette
 * that does not list it (closed by a page that took the focus back, or its keys lost, as once after the walkthrough)
 * is closed and opened again, three times at most; the error says what the palette's input held.
 */
async function runCommand(page, title) {
  const input = page.locator('.quick-input-widget:visible .quick-input-box input');
  const row = page
    .locator(`.quick-input-widget:visible .quick-input-list .monaco-list-row:has-text("${title}")`)
    .first();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await page.keyboard.type(title);
    try {
      await row.waitFor({ timeout: STEP_TIMEOUT / 3 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      const typed = await input.inputValue({ timeout: 1000 }).catch(() => '(no open palette)');
      if (attempt === 3)
        throw new Error(
          `the palette never listed "${title}" (its input held ${JSON.stringify(typed)}): ${error.message}`,
        );
      say(`the palette did not list "${title}" (its input held ${JSON.stringify(typed)}); again`);
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * The egress steps' loopback lab: a TLS server for `localhost` and 127.0.0.1 with a self-signed certificate made by
 * Debian's openssl (spawned with argv) and trusted through the caFile setting, plus a closed port. Loopback only.
 */
async function startEgressLab(dir) {
  const { execFileSync } = require('child_process');
  const tls = require('tls');
  const net = require('net');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  // It answers the probe's HEAD / (the httpHead setting is on) and hangs up.
  const server = tls.createServer(
    { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
    (socket) => {
      socket.on('error', () => {});
      socket.end('HTTP/1.1 204 No Content\r\n\r\n');
    },
  );
  server.on('tlsClientError', () => {});
  // A connection that got its answer can stay open on this side after the client has gone: closed by close().
  const connections = new Set();
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  const listen = (srv) => new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv.address().port)));
  const port = await listen(server);
  const closer = net.createServer();
  const closed = await listen(closer);
  await new Promise((resolve) => closer.close(resolve));
  return {
    port,
    closed,
    caFile: path.join(dir, 'cert.pem'),
    close: () =>
      new Promise((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(resolve);
      }),
  };
}

/**
 * Starts the loopback TLS server the egress step probes and writes the workspace settings that point the probe at
 * it. Done before the workbench opens the folder, so the settings are read at start-up rather than raced against
 * the settings file watcher.
 */
async function prepareEgress(ws) {
  const labDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'anyscale-egress-lab-'));
  const lab = await startEgressLab(labDir);
  fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  fs.writeFileSync(
    path.join(ws, 'egress-targets.json'),
    JSON.stringify({ targets: [`localhost:${lab.port}`, `localhost:${lab.closed}`, '*.s.azure.anyscaleuserdata.com'] }),
  );
  fs.writeFileSync(
    path.join(ws, '.vscode', 'settings.json'),
    JSON.stringify(
      {
        'anyscaleAzure.egress.targetsFile': 'egress-targets.json',
        'anyscaleAzure.egress.caFile': lab.caFile,
        'anyscaleAzure.egress.resolve': { localhost: '127.0.0.1' },
        'anyscaleAzure.egress.httpHead': true,
        'anyscaleAzure.egress.cluster.namespace': CLUSTER_NAMESPACE,
      },
      null,
      2,
    ),
  );
  return {
    lab,
    async close() {
      await lab.close();
      fs.rmSync(labDir, { recursive: true, force: true });
    },
  };
}

/** Runs "Anyscale: Verify Egress from This Machine" from the palette and screenshots the results view. */
async function egressStep(page, lab) {
  await runCommand(page, 'Anyscale: Verify Egress from This Machine');
  const view = page.locator('.pane:has(.pane-header:has-text("Anyscale Egress"))');
  await view.locator(`.monaco-list-row:has-text("localhost:${lab.port}")`).waitFor({ timeout: STEP_TIMEOUT });
  await view.locator(`.monaco-list-row:has-text("localhost:${lab.closed}")`).first().click();
  await view.locator('.monaco-list-row:has-text("What to do")').first().waitFor({ timeout: STEP_TIMEOUT });
  // Room for the view: collapse the folder tree above it and widen the side bar.
  await page
    .locator('.pane-header:has-text("anyscale-ws")')
    .first()
    .click({ timeout: 3000 })
    .catch(() => {});
  const box = await page.locator('.part.sidebar').boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width + 1, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 820, box.y + 300, { steps: 5 });
    await page.mouse.up();
  }
  const rows = await view
    .locator('.monaco-list-row')
    .evaluateAll((els) => els.map((el) => (el.textContent || '').trim()));
  if (!rows.some((r) => r.includes(`localhost:${lab.port}`) && r.includes('ok ·')))
    throw new Error(`no passing row:\n${rows.join('\n')}`);
  if (!rows.some((r) => r.includes(`localhost:${lab.closed}`) && r.includes('refused')))
    throw new Error(`no refused row:\n${rows.join('\n')}`);
  await page.screenshot({ path: EGRESS_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, EGRESS_SCREENSHOT)}`);
  return `${rows.length} rows in the Anyscale Egress view`;
}

/**
 * "Anyscale: Verify Egress from Cluster" from the palette with the FAKE kubectl on PATH: pick the second kube context
 * in the quick pick, see the Job manifest in an editor and the modal, click Apply, wait for the results view to show
 * the cluster's outcomes; then the fake's recorded argv shows the Job applied, its log read and the Job deleted.
 * The targets file now names the TLS server by address, so its row can only come from this run, not the last one.
 */
async function clusterEgressStep(page, ws, lab, fake) {
  const context = fake.contexts[1];
  const direct = `127.0.0.1:${lab.port}`;
  fs.writeFileSync(
    path.join(ws, 'egress-targets.json'),
    JSON.stringify({ targets: [direct, `localhost:${lab.closed}`, '*.s.azure.anyscaleuserdata.com'] }),
  );
  await runCommand(page, 'Anyscale: Verify Egress from Cluster');
  const pick = page.locator(`.quick-input-widget .quick-input-list .monaco-list-row:has-text("${context}")`).first();
  await pick.waitFor({ timeout: STEP_TIMEOUT }).catch(async (error) => {
    const toasts = await page
      .locator('.notification-toast')
      .evaluateAll((els) => els.map((el) => (el.textContent || '').trim()));
    await page.screenshot({ path: CLUSTER_SCREENSHOT });
    throw new Error(
      `${error.message}\nnotifications: ${JSON.stringify(toasts)}; kubectl calls: ${JSON.stringify(fakeKubectl.readCalls(fake.dir))} (screenshot ${path.relative(ROOT, CLUSTER_SCREENSHOT)})`,
    );
  });
  const offered = await page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row')
    .evaluateAll((els) => els.map((el) => (el.textContent || '').trim()));
  if (!offered.some((row) => row.startsWith(fake.contexts[0]) && row.includes('current context')))
    throw new Error(`the quick pick does not mark the current context:\n${offered.join('\n')}`);
  await pick.click();

  const dialog = page.locator('.monaco-dialog-box:has-text("Apply the probe Job")');
  await dialog.waitFor({ timeout: STEP_TIMEOUT });
  const question = (await dialog.textContent()) || '';
  if (!question.includes(`namespace "${CLUSTER_NAMESPACE}" in context "${context}"`))
    throw new Error(`the modal does not name the namespace and context: ${question}`);
  const manifest = page.locator('.editor-instance .monaco-editor .view-lines').first();
  const shown = (await manifest.textContent()) || '';
  if (!/"kind":\s*"Job"/.test(shown.replace(/\u00a0/g, ' ')))
    throw new Error(`the active editor does not show the Job manifest:\n${shown.slice(0, 400)}`);
  await page.screenshot({ path: MANIFEST_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, MANIFEST_SCREENSHOT)}`);
  if (fakeKubectl.readCalls(fake.dir).some((argv) => argv.includes('apply')))
    throw new Error('kubectl apply ran before the modal was answered');
  await dialog.getByRole('button', { name: 'Apply' }).click();

  const view = page.locator('.pane:has(.pane-header:has-text("Anyscale Egress"))');
  await view.locator(`.pane-header:has-text("from cluster ${context}")`).waitFor({ timeout: STEP_TIMEOUT });
  await view.locator(`.monaco-list-row:has-text("${direct}")`).waitFor({ timeout: STEP_TIMEOUT });
  const shownRows = () =>
    view.locator('.monaco-list-row').evaluateAll((els) => els.map((el) => (el.textContent || '').trim()));
  const rows = await shownRows();
  // The list draws only the rows in view: the wildcard's row comes last, below the summary lines.
  await view.locator('.monaco-list').first().hover();
  await page.mouse.wheel(0, 1000);
  await page.waitForTimeout(300);
  for (const row of await shownRows()) if (!rows.includes(row)) rows.push(row);
  await page.mouse.wheel(0, -1000);
  if (!rows.some((r) => r.includes(direct) && r.includes('ok ·')))
    throw new Error(`no passing row from the cluster:\n${rows.join('\n')}`);
  if (!rows.some((r) => r.includes(`localhost:${lab.closed}`) && r.includes('refused')))
    throw new Error(`no refused row from the cluster:\n${rows.join('\n')}`);
  if (!rows.some((r) => r.includes('*.s.azure.anyscaleuserdata.com') && r.includes('needs a concrete host name')))
    throw new Error(`no wildcard row:\n${rows.join('\n')}`);
  // The passing target's details: the in-cluster script did the HEAD too.
  await view.locator(`.monaco-list-row:has-text("${direct}")`).first().click();
  const phases = view.locator('.monaco-list-row:has-text("Phases"):has-text("HTTP")').first();
  await phases.waitFor({ timeout: STEP_TIMEOUT });
  const phaseText = (await phases.textContent()) || '';
  await page.screenshot({ path: CLUSTER_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, CLUSTER_SCREENSHOT)}`);

  const calls = fakeKubectl.readCalls(fake.dir).filter((argv) => argv[0] === '--context');
  const wrongScope = calls.filter(
    (argv) => argv[1] !== context || argv[2] !== '--namespace' || argv[3] !== CLUSTER_NAMESPACE,
  );
  if (wrongScope.length)
    throw new Error(
      `kubectl calls outside --context ${context} --namespace ${CLUSTER_NAMESPACE}: ${JSON.stringify(wrongScope)}`,
    );
  const verbs = calls.map((argv) => argv.slice(4, 6).join(' '));
  const order = ['apply -f', 'logs', 'delete job'].map((verb) => verbs.findIndex((v) => v.startsWith(verb)));
  if (order.some((i) => i < 0) || order[0] > order[1] || order[1] > order[2])
    throw new Error(`expected apply, logs, delete in order; the fake kubectl saw: ${JSON.stringify(verbs)}`);
  return `context ${context}; kubectl ${verbs.join(' → ')}; ${phaseText.replace(/\s+/g, ' ').trim()}`;
}

/**
 * The Anyscale activity-bar icon opens the Cloud Resources view: the broken cloud resource (cloud-tree/tree-cloud.json,
 * provider "Gcp") is drawn with its provider and region, a problem badge, and a tooltip naming provider-invalid. Its
 * template is opened first, so that the screenshot shows the squiggle beside the tree. The egress results pane (same
 * container) is collapsed to leave the tree the room.
 */
/**
 * Verify Egress from Cluster where kubectl has no context yet (the FAKE kubectl's no-contexts scenario): no empty
 * picker, an error that says how to get one (az aks get-credentials) with Show Documentation; screenshot.
 */
async function clusterNoContextStep(page, fake) {
  fakeKubectl.setScenario(fake.dir, 'no-contexts');
  try {
    await runCommand(page, 'Notifications: Clear All Notifications'); // the screenshot shows this step's message alone
    await runCommand(page, 'Anyscale: Verify Egress from Cluster');
    const toast = page.locator('.notification-toast:has-text("kubectl has none")').first();
    await toast.waitFor({ timeout: STEP_TIMEOUT });
    const text = ((await toast.textContent()) || '').replace(/\s+/g, ' ');
    if (!text.includes('az aks get-credentials'))
      throw new Error(`the message does not say how to get a context: ${text}`);
    if (!(await toast.locator('.monaco-button:has-text("Show Documentation")').count()))
      throw new Error(`no Show Documentation button: ${text}`);
    // The command palette that ran the command may still be closing: only the context picker (its title) counts.
    const picker = page.locator('.quick-input-widget:visible:has-text("Kube context to run the egress probe Job in")');
    if (await picker.count()) throw new Error('a picker opened although there is no context');
    await page.waitForTimeout(500); // the toast's fade-in
    await page.screenshot({ path: NO_CONTEXT_SCREENSHOT });
    say(`screenshot: ${path.relative(ROOT, NO_CONTEXT_SCREENSHOT)}`);
    // Cleared from the palette, not by clicking the toast: a click leaves the focus in the notifications, and the next
    // step's Go to Line then once never took its Enter.
    await runCommand(page, 'Notifications: Clear All Notifications');
    return text.slice(0, 160);
  } finally {
    fakeKubectl.setScenario(fake.dir, undefined);
  }
}

async function cloudTreeStep(page, ws) {
  try {
    return await showCloudTree(page, ws);
  } catch (error) {
    await page.screenshot({ path: TREE_SCREENSHOT });
    throw new Error(`${error.message}\n(screenshot ${path.relative(ROOT, TREE_SCREENSHOT)})`);
  }
}

async function showCloudTree(page, ws) {
  await openFile(page, TREE_TEMPLATE);
  await goTo(page, path.join(ws, 'cloud-tree', TREE_TEMPLATE), '"Gcp"', 1); // the squiggle in view
  // From the Explorer, as a user comes to it (a click on the icon of the container already shown would close it).
  await page.keyboard.press('Control+Shift+E');
  await page.locator('.part.sidebar .explorer-folders-view').waitFor({ timeout: STEP_TIMEOUT });
  const clicked = Date.now();
  await page.locator('.part.activitybar li.action-item:has(a[aria-label^="Anyscale"])').click();
  const broken = page.locator(`${TREE_ROWS}[aria-label^="gke-broken"]`);
  await broken.waitFor({ timeout: STEP_TIMEOUT });
  const shownMs = Date.now() - clicked;
  const egress = page.locator('.part.sidebar .pane-header.expanded:has-text("Anyscale Egress")');
  if (await egress.count()) await egress.first().click();
  await broken
    .locator('.monaco-icon-label.monaco-decoration-badge')
    .waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  const rows = await page
    .locator(TREE_ROWS)
    .evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') || '').replace(/, has actions$/, '')));
  for (const expected of [
    'tree-cloud westus2 · 2 cloud resources',
    'gke-broken Gcp · us-central1',
    "[parameters('cloudName')] name set at deployment · 1 cloud resource",
  ]) {
    if (!rows.includes(expected)) throw new Error(`no row "${expected}":\n${rows.join('\n')}`);
  }
  // The errors badge on the Anyscale icon; none added to the Explorer's, whose badge users read as unsaved files.
  const activityItem = (label) =>
    page
      .locator(`.part.activitybar li.action-item:has(a[aria-label^="${label}"])`)
      .first()
      .evaluate((el) => el.outerHTML);
  const [anyscaleIcon, explorerIcon] = [await activityItem('Anyscale'), await activityItem('Explorer')];
  if (!/errors? in the workspace&#39;s Anyscale clouds|errors? in the workspace's Anyscale clouds/.test(anyscaleIcon))
    throw new Error(`the Anyscale icon has no errors badge: ${anyscaleIcon.slice(0, 400)}`);
  if (/Anyscale clouds/.test(explorerIcon))
    throw new Error(`the Explorer icon's badge counts the Anyscale errors: ${explorerIcon.slice(0, 400)}`);
  await broken.hover();
  // Visible: the editor keeps its last hover, hidden, in the page.
  await page.locator('.monaco-hover:visible:has-text("provider-invalid")').first().waitFor({ timeout: STEP_TIMEOUT });
  await page.screenshot({ path: TREE_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, TREE_SCREENSHOT)}`);
  await page.mouse.move(5, 5);
  const squiggles = await page.locator('.editor-instance .monaco-editor .squiggly-error').count();
  return `${rows.length} rows, drawn ${shownMs} ms after the click; ${squiggles} error squiggle(s) in the editor`;
}

/**
 * Reloads the page: the workbench comes back with the Anyscale container open, the extension activates anew, and
 * its log says when the tree was first drawn after activation, and when first with the complete index (the same
 * draw when the first rows already had it). Measured, not judged: the goal (< 500 ms) is docs/performance.md's.
 */
async function cloudTreeFirstPaintStep(page, cs) {
  const logsBefore = new Set(channelLogs(cs.userData));
  await page.reload();
  await page.locator(`${TREE_ROWS}[aria-label^="gke-broken"]`).waitFor({ timeout: 90000 });
  const pattern =
    /Cloud Resources view: (first rows|the complete index) drawn (\d+) ms after activation, (\d+) ms after the view asked for them \((\d+) clouds; (scan complete|scan under way)\)/g;
  let lines = [];
  // The scan completes within moments of the first rows; and the log file may trail the screen a little.
  for (const deadline = Date.now() + STEP_TIMEOUT; !lines.some(([, , , , , scan]) => scan === 'scan complete');) {
    if (Date.now() > deadline)
      throw new Error(
        `the extension logged no draw of the complete index after the reload (logged: ${JSON.stringify(lines.map(([line]) => line))})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const text = channelLogs(cs.userData)
      .filter((file) => !logsBefore.has(file))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    lines = [...text.matchAll(pattern)];
  }
  return lines
    .map(
      ([, what, drawn, waited, clouds, scan]) =>
        `${what === 'first rows' ? 'first paint' : 'complete index drawn'} ${drawn} ms after activation (${waited} ms after the view asked, ${clouds} clouds, ${scan})`,
    )
    .join('; ');
}

/** The log files of the extension's output channel ("Anyscale on Azure") under a user data folder. */
function channelLogs(userData) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/Anyscale on Azure\.log$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(userData, 'logs'));
  return out;
}

/** Opens a workspace file with Ctrl+P. */
async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await page.keyboard.type(name);
  await page
    .locator(`.quick-input-list .monaco-list-row:has-text("${name}")`)
    .first()
    .waitFor({ timeout: STEP_TIMEOUT });
  await page.keyboard.press('Enter');
  await page.locator(`.tab.active:has-text("${name}")`).waitFor({ timeout: STEP_TIMEOUT });
}

/**
 * Moves the cursor with Ctrl+G to the first line containing `needle`, `into` characters into it (1-based line:column),
 * and checks that it got there from the status bar's "Ln X, Col Y". Go to Line sometimes drops a keystroke when it
 * opens while another quick input is still closing; then it is closed and tried again (three times at most).
 */
async function goTo(page, file, needle, into) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`${needle} is not in ${file}`);
  const column = lines[line].indexOf(needle) + into + 1;
  const target = `Ln ${line + 1}, Col ${column}`;
  const selection = page.locator('[id="status.editor.selection"]');
  let seen = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget:visible .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await page.keyboard.type(`${line + 1}:${column}`);
    await page.keyboard.press('Enter');
    const closed = await page
      .locator('.quick-input-widget')
      .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT / 6 })
      .then(
        () => true,
        () => false,
      );
    if (!closed) {
      seen = `Go to Line stayed open with "${await input.inputValue().catch(() => '?')}"`;
      await page.keyboard.press('Escape');
      await page
        .locator('.quick-input-widget')
        .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT / 6 })
        .catch(() => {});
      continue;
    }
    const arrived = await selection
      .filter({ hasText: target })
      .waitFor({ timeout: STEP_TIMEOUT / 6 })
      .then(
        () => true,
        () => false,
      );
    if (arrived) return;
    seen = `the status bar says "${(await selection.textContent().catch(() => '?')) || ''}"`;
  }
  throw new Error(`Go to Line did not reach ${target} in 3 tries: ${seen}`);
}

/** Ctrl+Space inside `"provider": ""`: the suggest widget lists the four providers; screenshot of the list. */
/** Presses `key` until `target` shows: a key pressed while Go to Line is still closing goes nowhere. */
async function pressUntilShown(page, key, target, what) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    const shown = await target.waitFor({ timeout: STEP_TIMEOUT / 4 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) throw new Error(`${key} pressed 3 times; no ${what}`);
  }
}

async function completionStep(page, ws) {
  await openFile(page, EDITING_FILE);
  // Our server has analysed the document once its diagnostics are squiggled.
  await page
    .locator('.editor-instance .monaco-editor .squiggly-error')
    .first()
    .waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  await goTo(page, path.join(ws, EDITING_FILE), '"provider": ""', 13);
  const widget = page.locator('.editor-widget.suggest-widget');
  const generic = widget.locator('.monaco-list-row:has-text("Generic")').first();
  try {
    await pressUntilShown(page, 'Control+Space', generic, 'a suggest list with "Generic"');
  } catch (error) {
    await page.screenshot({ path: COMPLETION_SCREENSHOT });
    const shown = await widget.evaluateAll((els) => els.map((el) => `${el.className}: ${el.textContent}`));
    throw new Error(
      `${error.message}\nsuggest widget: ${JSON.stringify(shown)} (screenshot ${path.relative(ROOT, COMPLETION_SCREENSHOT)})`,
    );
  }
  const rows = await widget
    .locator('.monaco-list-row')
    .evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') || el.textContent || '').trim()));
  const missing = ['Azure', 'AWS', 'GCP', 'Generic'].filter((label) => !rows.some((row) => row.startsWith(label)));
  if (missing.length) throw new Error(`the suggest list lacks ${missing.join(', ')}:\n${rows.join('\n')}`);
  await page.screenshot({ path: COMPLETION_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, COMPLETION_SCREENSHOT)}`);
  await page.keyboard.press('Escape');
  return rows.map((row) => row.split(',')[0]).join(' | ');
}

/** Ctrl+. on `"k8s"`, the quick fix picked from the menu, saved: the file on disk has `"K8S"`. */
async function quickFixStep(page, ws) {
  const file = path.join(ws, EDITING_FILE);
  await goTo(page, file, '"k8s"', 2);
  const title = 'Change computeStack to "K8S"';
  const row = page.locator(`.action-widget .monaco-list-row:has-text('${title}')`).first();
  await pressUntilShown(page, 'Control+.', row, `a quick fix menu with '${title}'`);
  await row.click();
  await page.keyboard.press('Control+S');
  const expected = '"computeStack": "K8S"';
  for (const deadline = Date.now() + STEP_TIMEOUT; !fs.readFileSync(file, 'utf8').includes(expected);) {
    if (Date.now() > deadline)
      throw new Error(`the saved file does not contain ${expected}:\n${fs.readFileSync(file, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (fs.readFileSync(file, 'utf8').includes('"k8s"')) throw new Error('"k8s" is still in the file');
  return `${title} applied and saved`;
}

/**
 * In an empty JSON file, the prefix `anyscale-cloud` typed and the suggestion accepted with Enter: the template lands
 * with its `$schema` key (a `$` read as a snippet variable once left `"": "https://…"`); screenshot of the result.
 */
async function snippetStep(page, ws) {
  await openFile(page, SNIPPET_FILE); // written empty before the folder was opened (Quick Open may not see a newer file)
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.type('anyscale-cloud');
  const row = page
    .locator('.editor-widget.suggest-widget .monaco-list-row:has-text("Anyscale cloud + default cloud resource")')
    .first();
  await pressUntilShown(page, 'Control+Space', row, 'a suggestion "Anyscale cloud + default cloud resource"');
  await row.click();
  await page.keyboard.press('Escape'); // leave snippet mode: the placeholders stay as written
  await page.keyboard.press('Control+S');
  let text = '';
  for (
    const deadline = Date.now() + STEP_TIMEOUT;
    !/"\$schema": "https:\/\/schema\.management\.azure\.com\//.test(text);
  ) {
    if (Date.now() > deadline) throw new Error(`the saved snippet has no "$schema" key:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    text = fs.readFileSync(path.join(ws, SNIPPET_FILE), 'utf8');
  }
  if (!text.includes('"type": "Anyscale.Platform/clouds/cloudResources"'))
    throw new Error(`no cloud resource in the snippet:\n${text}`);
  await page.screenshot({ path: SNIPPET_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, SNIPPET_SCREENSHOT)}`);
  return `${text.split('\n').length} lines, "$schema" first`;
}

/** A values file with an alias Helm cannot resolve: an error squiggle, and the Problems panel's row; screenshot. */
async function yamlAnchorStep(page) {
  await openFile(page, ANCHOR_FILE); // written before the folder was opened, like SNIPPET_FILE
  const squiggle = page.locator('.editor-instance .monaco-editor .squiggly-error');
  await squiggle.first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
  await runCommand(page, 'Problems: Focus on Problems View');
  const row = page.locator(`.markers-panel .monaco-list-row:has-text("unknown anchor 'controlPlane'")`).first();
  await row.waitFor({ timeout: STEP_TIMEOUT });
  const label = (await row.getAttribute('aria-label')) || (await row.textContent()) || '';
  if (!/invalid-yaml/.test(label) && !/invalid-yaml/.test((await row.textContent()) || ''))
    throw new Error(`the row does not name invalid-yaml: ${label}`);
  await page.screenshot({ path: ANCHOR_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, ANCHOR_SCREENSHOT)}`);
  return label.split('\n')[0].slice(0, 160);
}

/** The Extensions view lists the installed extension with its own icon; its page (the README) opens; screenshot. */
async function extensionPageStep(page) {
  await runCommand(page, 'Extensions: Show Installed Extensions');
  const item = page.locator('.extensions-viewlet .monaco-list-row:has-text("Anyscale on Azure")').first();
  await item.waitFor({ timeout: STEP_TIMEOUT });
  const icon = await item.locator('img.icon').first().getAttribute('src');
  if (!icon || !/icon\.png/.test(icon)) throw new Error(`the list shows no icon of ours (img src ${icon})`);
  await item.click();
  const editor = page.locator('.extension-editor');
  await editor.locator('.name:has-text("Anyscale on Azure")').first().waitFor({ timeout: STEP_TIMEOUT });
  // The README is rendered in a webview (a frame inside a frame): its title heading must be in one of the page's frames.
  const readmeShown = async () => {
    for (const frame of page.frames()) {
      const headings = await frame
        .locator('h1')
        .allInnerTexts()
        .catch(() => []);
      if (headings.some((heading) => heading.includes('Anyscale on Azure Tools'))) return true;
    }
    return false;
  };
  for (const deadline = Date.now() + STEP_TIMEOUT; !(await readmeShown());) {
    if (Date.now() > deadline)
      throw new Error('the extension page shows no README (no "Anyscale on Azure Tools" heading in any frame)');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await page.screenshot({ path: EXTENSION_PAGE_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, EXTENSION_PAGE_SCREENSHOT)}`);
  return `icon ${icon.split('/').pop()}`;
}

/** Welcome: Open Walkthrough… lists ours; opened, it shows its five steps; screenshot. */
async function walkthroughStep(page) {
  const title = 'Get Started with Anyscale on Azure';
  await runCommand(page, 'Welcome: Open Walkthrough...');
  const choice = page.locator(`.quick-input-list .monaco-list-row:has-text("${title}")`).first();
  await choice.waitFor({ timeout: STEP_TIMEOUT });
  await choice.click();
  const steps = page.locator('.gettingStartedContainer .getting-started-step .step-title');
  await steps.first().waitFor({ timeout: STEP_TIMEOUT });
  const titles = (await steps.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  if (titles.length < 5) throw new Error(`the walkthrough shows ${titles.length} steps: ${JSON.stringify(titles)}`);
  await page.screenshot({ path: WALKTHROUGH_SCREENSHOT });
  say(`screenshot: ${path.relative(ROOT, WALKTHROUGH_SCREENSHOT)}`);
  // Closed again: the page takes the focus back while it settles, which closed the next step's palette.
  await runCommand(page, 'View: Close Editor');
  return titles.join(' | ');
}

async function main() {
  const vsix = process.argv[2] && path.resolve(process.argv[2]);
  if (!vsix || !fs.existsSync(vsix))
    throw new Error(
      `usage: node test/e2e/ui-smoke.js <extension.vsix> (got ${process.argv[2] || 'nothing'}); build one with \`npm run package\``,
    );
  fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  fs.rmSync(SCREENSHOT, { force: true });
  let cs;
  let browser;
  let ws;
  let egress;
  // The FAKE kubectl goes on PATH ahead of everything but code-server's own Node folder (which holds no kubectl).
  // VSCODE_CLI=1 tells the server it was started from a shell, so the extension host keeps this environment
  // instead of replacing PATH with the one a login shell builds (which would find the machine's real kubectl).
  const fake = fakeKubectl.install();
  process.env.PATH = `${fake.dir}${path.delimiter}${process.env.PATH}`;
  try {
    cs = await startCodeServer({ smokeTestDriver: false, env: { VSCODE_CLI: '1' } });
    if (stop.stoppedBy()) return;
    say(`code-server up at ${cs.url} (Node ${cs.nodeVersion}), no test hooks`);
    ws = copyFixture(WORKSPACE);
    fs.writeFileSync(path.join(ws, SNIPPET_FILE), '');
    fs.writeFileSync(path.join(ws, ANCHOR_FILE), ANCHOR_TEXT);
    egress = await prepareEgress(ws);
    if (stop.stoppedBy()) return;

    await check(
      `install ${path.basename(vsix)} with --install-extension`,
      async () => {
        const out = cs.installExtension(vsix);
        if (!/successfully installed/i.test(out)) throw new Error(`unexpected output: ${out}`);
        const listed = cs.listExtensions();
        const line = listed.split('\n').find((l) => l.toLowerCase().startsWith(`${EXTENSION_ID}@`));
        if (!line) throw new Error(`${EXTENSION_ID} not in --list-extensions:\n${listed}`);
        return line.trim();
      },
      { blocks: true },
    );

    browser = await launchChromium({ handlesSignals: false });
    if (stop.stoppedBy()) return;
    const { page } = browser;

    await check(
      'open the workspace folder',
      async () => {
        await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}`);
        await page.locator(`.explorer-folders-view .monaco-list-row:has-text("${FILE}")`).waitFor({ timeout: 90000 });
      },
      { blocks: true },
    );

    await check(
      `open ${FILE} with Ctrl+P`,
      async () => {
        await page
          .locator('.monaco-workbench')
          .click({ position: { x: 700, y: 400 } })
          .catch(() => {});
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
        await page.keyboard.type(FILE);
        await page
          .locator(`.quick-input-list .monaco-list-row:has-text("${FILE}")`)
          .first()
          .waitFor({ timeout: STEP_TIMEOUT });
        await page.keyboard.press('Enter');
        await page.locator(`.tab.active:has-text("${FILE}")`).waitFor({ timeout: STEP_TIMEOUT });
      },
      { blocks: true },
    );

    await check('the wrong provider value is squiggled in the editor', async () => {
      const squiggle = page.locator('.editor-instance .monaco-editor .squiggly-error');
      await squiggle.first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT });
      return `${await squiggle.count()} error squiggle(s)`;
    });

    let rows = [];
    await check('the Problems panel lists provider-invalid from anyscale-azure', async () => {
      await runCommand(page, 'Problems: Focus on Problems View');
      const row = page.locator('.markers-panel .monaco-list-row:has-text("provider-invalid")');
      await row.first().waitFor({ timeout: STEP_TIMEOUT });
      rows = await page
        .locator('.markers-panel .monaco-list-row')
        .evaluateAll((els) => els.map((el) => `${el.getAttribute('aria-label') || ''} | ${el.textContent || ''}`));
      const match = rows.find(
        (r) => r.includes('provider-invalid') && r.includes('anyscale-azure') && r.includes('"Aws"'),
      );
      if (!match) throw new Error(`no row names provider-invalid, anyscale-azure and "Aws":\n${rows.join('\n')}`);
      return match.split(' | ')[0];
    });

    await check('hovering the value shows the message', async () => {
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      const line =
        fs
          .readFileSync(path.join(ws, FILE), 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('"provider": "Aws"')) + 1;
      const column = fs.readFileSync(path.join(ws, FILE), 'utf8').split('\n')[line - 1].indexOf('Aws') + 1;
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await page.keyboard.type(`${line}:${column}`);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      await page.locator('.monaco-hover:has-text("is not accepted")').first().waitFor({ timeout: STEP_TIMEOUT });
      // The marker's part shows at once; ours (the rule, its documentation link) comes from the language server after
      // it. Waited for, so that the screenshot shows the whole hover and not the moment before our part arrived.
      await page.locator('.monaco-hover:has-text("must be exactly")').first().waitFor({ timeout: STEP_TIMEOUT });
    });

    if (stop.stoppedBy()) return;
    if (rows.length) console.log(`  Problems panel rows:\n    ${rows.map((r) => r.split(' | ')[0]).join('\n    ')}`);
    await page.screenshot({ path: SCREENSHOT }).then(
      () => say(`screenshot: ${path.relative(ROOT, SCREENSHOT)}`),
      (e) => say(`screenshot failed: ${e.message}`),
    );

    await check('Ctrl+Space inside "provider": "" lists Azure, AWS, GCP and Generic', () => completionStep(page, ws));
    await check('Ctrl+. on "k8s" applies the quick fix through the UI', () => quickFixStep(page, ws));
    await check('typing the prefix anyscale-cloud in an empty JSON file inserts the template, $schema and all', () =>
      snippetStep(page, ws),
    );
    await check(
      'a values file with an alias Helm cannot resolve: an error on the alias, invalid-yaml in the Problems panel',
      () => yamlAnchorStep(page),
    );
    await check('the Extensions view shows the extension with its icon, and its page', () => extensionPageStep(page));
    await check('the walkthrough opens from Welcome: Open Walkthrough… with its five steps', () =>
      walkthroughStep(page),
    );
    await check('Verify Egress from This Machine from the palette fills the results view', () =>
      egressStep(page, egress.lab),
    );
    await check(
      'Verify Egress from Cluster (FAKE kubectl): pick the context, confirm the manifest, results in the view',
      () => clusterEgressStep(page, ws, egress.lab, fake),
    );
    await check(
      'Verify Egress from Cluster with no kube context: a message with az aks get-credentials, no empty picker',
      () => clusterNoContextStep(page, fake),
    );
    await check(
      'the Anyscale container shows the Cloud Resources tree with the broken resource, its badge and tooltip',
      () => cloudTreeStep(page, ws),
    );
    await check(
      'after a reload, the Cloud Resources tree is drawn again (first paint after activation, from the log)',
      () => cloudTreeFirstPaintStep(page, cs),
    );
    if (results.some((r) => !r.ok) && !stop.stoppedBy()) {
      console.log(`--- code-server log (last 30 lines) ---\n${cs.readLog().split('\n').slice(-30).join('\n')}`);
    }
  } finally {
    if (browser) await browser.close();
    if (cs) await cs.stop();
    if (egress) await egress.close();
    if (ws) fs.rmSync(ws, { recursive: true, force: true });
    fake.close();
  }
}

main()
  .catch((error) => {
    results.push({ name: 'ui-smoke setup', ok: false });
    console.error(error && error.stack ? error.stack : error);
  })
  .then(() => {
    const passed = results.filter((r) => r.ok).length;
    process.exit(stop.exitCode(reportCounts({ passed, failed: results.length - passed })));
  });
