// `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers, with every rule's metadata,
// its docs page as help text, and a help URI.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RULES, type Severity, SYNTAX_PROBLEMS } from '../../service';
import type { CliPlace, CliRun } from '../report';

export interface SarifOptions {
  toolVersion: string;
  /** Folder holding docs/rules/<code>.md pages. */
  docsDir: string;
  /** Public base URL of the docs pages; without it help URIs point at the installed files. */
  docsBaseUrl?: string;
  /** The folder result paths are relative to. */
  cwd: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

function helpUri(code: string, options: SarifOptions): string {
  if (options.docsBaseUrl) return `${options.docsBaseUrl.replace(/\/$/, '')}/${code}.md`;
  return pathToFileURL(path.join(options.docsDir, `${code}.md`)).toString();
}

function readDocs(code: string, options: SarifOptions): string | undefined {
  try {
    return fs.readFileSync(path.join(options.docsDir, `${code}.md`), 'utf8');
  } catch {
    return undefined;
  }
}

function artifactUri(file: string, cwd: string): string {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return pathToFileURL(absolute).toString();
  return relative.split(path.sep).map(encodeURIComponent).join('/');
}

function location(place: CliPlace, cwd: string) {
  const uri = artifactUri(place.file, cwd);
  return {
    physicalLocation: {
      artifactLocation: uri.startsWith('file:') ? { uri } : { uri, uriBaseId: '%SRCROOT%' },
      region: { startLine: place.line, startColumn: place.column, endLine: place.endLine, endColumn: place.endColumn },
    },
  };
}

export function buildSarif(run: CliRun, options: SarifOptions): object {
  const rules = [...RULES, ...SYNTAX_PROBLEMS].map((rule) => {
    const docs = readDocs(rule.code, options);
    return {
      id: rule.code,
      name: rule.code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()),
      shortDescription: { text: rule.title },
      ...(docs ? { helpUri: helpUri(rule.code, options), help: { text: docs, markdown: docs } } : {}),
      defaultConfiguration: { level: LEVEL[rule.defaultSeverity] },
      properties: { category: rule.category, tags: ['anyscale', 'azure', rule.category] },
    };
  });
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'anyscale-azure',
            fullName: 'Anyscale on Azure Tools',
            version: options.toolVersion,
            semanticVersion: options.toolVersion,
            rules,
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(options.cwd + path.sep).toString() } },
        results: run.findings.map((f) => ({
          ruleId: f.code,
          ...(index.has(f.code) ? { ruleIndex: index.get(f.code) } : {}),
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [location(f, options.cwd)],
          ...(f.related.length
            ? {
                relatedLocations: f.related.map((r, id) => ({
                  id,
                  ...location(r, options.cwd),
                  message: { text: r.message },
                })),
              }
            : {}),
        })),
        invocations: [
          {
            executionSuccessful: run.problems.length === 0,
            toolExecutionNotifications: run.problems.map((p) => ({
              level: 'error',
              message: { text: `${p.file}: ${p.message}` },
            })),
          },
        ],
      },
    ],
  };
}
