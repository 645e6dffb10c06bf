// isWithin and isUnder: a path at or under a folder, and strictly under it, however the two paths are written.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { isUnder, isWithin } from '../../server/src/node/isWithin';

// Joined with the separator as written: path.join would resolve the . and .. the cases are about.
const at = (...parts: string[]) => path.sep + parts.join(path.sep);
const folder = at('ws');
const cases: { folder: string; file: string; within: boolean; under: boolean; what: string }[] = [
  { folder, file: folder, within: true, under: false, what: 'the folder itself' },
  { folder: folder + path.sep, file: folder, within: true, under: false, what: 'itself, the folder with a separator' },
  { folder, file: folder + path.sep, within: true, under: false, what: 'itself, the file with a separator' },
  { folder, file: at('ws', 'sub', '..'), within: true, under: false, what: 'itself through ..' },
  { folder, file: at('ws', 'main.json'), within: true, under: true, what: 'a file in it' },
  { folder: folder + path.sep, file: at('ws', 'a', 'b.json'), within: true, under: true, what: 'deeper' },
  { folder, file: at('ws', '.', 'a', '..', 'b.json'), within: true, under: true, what: 'through . and ..' },
  { folder, file: at('ws', '..hidden.json'), within: true, under: true, what: 'a file whose name starts with ..' },
  { folder, file: at('ws', '...', 'a.json'), within: true, under: true, what: 'in a folder named ...' },
  { folder, file: at('wsx', 'main.json'), within: false, under: false, what: 'a sibling with its name as prefix' },
  { folder, file: at('main.json'), within: false, under: false, what: 'its parent folder' },
  { folder: at('ws', 'sub'), file: folder, within: false, under: false, what: 'the folder above' },
];

for (const { folder, file, within, under, what } of cases)
  test(`${what}: ${file} in ${folder}`, () => {
    assert.equal(isWithin(folder, file), within, 'isWithin');
    assert.equal(isUnder(folder, file), under, 'isUnder');
  });
