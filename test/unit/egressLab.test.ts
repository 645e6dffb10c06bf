// The egress lab (test/support/egressLab.ts) leaves nothing behind when it cannot start: a server that cannot listen
// (its port taken) has the servers already listening closed and the certificates' folder removed.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { LOOPBACK, startLab } from '../support/egressLab';
import { temporaryDirectory } from '../support/temporaryDirectory';

function listening(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve((server.address() as net.AddressInfo).port));
  });
}

test('a lab whose third server finds its port taken closes the two listening and removes its folder', async () => {
  const occupied = net.createServer();
  const takenPort = await listening(occupied);
  // The lab's folders go to a temporary folder of this test's own, where nothing else writes.
  const tmp = temporaryDirectory('anyscale-egress-lab-');
  const savedTmp = process.env.TMPDIR;
  const listen = net.Server.prototype.listen;
  const started: net.Server[] = [];
  process.env.TMPDIR = tmp;
  // The lab's servers listen on port 0; the third is sent to the port taken above instead, as a real listen.
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    started.push(this);
    if (started.length === 3) args[0] = takenPort;
    return (listen as (...args: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  try {
    await assert.rejects(startLab(), { code: 'EADDRINUSE' });
    assert.equal(started.length, 3, 'the lab stopped at the server that could not listen');
    assert.deepEqual(
      started.map((server) => server.listening),
      [false, false, false],
      'no server of the lab is left listening',
    );
    assert.deepEqual(fs.readdirSync(tmp), [], "the certificates' folder is removed");
  } finally {
    net.Server.prototype.listen = listen;
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    for (const server of [occupied, ...started]) if (server.listening) server.close();
  }
});
