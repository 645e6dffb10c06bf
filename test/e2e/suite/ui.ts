// What the user sees, for the real-VS-Code suites: the runner drives the workbench page with Playwright and serves
// it to the extension host on loopback (test/e2e/ui-bridge.js, VSCODE_TEST_UI). Notifications, the Language Status
// hover, the results view and webview contents are read from the screen; buttons are clicked as a user would.
import * as vscode from 'vscode';
import { waitFor } from './helpers';

type Request =
  | { op: 'texts'; selector: string; frames?: boolean; attribute?: string }
  | { op: 'childTexts' | 'values'; selector: string }
  | { op: 'screenshot'; path: string }
  | { op: 'click' | 'contextClick' | 'hover'; selector: string }
  | { op: 'press'; key: string }
  | { op: 'type'; text: string };

async function send<T>(request: Request): Promise<T> {
  const url = process.env.VSCODE_TEST_UI;
  if (!url) throw new Error('VSCODE_TEST_UI is not set: run the suite with test/e2e/run-vscode-tests.js');
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(request) });
  const answer = (await response.json()) as { result?: T; error?: string };
  if (!response.ok) throw new Error(`UI ${JSON.stringify(request)} failed: ${answer.error}`);
  return answer.result as T;
}

/** The visible text of every element matching a Playwright selector; `frames` also searches webviews. */
export function texts(selector: string, frames = false): Promise<string[]> {
  return send({ op: 'texts', selector, frames });
}

/**
 * Saves a screenshot of the workbench beside the tier's mocha report (test-results/, the folder VSCODE_TEST_REPORT is
 * in) as `<name>.png`, and returns its path: for the message of a test that fails on something it could not read.
 */
export function screenshot(name: string): Promise<string> {
  const report = process.env.VSCODE_TEST_REPORT;
  const folder = report ? report.slice(0, Math.max(report.lastIndexOf('/'), report.lastIndexOf('\\'))) : '.';
  return send({ op: 'screenshot', path: `${folder}/${name}.png` });
}

/** The texts of the child nodes of every element matching a Playwright selector (empty ones left out). */
export function childTexts(selector: string): Promise<string[][]> {
  return send({ op: 'childTexts', selector });
}

/** The value of every input matching a Playwright selector. */
export function values(selector: string): Promise<string[]> {
  return send({ op: 'values', selector });
}

/** An attribute (e.g. aria-label, class) of every element matching a Playwright selector. */
export function attributes(selector: string, attribute: string): Promise<string[]> {
  return send({ op: 'texts', selector, attribute });
}

export function click(selector: string): Promise<void> {
  return send({ op: 'click', selector });
}

/** A right click: opens the element's context menu. */
function contextClick(selector: string): Promise<void> {
  return send({ op: 'contextClick', selector });
}

export function hover(selector: string): Promise<void> {
  return send({ op: 'hover', selector });
}

export function press(key: string): Promise<void> {
  return send({ op: 'press', key });
}

export function type(text: string): Promise<void> {
  return send({ op: 'type', text });
}

/** Runs a command the way a user does: F1, its title, Enter. */
export async function runFromPalette(title: string): Promise<void> {
  await press('F1');
  await type(title);
  await waitFor(`"${title}" in the command palette`, async () => (await paletteRows()).includes(title));
  await press('Enter');
}

/**
 * Runs a row's context-menu item as a user does (right click, a moment, then the item) until `done` says it had its
 * effect. VS Code's menu takes a click that comes within milliseconds of its opening and runs nothing (the command's
 * handler is never called: seen in two views, for three commands, reproduced and gone with a pause): so the item is
 * clicked once it is shown and a person's moment has passed, and if nothing happens the menu is closed and both clicks
 * are made again, three times at most. After the last, fails with a screenshot and the notifications.
 */
export async function contextMenuAction(
  row: string,
  item: string,
  done: () => unknown | Promise<unknown>,
  what: string,
): Promise<number> {
  const tries = 3;
  for (let attempt = 1; ; attempt++) {
    await contextClick(row);
    const menuItem = `.context-view .action-label:text-is(${JSON.stringify(item)})`;
    await waitFor(`"${item}" in the context menu`, async () => (await texts(menuItem)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await click(menuItem);
    for (
      const deadline = Date.now() + 5000;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 100))
    ) {
      if (await done()) return attempt;
    }
    if (attempt === tries) {
      const notes = await notifications();
      throw new Error(
        `"${item}" from the context menu of ${row}: no ${what} after ${tries} tries; notifications ${JSON.stringify(notes)}; screenshot ${await screenshot('context-menu-action')}`,
      );
    }
    await press('Escape');
  }
}

/**
 * The rows the open quick input (command palette, quick pick) lists. Only a visible one: a closed quick input stays in
 * the page, hidden, with the rows it last showed (and innerText of a hidden element is its whole text).
 */
export function paletteRows(): Promise<string[]> {
  return texts('.quick-input-widget:visible .quick-input-list .monaco-list-row .label-name');
}

const SAVE_DIALOG_INPUT = '.quick-input-widget:visible .quick-input-box input';

/**
 * Takes the path VS Code's save dialog (the simple, in-workbench one) offers, with Enter as a user does, once it offers
 * `offered`, and waits until `saved` gives a value. Enter waits for no row of the dialog's folder list to be focused (it
 * would open that row instead); an Enter that came while the dialog was busy is lost, so if the dialog still offers the
 * same path 5 s later, Enter is pressed again.
 */
export async function acceptSaveDialog<T>(offered: string, saved: () => T | undefined | false): Promise<T> {
  await waitFor(
    () => `the save dialog to offer ${offered}`,
    async () => (await values(SAVE_DIALOG_INPUT)).includes(offered),
  );
  await waitFor(
    'no row of the save dialog focused',
    async () => (await texts('.quick-input-widget:visible .quick-input-list .monaco-list-row.focused')).length === 0,
  );
  await press('Enter');
  let pressed = Date.now();
  let dialog: string[] = [];
  return waitFor(
    () => `the file the save dialog offered, ${offered} (the dialog's input now: ${JSON.stringify(dialog)})`,
    async () => {
      const value = saved();
      if (value !== undefined && value !== false) return value;
      dialog = await values(SAVE_DIALOG_INPUT);
      if (dialog.includes(offered) && Date.now() - pressed > 5000) {
        await press('Enter');
        pressed = Date.now();
      }
      return undefined;
    },
  );
}

const NOTIFICATION = '.notifications-center .notification-list-item';

/**
 * The messages of the Notification Center. The tier's workbench shows no toasts (code-server's test mode), so
 * every notification goes there; this opens the center and reads it.
 */
export async function notifications(): Promise<string[]> {
  await vscode.commands.executeCommand('notifications.showList');
  return texts(`${NOTIFICATION} .notification-list-item-message`);
}

/** Waits for a notification whose message matches `pattern` (or contains it, a string) and returns its text. */
export async function waitForNotification(pattern: RegExp | string, timeoutMs = 15000): Promise<string> {
  let seen: string[] = [];
  const matches = (message: string) =>
    typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);
  return waitFor(
    () => `a notification matching ${pattern} (have ${JSON.stringify(seen)})`,
    async () => {
      seen = await notifications();
      return seen.find(matches);
    },
    timeoutMs,
  );
}

/** Clicks the button `label` of the notification whose message contains `message` (e.g. a progress's Cancel). */
export async function clickNotificationButton(message: string, label: string): Promise<void> {
  await waitForNotification(message);
  await click(`${NOTIFICATION}:has-text(${JSON.stringify(message)}) .monaco-button:text-is(${JSON.stringify(label)})`);
}

/** The severity VS Code shows with the notification whose message contains `message`, by its icon. */
export async function notificationSeverity(message: string): Promise<'error' | 'warning' | 'info' | undefined> {
  await waitForNotification(message);
  const classes = await attributes(
    `${NOTIFICATION}:has-text(${JSON.stringify(message)}) .notification-list-item-icon`,
    'class',
  );
  const icons = classes.flatMap((names) => names.split(/\s+/));
  return (['error', 'warning', 'info'] as const).find((severity) => icons.includes(`codicon-${severity}`));
}

/** Empties the Notification Center, so that the next test reads only its own messages. */
export async function clearNotifications(): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
}

export type StatusSeverity = 'information' | 'warning' | 'error';
const SEVERITY_CLASS: Record<StatusSeverity, string> = { information: 'sev1', warning: 'sev2', error: 'sev3' };

/**
 * The Language Status items of the active editor as the status bar's `{}` hover shows them: one "text detail" line
 * each (icons are not text), with its severity. Opens the hover with a click, then closes it and moves the mouse away.
 */
export async function languageStatus(): Promise<Array<{ line: string; severity: StatusSeverity }>> {
  await click('#status\\.languageStatus');
  try {
    const rows: Array<{ line: string; severity: StatusSeverity }> = [];
    for (const severity of Object.keys(SEVERITY_CLASS) as StatusSeverity[]) {
      // The label and the detail sit side by side in a flex box, apart by a CSS gap: read them apart, join with a space.
      const items = await childTexts(
        `.hover-language-status:has(.severity.${SEVERITY_CLASS[severity]}) .element .left`,
      );
      rows.push(...items.map((parts) => ({ line: parts.join(' '), severity })));
    }
    return rows;
  } finally {
    await press('Escape');
    await hover('.part.sidebar > .composite.title'); // the mouse left on the status bar would bring the hover back
  }
}

/**
 * code-server's test mode refuses modal dialogs (its DialogService throws "refused to show dialog in tests"), so a
 * flow that asks for confirmation cannot be answered from the screen. This answers the extension's modal warnings
 * with `answer` and records their text; every other message still goes to the real Notification Center. It works
 * because the suite lives inside the extension's folder, so both get the same `vscode` API object.
 */
export function answerModals(answer: string | undefined): { asked: string[]; dispose(): void } {
  const window = vscode.window as { showWarningMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const asked: string[] = [];
  window.showWarningMessage = (message: unknown, ...rest: unknown[]) => {
    const options = rest[0];
    if (typeof options === 'object' && options !== null && (options as vscode.MessageOptions).modal) {
      asked.push(String(message));
      return Promise.resolve(answer);
    }
    return original.call(vscode.window, message, ...rest);
  };
  return { asked, dispose: () => (window.showWarningMessage = original) };
}
