import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** One import of a source file: the project file it names, and whether only types cross it (erased at build). */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

/** The project file a relative specifier names, as the bundlers resolve it (extension optional, index files); packages are not followed. */
export function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, '.ts'), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/**
 * Every import, re-export and dynamic import() of a file's source, each marked type-only when nothing of it is
 * left at run time: `import type`, `export type … from`, or named imports that are all `type`.
 */
export function importsOf(fileName: string, text: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly)) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `typeof import('./x')` in a type position.
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const edgesCache = new Map<string, ImportEdge[]>();

/** The project files a file imports. */
export function edgesOf(file: string): ImportEdge[] {
  let edges = edgesCache.get(file);
  if (!edges) {
    edges = importsOf(file, fs.readFileSync(file, 'utf8')).flatMap(({ specifier, typeOnly }) => {
      const to = resolveImport(file, specifier);
      return to ? [{ to, typeOnly }] : [];
    });
    edgesCache.set(file, edges);
  }
  return edges;
}

/**
 * Every project file `start` reaches through its imports (run-time imports only, or types too), each with the
 * chain that reaches it, so a failure names the way in.
 */
export function reachable(start: string, options: { runtimeOnly: boolean }): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift() as string;
    for (const edge of edgesOf(file)) {
      if ((options.runtimeOnly && edge.typeOnly) || chains.has(edge.to)) continue;
      chains.set(edge.to, [...(chains.get(file) as string[]), edge.to]);
      queue.push(edge.to);
    }
  }
  return chains;
}

/** The source files under a folder of the project (or the one file), relative paths; no node_modules, no build output. */
export function sourceFiles(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts') && !name.includes('node_modules'))
    .map((name) => path.join(relative, name))
    .sort();
}
