// The production build's machines without their descriptions (issue 22: home JS <= 185,000 bytes).
//
// Every state and transition of `machines/*.machine.ts` carries a `description` (CONTRIBUTING
// "machines/"): Stately, the machine pages, /dev/flows and the path tests read them from the source,
// and nothing in the running app does (XState keeps them only for tools). In the home page's JS they
// were about 6.5 KB of gzip of the start-up chunk. A Vite plugin with `apply: 'build'`: `npm run dev`
// (and its inspector), Vitest and the tools keep every description; the build drops each
// `description: <text>` property whose value is plain text (string literals, templates without
// expressions, and `+` of those) from the machine files, found with TypeScript's parser, never by a
// pattern over the text. Anything else named `description` stays.
// Plain JavaScript (types in strip-descriptions-plugin.d.mts), as scripts/dev-flows-plugin.mjs.
import MagicString from 'magic-string';
import ts from 'typescript';

const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/** Plain text: a string literal, a template without expressions, or `+` of those. */
function isPlainText(node) {
  if (ts.isParenthesizedExpression(node)) return isPlainText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && isPlainText(node.left) && isPlainText(node.right);
}

/** `description` or `'description'` as a property's name. */
function isDescriptionName(name) {
  return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'description';
}

/**
 * The source without its plain-text `description` properties (each with its trailing comma), or
 * null when it has none.
 * @param {string} code
 * @param {string} fileName
 * @returns {{ code: string, map: import('magic-string').SourceMap } | null}
 */
export function stripDescriptions(code, fileName) {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new MagicString(code);
  let removed = 0;
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && isDescriptionName(node.name) && isPlainText(node.initializer)) {
      let end = node.getEnd();
      const after = code.slice(end).match(/^\s*,/);
      if (after) end += after[0].length;
      out.remove(node.getStart(source), end);
      removed += 1;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return removed === 0 ? null : { code: out.toString(), map: out.generateMap({ hires: true, source: fileName }) };
}

/** @returns {import('vite').Plugin} */
export function stripMachineDescriptions() {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      return MACHINE_FILE.test(file) ? stripDescriptions(code, file) : null;
    },
  };
}
