// StringTable must behave as a Map<string, V> does for everything the analysis uses: get, has, size, set (a key
// already there keeps its place), and insertion order in keys(), values() and iteration — checked against a real
// Map under seeded random operations, through growth far past the expected size.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { StringTable } from '../../server/src/service/text/stringTable';
import { random } from '../support/random';

test('StringTable agrees with Map under random sets and lookups, through growth', () => {
  const next = random(7);
  for (const expected of [0, 10, 5000]) {
    const table = new StringTable<number>(expected);
    const map = new Map<string, number>();
    for (let i = 0; i < 20000; i++) {
      // Keys from a small alphabet collide often; some repeat, some are never set.
      const key = next(2) === 0 ? `v${next(3000)}` : String.fromCharCode(97 + next(26), 97 + next(26), 0x4e00 + next(3));
      if (next(3) === 0) {
        table.set(key, i);
        map.set(key, i);
      }
      assert.equal(table.get(key), map.get(key), key);
      assert.equal(table.has(key), map.has(key), key);
    }
    assert.equal(table.size, map.size);
    assert.deepEqual([...table.keys()], [...map.keys()]);
    assert.deepEqual([...table.values()], [...map.values()]);
    assert.deepEqual([...table], [...map]);
    // Filled past what it was sized for after its lists were read (and trimmed), it still agrees.
    table.set('after-keys', -1);
    map.set('after-keys', -1);
    assert.deepEqual([table.size, [...table.keys()], [...table.values()]], [map.size, [...map.keys()], [...map.values()]]);
  }
});

test('StringTable: the empty string and missing keys', () => {
  const table = new StringTable<string>();
  assert.equal(table.get(''), undefined);
  table.set('', 'empty');
  assert.equal(table.get(''), 'empty');
  assert.equal(table.has('x'), false);
  assert.equal(table.size, 1);
});

test('indexOf gives the insertion place; indexOfLowerCased finds a key spelled in any case inside a longer text', () => {
  const next = random(11);
  const table = new StringTable<number>(4);
  const keys: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const key = `k${next(5000)}${next(2) === 0 ? 'name' : 'ü'}`;
    if (table.has(key)) continue;
    table.set(key, i);
    keys.push(key);
  }
  // A key set again keeps its place.
  table.set(keys[5], -1);
  keys.forEach((key, place) => {
    assert.equal(table.indexOf(key), place, key);
    const spelled = `('${key.toUpperCase()}')`;
    assert.equal(table.indexOfLowerCased(spelled, 2, spelled.length - 2), place, spelled);
  });
  assert.equal(table.indexOf('absent'), -1);
  const text = "variables('K1NAMEX')";
  assert.equal(table.indexOfLowerCased(text, 11, 18), table.indexOf('k1namex'));
  // Beyond ASCII it lower-cases the way toLowerCase does.
  const accented = new StringTable<number>();
  accented.set('çağ', 0);
  assert.equal(accented.indexOfLowerCased('ÇAĞ', 0, 3), 0);
  assert.equal(accented.indexOfLowerCased('CAG', 0, 3), -1);
});
