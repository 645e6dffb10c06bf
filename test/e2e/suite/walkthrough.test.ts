// The Get Started walkthrough (#19) in a real VS Code: it is contributed, every command its buttons run exists once
// the extension is active, its pages ship with the extension, and opening it shows its five steps on the screen.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID, waitFor } from './helpers';
import { texts } from './ui';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; svg?: string };
}

suite('Walkthrough (#19) in a real VS Code', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID)!;
  const walkthrough = () =>
    (extension().packageJSON.contributes.walkthroughs as Array<{ id: string; steps: Step[] }>).find(
      (w) => w.id === 'gettingStarted',
    );

  test('is contributed with five steps, each with a command button whose command exists, and a page that ships', async () => {
    await activateExtension();
    const found = walkthrough();
    assert.ok(found, 'the gettingStarted walkthrough is contributed');
    assert.deepEqual(
      found.steps.map((step) => step.id),
      ['template', 'problems', 'tree', 'values', 'egress'],
    );
    const all = new Set(await vscode.commands.getCommands(false));
    for (const step of found.steps) {
      const buttons = [...step.description.matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);
      assert.ok(buttons.length > 0, `step ${step.id} has a command button`);
      for (const command of buttons) assert.ok(all.has(command), `step ${step.id}: ${command} is not a command`);
      const page = step.media.markdown ?? step.media.svg;
      assert.ok(
        page && fs.existsSync(path.join(extension().extensionPath, page)),
        `step ${step.id}: its page ${page} is installed`,
      );
    }
  });

  test('opens (Welcome: Open Walkthrough) and shows its five steps on the screen', async () => {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
    const titles = walkthrough()!.steps.map((step) => step.title);
    const shown = await waitFor('the walkthrough steps on the screen', async () => {
      const onScreen = await texts('.getting-started-step h3.step-title');
      return titles.every((title) => onScreen.includes(title)) && onScreen;
    });
    assert.deepEqual(
      shown.filter((title) => titles.includes(title)),
      titles,
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
