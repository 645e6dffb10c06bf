// A self-signed certificate for 127.0.0.1, made at test time with Debian's openssl (scripts/install-tools.sh installs
// it): the HTTPS stand-ins of the tests (test/support/armEmulator.ts) serve it, and the tests trust it — the unit
// tests by passing it as `ca`, the real-VS-Code tier through NODE_EXTRA_CA_CERTS (test/e2e/run-vscode-tests.js).
// Plain CommonJS, so that the runner can require it; the TypeScript tests load it at run time.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

/** Writes key.pem and cert.pem into `dir` (a folder of the test's own) and returns their paths and texts. */
function selfSignedCertificate(dir) {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const args = [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ];
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    if (error.code === 'ENOENT')
      throw new Error("openssl is not installed: run scripts/install-tools.sh (it installs Debian's openssl)");
    throw new Error(`openssl could not make a test certificate: ${String(error.stderr || error.message).trim()}`);
  }
  return { keyFile, certFile, key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
}

module.exports = { selfSignedCertificate };
