import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stripDescriptions } from '../../scripts/strip-descriptions-plugin.mjs';

// The build drops the machines' descriptions (scripts/strip-descriptions-plugin.mjs, issue 22's home
// JS budget); the source keeps them for Stately, the machine pages and the path tests.

const MACHINE_FILES = readdirSync('machines').filter((name) => name.endsWith('.machine.ts'));

function syntaxErrors(code: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, { fileName: 'machine.ts', reportDiagnostics: true });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the build strips machine descriptions', () => {
  it.each(MACHINE_FILES)('%s: no description left, the rest intact and valid TypeScript', (file) => {
    const code = readFileSync(`machines/${file}`, 'utf8');
    const stripped = stripDescriptions(code, file);
    expect(stripped, 'every machine describes its states').not.toBeNull();
    expect(syntaxErrors(stripped?.code ?? '')).toEqual([]);
    expect(stripped?.code).not.toMatch(/\bdescription\s*:\s*['"`]/);
    // Only descriptions went: every state name and event type of the source is still there.
    for (const name of code.matchAll(/^\s*(\w+): \{$/gm)) expect(stripped?.code).toContain(`${name[1]}: {`);
    for (const type of code.matchAll(/type: '([\w.]+)'/g)) expect(stripped?.code).toContain(`type: '${type[1]}'`);
  });

  it('keeps a description that is not plain text, and everything beside the ones it drops', () => {
    const code = [
      "const m = setup({}).createMachine({",
      "  description: 'The flow.',",
      "  states: {",
      "    idle: { description: 'Waits ' + `for input.`, on: { go: { target: 'done', description: \"Go.\" } } },",
      "    done: { type: 'final', meta: { description: label } },",
      "  },",
      "});",
    ].join('\n');
    const stripped = stripDescriptions(code, 'x.machine.ts');
    expect(stripped?.code).toBe(
      [
        "const m = setup({}).createMachine({",
        "  ",
        "  states: {",
        "    idle: {  on: { go: { target: 'done',  } } },",
        "    done: { type: 'final', meta: { description: label } },",
        "  },",
        "});",
      ].join('\n'),
    );
  });

  it('leaves a file without descriptions alone', () => {
    expect(stripDescriptions("export const x = { label: 'a' };", 'x.machine.ts')).toBeNull();
  });
});
