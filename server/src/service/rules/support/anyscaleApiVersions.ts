// Shared by the API-version rules: the apiVersion of every Anyscale.Platform resource (clouds, cloud resources and
// the workload types), `existing` references included, when the value is known.
import type { KnownValue } from '../../arm/value';
import type { ArmResource } from '../../arm/template';
import { API_VERSIONS, CLOUD_TYPE, type ApiVersion } from '../../catalog/anyscale';
import type { TemplateContext } from '../templateContext';
import { memoKey } from '../../memo';

const NAMESPACE_PREFIX = `${CLOUD_TYPE.slice(0, CLOUD_TYPE.indexOf('/'))}/`.toLowerCase();
const UPPER_A = 65;
const UPPER_Z = 90;

/** `text` starts with `lowerPrefix`, ignoring case, without allocating a lower-cased copy of `text`. */
function startsWithIgnoringCase(text: string, lowerPrefix: string): boolean {
  if (text.length < lowerPrefix.length) return false;
  for (let i = 0; i < lowerPrefix.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= UPPER_A && code <= UPPER_Z) code += 32;
    if (code !== lowerPrefix.charCodeAt(i)) return false;
  }
  return true;
}

/** The catalog entry for a version, compared ignoring case as ARM does. */
const BY_VERSION = new Map<string, ApiVersion>(API_VERSIONS.map((entry) => [entry.version.toLowerCase(), entry]));

export interface ApiVersionRead {
  readonly resource: ArmResource;
  /** The version as written (JSON text when it isn't a string). */
  readonly version: string;
  readonly value: KnownValue;
  /** The catalog entry, when the version is one Anyscale.Platform offers. */
  readonly entry?: ApiVersion;
}

const API_VERSION_READS = memoKey<ApiVersionRead[]>('api version reads');

/** The reads of the analysed template, computed on first use and shared by both API-version rules. */
export function anyscaleApiVersions(context: TemplateContext): readonly ApiVersionRead[] {
  return context.anyscale.memo.get(API_VERSION_READS, () => readApiVersions(context));
}

/** A class, not an object literal, like every object an analysis keeps per resource (docs/performance.md). */
class VersionRead implements ApiVersionRead {
  constructor(
    readonly resource: ArmResource,
    readonly version: string,
    readonly value: KnownValue,
    readonly entry: ApiVersion | undefined,
  ) {}
}

function readApiVersions(context: TemplateContext): ApiVersionRead[] {
  const reads: ApiVersionRead[] = [];
  for (const resource of context.template.resources) {
    if (
      resource.type === undefined ||
      !startsWithIgnoringCase(resource.type, NAMESPACE_PREFIX) ||
      !resource.apiVersionNode
    )
      continue;
    const value = context.value(resource.apiVersionNode, resource);
    if (!value.known) continue;
    const version = typeof value.value === 'string' ? value.value : JSON.stringify(value.value);
    reads.push(
      new VersionRead(
        resource,
        version,
        value,
        typeof value.value === 'string' ? BY_VERSION.get(version.toLowerCase()) : undefined,
      ),
    );
  }
  return reads;
}
