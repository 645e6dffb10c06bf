// values-legacy-key: a pre-1.0 key (the flat layout: cloudDeploymentId, operatorIamIdentity, enableGateway, …).
// The 1.x chart ignores it silently. Each finding offers to move the key to its 1.x path, and to migrate the whole
// document at once (the migration table, MIGRATION_README.md, and controlPlaneURL, which the charts' templates moved),
// titled after what it moves.
import { LEGACY_SOURCE } from '../../catalog/chart';
import type { Fix } from '../../types';
import type { Setting } from '../../values/model';
import { namesList } from '../../text/namesList';
import { valuesRule } from '../valuesRule';

export const valuesLegacyKey = valuesRule({
  code: 'values-legacy-key',
  title: 'Pre-1.0 operator values keys are ignored by the 1.x chart: move each to its 1.x path',
  defaultSeverity: 'warning',
  category: 'operator',
  readsLegacyLayout: true,
  checkValues({ values, report }) {
    const legacy = values.settings.filter((setting) => setting.legacy);
    if (legacy.length === 0) return;
    const movable = legacy.filter((setting) => !setting.legacy?.manual);
    const migrateAll =
      movable.length > 1
        ? values.editor.moveAll(
            movable.map((setting) => ({ setting, toPath: setting.legacy!.replacement })),
            (moved) => migrationTitle(legacy, moved),
          )
        : undefined;
    for (const setting of legacy) {
      const entry = setting.legacy!;
      const fixes: Fix[] = [];
      const move = entry.manual
        ? undefined
        : values.editor.move(setting, entry.replacement, `${verbFor(entry)} to ${entry.replacement}`);
      if (move) fixes.push(move);
      if (migrateAll) fixes.push(migrateAll);
      const how = entry.manual ? `it ${entry.manual}` : `it is now ${entry.replacement}`;
      report({
        at: setting.keyRange,
        message: `"${entry.legacy}" is a pre-1.0 key that the 1.x chart ignores: ${how} (see ${(entry.source ?? LEGACY_SOURCE).url}).`,
        fixes: fixes.length > 0 ? fixes : undefined,
      });
    }
  },
});

/** The most keys that stay a migration's title names; more are counted. */
const MAX_NAMED = 3;

/**
 * "every" pre-1.0 key only when the migration moves them all; else how many it moves, and which stay: a key without a
 * one-to-one move, one read through a YAML anchor, one that a clean move can't take (valuesEditor, moveKeys).
 */
function migrationTitle(legacy: readonly Setting[], moved: readonly Setting[]): string {
  const staying = legacy.filter((setting) => !moved.includes(setting));
  if (staying.length === 0) return 'Migrate every pre-1.0 key in this document to the 1.x layout';
  const stay =
    staying.length > MAX_NAMED
      ? `${staying.length} stay`
      : `${namesList(staying.map((setting) => `"${setting.legacy!.legacy}"`))} ${staying.length === 1 ? 'stays' : 'stay'}`;
  return `Migrate ${moved.length} of the ${legacy.length} pre-1.0 keys in this document to the 1.x layout (${stay})`;
}

/** A new path in the key's own map is a rename where it is (additionalPatches → patches); any other is a move. */
function verbFor(entry: { readonly legacy: string; readonly replacement: string }): 'Rename' | 'Move' {
  const parent = (path: string) => path.slice(0, path.lastIndexOf('.') + 1);
  return parent(entry.legacy) === parent(entry.replacement) ? 'Rename' : 'Move';
}
