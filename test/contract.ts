// The JSON contract in the tests: every `--json` output a test gets from runCli or runBin is validated against
// the shipped schemas (schemas/*.schema.json); an output that does not fit fails the test that made it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

const SCHEMA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

let validators: Map<string, ValidateFunction> | null = null;

/** kind -> validator, compiled once from the files in schemas/. */
export function contractValidators(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const files = fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json'));
  const schemas = files.map(
    (f) => [f.replace(/\.schema\.json$/, ''), JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, f), 'utf8'))] as const,
  );
  for (const [, s] of schemas) ajv.addSchema(s);
  validators = new Map(schemas.filter(([k]) => k !== 'common').map(([k, s]) => [k, ajv.getSchema(s.$id)!]));
  return validators;
}

/** Problems of one parsed `--json` output (null when it fits): its `kind` names its schema; `error` for failures. */
export function contractProblems(value: unknown, as?: string): string | null {
  const kind =
    as ??
    (value && typeof value === 'object' && 'kind' in value ? String((value as { kind: unknown }).kind) : undefined);
  if (kind === undefined) return 'the output has no "kind"';
  const v = contractValidators().get(kind);
  if (!v) return `no schema for kind "${kind}"`;
  if (v(value)) return null;
  return (v.errors ?? [])
    .map((e) => `${e.instancePath || '(top)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}

function jsonRequested(args: string[]): boolean {
  const end = args.indexOf('--');
  const a = end < 0 ? args : args.slice(0, end);
  return a.includes('--json') && !a.some((x) => ['--help', '-h', '--version', '-V', 'help'].includes(x));
}

/**
 * Check what a command printed with --json: stdout one object that fits its kind's schema; on a failure with
 * nothing on stdout, stderr one error object whose code is the exit code. Throws (failing the test) if not.
 */
export function checkJsonRun(args: string[], code: number, stdout: string, stderr: string): void {
  if (!jsonRequested(args)) return;
  const where = `badzone ${args.join(' ')}`;
  if (stdout.trim() !== '') {
    let value: unknown;
    try {
      value = JSON.parse(stdout);
    } catch {
      throw new Error(`${where}: --json printed something that is not one JSON document:\n${stdout.slice(0, 500)}`);
    }
    const problem = contractProblems(value);
    if (problem) throw new Error(`${where}: the --json output does not fit the contract: ${problem}`);
    return;
  }
  if (code === 0 || code < 0 || code > 7) return;
  const lines = stderr.trim().split('\n');
  let value: unknown;
  try {
    value = JSON.parse(lines[lines.length - 1]!);
  } catch {
    throw new Error(
      `${where}: exit ${code} with --json, but stderr does not end in the JSON error object:\n${stderr.slice(0, 500)}`,
    );
  }
  const problem = contractProblems(value, 'error');
  if (problem) throw new Error(`${where}: the --json error does not fit the contract: ${problem}`);
  if ((value as { error: { code: number } }).error.code !== code)
    throw new Error(
      `${where}: exit ${code}, but the error object says code ${(value as { error: { code: number } }).error.code}`,
    );
}
