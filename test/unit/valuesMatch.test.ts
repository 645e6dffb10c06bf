// Which of a template's cloud resources operator values are for (service/index/valuesMatch.ts), and the reason given
// with the answer: the cloud resources, or none with the cloudProvider setting that rules every one of them out.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { cloudResourcesFor, type ValuesMatch } from '../../server/src/service/index/valuesMatch';

const known = (text: string) => ({ text, known: true });
const AZURE = { name: 'default', provider: known('Azure'), operatorIdentity: known('0d1c2b3a-4f5e') };
const AWS = { name: 'eks', provider: known('AWS'), operatorIdentity: known('arn:aws:iam::1:role/operator') };
const COMPUTED = { name: 'by-parameter', provider: { text: "[parameters('provider')]", known: false } };
const setting = (key: string, text: string) => ({ key, value: known(text) });
const names = (answer: ValuesMatch<{ name: string }>) =>
  answer.matches === 'some' ? [...answer.resources].map((resource) => resource.name) : answer;

test('values are for the cloud resources whose identity they name, else those whose provider they name (ignoring case)', () => {
  const identity = setting('global.auth.iamIdentity', 'arn:aws:iam::1:role/operator');
  assert.deepEqual(
    names(
      cloudResourcesFor({ cloudProvider: setting('global.cloudProvider', 'azure'), operatorIdentity: identity }, [
        AZURE,
        AWS,
      ]),
    ),
    ['eks'],
  );
  assert.deepEqual(names(cloudResourcesFor({ cloudProvider: setting('cloudProvider', 'aws') }, [AZURE, AWS])), ['eks']);
});

test('a provider not written, a placeholder, or one not known before deployment rules no cloud resource out', () => {
  assert.deepEqual(names(cloudResourcesFor({}, [AZURE, AWS])), ['default', 'eks']);
  assert.deepEqual(
    names(cloudResourcesFor({ cloudProvider: setting('global.cloudProvider', '<provider>') }, [AZURE, AWS])),
    ['default', 'eks'],
  );
  assert.deepEqual(
    names(cloudResourcesFor({ cloudProvider: setting('global.cloudProvider', 'gcp') }, [AZURE, COMPUTED])),
    ['by-parameter'],
  );
});

test('values for none of them say why: the cloudProvider setting, with its key, that every provider differs from', () => {
  const gcp = setting('cloudProvider', 'gcp');
  assert.deepEqual(cloudResourcesFor({ cloudProvider: gcp }, [AZURE, AWS]), { matches: 'none', cloudProvider: gcp });
});
