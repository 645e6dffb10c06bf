// Where the live Azure view goes and how it signs in: the ARM endpoint setting (sovereign clouds), and a token from
// VS Code's built-in Microsoft authentication provider — no credentials of ours. One seam for the real-VS-Code tests,
// thin on purpose: the `anyscaleAzure.azure.testToken` setting stands in for the provider only when the test harness
// has put the very same value in the ANYSCALE_AZURE_TEST_TOKEN environment variable; otherwise it is ignored.
import * as vscode from 'vscode';

export const AZURE_SECTION = 'anyscaleAzure.azure';
export const DEFAULT_ENDPOINT = 'https://management.azure.com';
/** Set by test/e2e/run-vscode-tests.js only. */
export const TEST_TOKEN_ENV = 'ANYSCALE_AZURE_TEST_TOKEN';

/** The `anyscaleAzure.azure.resourceManagerEndpoint` setting. */
export function resourceManagerEndpoint(): string {
  return (
    vscode.workspace.getConfiguration(AZURE_SECTION).get<string>('resourceManagerEndpoint')?.trim() || DEFAULT_ENDPOINT
  );
}

/**
 * Gives a bearer token for the endpoint, signing in (the user is asked once) when there is no session yet. The
 * public cloud's endpoint signs in with the `microsoft` provider; any other with `microsoft-sovereign-cloud`, which
 * VS Code's `microsoft-sovereign-cloud.environment` setting points at the cloud.
 */
export function tokenSource(endpoint: URL): () => Promise<string> {
  const testToken = vscode.workspace.getConfiguration(AZURE_SECTION).get<string>('testToken');
  if (testToken && process.env[TEST_TOKEN_ENV] === testToken) return () => Promise.resolve(testToken);
  const provider = endpoint.hostname === new URL(DEFAULT_ENDPOINT).hostname ? 'microsoft' : 'microsoft-sovereign-cloud';
  const scopes = [`${endpoint.origin}/.default`];
  return async () => (await vscode.authentication.getSession(provider, scopes, { createIfNone: true })).accessToken;
}
