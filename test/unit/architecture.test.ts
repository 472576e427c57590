/**
 * The architecture as a test. docs/layers.json is the "may import" table of docs/ARCHITECTURE.md as
 * data; every import of every product file (read with TypeScript's parser, `import type` told apart)
 * is held to it, and to the rules the table cannot say: the ACP SDK only in extension/acp/ (its
 * types only through extension/acp/schema.ts), no product file importing test code, a line budget.
 * The doc's table is checked against the data, so the doc stays true. Each rule is also shown to
 * catch a planted violation, on a few made-up files.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRODUCT_ROOTS = ["extension", "native-host", "shared", "install-scripts", "wxt.config.ts"];
const SKIPPED_DIRS = new Set(["node_modules", ".output", ".wxt", "dist"]);
const ACP_SDK = "@agentclientprotocol/sdk";
const ACP_FOLDER = "extension/acp/";
const ACP_SCHEMA = "extension/acp/schema.ts";
const VIEWS = ["extension/panel/", "extension/options/", "extension/view/"];
const CODE = /\.(ts|tsx)$/;
const BUDGETED = /\.(ts|tsx|css|html|sh|ps1)$/;

interface Layer {
  folder: string;
  job: string;
  mayImport: string[];
  typesFrom?: string[];
  also?: string;
}
interface OverBudget {
  file: string;
  ceiling: number;
  reason: string;
}
interface OverFolderBudget {
  folder: string;
  ceiling: number;
  reason: string;
}
interface Layers {
  layers: Layer[];
  lineBudget: number;
  overBudget: OverBudget[];
  folderBudget: number;
  overFolderBudget: OverFolderBudget[];
}
/** A product file: its path from the repository root (with "/"), and its text. */
interface Source {
  file: string;
  text: string;
}
interface Import {
  spec: string;
  typeOnly: boolean;
}

const LAYERS = JSON.parse(fs.readFileSync(path.join(ROOT, "docs/layers.json"), "utf8")) as Layers;

/** Every import of a file: static, re-exports, `import("…")`, `import("…").T` types, and `new URL("…", import.meta.url)`. */
function importsOf({ file, text }: Source): Import[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Import[] = [];
  const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // Only `import type` is erased: under verbatimModuleSyntax, `import { type A }` still loads the module.
      found.push({ spec: literal(node.moduleSpecifier)!, typeOnly: node.importClause?.isTypeOnly === true });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      found.push({ spec: literal(node.moduleSpecifier)!, typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const spec = literal(node.argument.literal);
      if (spec) found.push({ spec, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const spec = literal(node.arguments[0]);
      if (spec) found.push({ spec, typeOnly: false });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "URL") {
      const [first, second] = node.arguments ?? [];
      const spec = literal(first);
      if (spec?.startsWith(".") && second?.getText(source) === "import.meta.url") found.push({ spec, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative import names, from the repository root; undefined when there is none. */
function resolve(from: string, spec: string, exists: (file: string) => boolean): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return ["", ".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"].map((ext) => base + ext).find(exists);
}

function layerOf(file: string, layers: Layer[]): Layer | undefined {
  return layers
    .filter((l) => file === l.folder || (l.folder.endsWith("/") && file.startsWith(l.folder)))
    .sort((a, b) => b.folder.length - a.folder.length)[0];
}

const under = (file: string, prefixes: readonly string[]) => prefixes.some((p) => file === p || (p.endsWith("/") && file.startsWith(p)));

/** What is wrong with the imports of `sources`: one line per broken rule, empty when the code keeps to the architecture. */
function importViolations(sources: Source[], layers: Layer[], exists: (file: string) => boolean): string[] {
  const wrong: string[] = [];
  for (const source of sources) {
    const { file } = source;
    const layer = layerOf(file, layers);
    if (!layer) {
      wrong.push(`${file} is in no folder of docs/layers.json: place it (a row there and in docs/ARCHITECTURE.md)`);
      continue;
    }
    if (!CODE.test(file)) continue;
    for (const { spec, typeOnly } of importsOf(source)) {
      if (!spec.startsWith(".")) {
        if ((spec === ACP_SDK || spec.startsWith(`${ACP_SDK}/`)) && !file.startsWith(ACP_FOLDER)) {
          wrong.push(
            typeOnly
              ? `${file} imports the ACP SDK's types directly: \`import type\` them from ${ACP_SCHEMA}`
              : `${file} uses the ACP SDK at run time outside ${ACP_FOLDER}`,
          );
        }
        continue;
      }
      const target = resolve(file, spec, exists);
      if (!target) {
        wrong.push(`${file} imports "${spec}", which names no file`);
        continue;
      }
      if (target.startsWith("test/")) wrong.push(`${file} imports test code (${target}): product code must build without test/`);
      else if (file.startsWith("native-host/") && target.startsWith("install-scripts/"))
        wrong.push(`${file} imports ${target}: the host never imports the installer (the installer imports the host)`);
      else if (under(file, VIEWS) && target.startsWith("extension/background/"))
        wrong.push(`${file} imports ${target}: the views reach the background only through the port (extension/view/)`);
      else if (target === ACP_SCHEMA && !file.startsWith(ACP_FOLDER) && !typeOnly)
        wrong.push(`${file} imports ${ACP_SCHEMA} without \`import type\`: the SDK stays in ${ACP_FOLDER} at run time`);
      else if (!under(target, [layer.folder]) && !under(target, layer.mayImport) && !(typeOnly && under(target, layer.typesFrom ?? []))) {
        const how = typeOnly ? "import type" : "import";
        wrong.push(`${file} (${layer.folder}) may not ${how} ${target}: see the table in docs/ARCHITECTURE.md (docs/layers.json)`);
      }
    }
  }
  return wrong;
}

function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function budgetViolations(sources: Source[], { lineBudget, overBudget }: Pick<Layers, "lineBudget" | "overBudget">): string[] {
  const wrong: string[] = [];
  const listed = new Map(overBudget.map((o) => [o.file, o]));
  const seen = new Set<string>();
  for (const { file, text } of sources) {
    if (!BUDGETED.test(file)) continue;
    const lines = lineCount(text);
    const exception = listed.get(file);
    if (exception) seen.add(file);
    if (!exception && lines > lineBudget) {
      wrong.push(
        `${file} has ${lines} lines, over the budget of ${lineBudget}: split it, or list it in docs/layers.json's overBudget with the reason`,
      );
    } else if (exception && lines > exception.ceiling) {
      wrong.push(`${file} has ${lines} lines, over its listed ceiling of ${exception.ceiling}`);
    } else if (exception && lines <= lineBudget) {
      wrong.push(`${file} has ${lines} lines, within the budget: take it off docs/layers.json's overBudget`);
    }
  }
  for (const o of overBudget) {
    if (!seen.has(o.file)) wrong.push(`docs/layers.json's overBudget lists ${o.file}, which is no product file`);
    if (!o.reason.trim()) wrong.push(`docs/layers.json's overBudget gives no reason for ${o.file}`);
  }
  return wrong;
}

/**
 * Folders whose own files (not their subfolders') outnumber the budget: a newcomer finds a behaviour from
 * folder names only while each folder holds a handful of files, so a crowded one is split by job.
 */
function folderViolations(
  sources: Source[],
  { folderBudget, overFolderBudget }: Pick<Layers, "folderBudget" | "overFolderBudget">,
): string[] {
  const wrong: string[] = [];
  const counts = new Map<string, number>();
  for (const { file } of sources) {
    const folder = `${path.posix.dirname(file)}/`;
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const listed = new Map(overFolderBudget.map((o) => [o.folder, o]));
  for (const [folder, files] of counts) {
    const exception = listed.get(folder);
    if (!exception && files > folderBudget) {
      wrong.push(
        `${folder} holds ${files} files, over the budget of ${folderBudget}: split it by job into folders, or list it in docs/layers.json's overFolderBudget with the reason`,
      );
    } else if (exception && files > exception.ceiling) {
      wrong.push(`${folder} holds ${files} files, over its listed ceiling of ${exception.ceiling}`);
    } else if (exception && files <= folderBudget) {
      wrong.push(`${folder} holds ${files} files, within the budget: take it off docs/layers.json's overFolderBudget`);
    }
  }
  for (const o of overFolderBudget) {
    if (!counts.has(o.folder)) wrong.push(`docs/layers.json's overFolderBudget lists ${o.folder}, which holds no product file`);
    if (!o.reason.trim()) wrong.push(`docs/layers.json's overFolderBudget gives no reason for ${o.folder}`);
  }
  return wrong;
}

function productSources(): Source[] {
  const sources: Source[] = [];
  const walk = (rel: string): void => {
    const full = path.join(ROOT, rel);
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) if (!SKIPPED_DIRS.has(name)) walk(path.posix.join(rel, name));
    } else if (path.posix.basename(rel) !== "tsconfig.json") {
      // Each side's tsconfig.json is its type-check config (README), not code of a folder.
      sources.push({ file: rel, text: BUDGETED.test(rel) ? fs.readFileSync(full, "utf8") : "" });
    }
  };
  for (const root of PRODUCT_ROOTS) walk(root);
  return sources;
}

const realFileExists = (file: string) => fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isFile();

/** The rows of the table in docs/ARCHITECTURE.md, as the data says they are. */
function tableRows(layers: Layer[]): string[] {
  const code = (p: string) => `\`${p}\``;
  return layers.map((l) => {
    const may = [
      ...l.mayImport.map(code),
      ...(l.typesFrom ?? []).map((p) => `\`import type\` from ${code(p)}`),
      ...(l.also ? [l.also] : []),
    ];
    return `| ${code(l.folder)} | ${l.job} | ${may.join(", ")} |`;
  });
}

function docRows(): string[] {
  const lines = fs.readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8").split("\n");
  const header = lines.indexOf("| folder | job | may import |");
  if (header < 0) return [];
  const rows: string[] = [];
  for (let i = header + 2; i < lines.length && lines[i]!.startsWith("|"); i++) rows.push(lines[i]!);
  return rows;
}

describe("the architecture", () => {
  const sources = productSources();

  it("keeps every import of every product file to docs/layers.json, and places every file", () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(importViolations(sources, LAYERS.layers, realFileExists)).toEqual([]);
  });

  it("keeps every product file within the line budget, or names why not", () => {
    expect(budgetViolations(sources, LAYERS)).toEqual([]);
  });

  it("keeps every folder's own files within the folder budget, or names why not", () => {
    expect(folderViolations(sources, LAYERS)).toEqual([]);
  });

  it("docs/ARCHITECTURE.md's table is docs/layers.json's", () => {
    const expected = tableRows(LAYERS.layers);
    expect(docRows(), `the table in docs/ARCHITECTURE.md should read:\n${expected.join("\n")}`).toEqual(expected);
  });
});

describe("the architecture test catches", () => {
  /** A made-up tree: the product files given, each importing what it names, beside files outside the product. */
  const tree = (files: Record<string, string>, outside: string[] = []) => {
    const sources = Object.entries(files).map(([file, text]) => ({ file, text }));
    return importViolations(sources, LAYERS.layers, (f) => Object.hasOwn(files, f) || outside.includes(f));
  };

  it("a panel file importing background/", () => {
    expect(
      tree({
        "extension/panel/App.tsx": 'import { store } from "../background/store";',
        "extension/background/store.ts": "export const store = 1;",
      }),
    ).toEqual([expect.stringContaining("the views reach the background only through the port")]);
  });

  it("a host file importing install-scripts/", () => {
    expect(
      tree({
        "native-host/build.ts": 'import { launcher } from "../install-scripts/launcher";',
        "install-scripts/launcher.ts": "export const launcher = 1;",
      }),
    ).toEqual([expect.stringContaining("the host never imports the installer")]);
  });

  it("the ACP SDK outside extension/acp/, at run time or for its types, and schema.ts imported for more than types", () => {
    expect(
      tree({
        "extension/background/x.ts": 'import { ClientSideConnection } from "@agentclientprotocol/sdk";',
        "extension/state/y.ts": 'import type { SessionUpdate } from "@agentclientprotocol/sdk/dist/schema";',
        "extension/panel/z.ts": 'import { type ContentBlock } from "../acp/schema";\nimport "../acp/schema";',
        "extension/acp/schema.ts": 'export type { ContentBlock } from "@agentclientprotocol/sdk";',
        "extension/acp/agent-connection.ts": 'import * as acp from "@agentclientprotocol/sdk";',
      }),
    ).toEqual([
      "extension/background/x.ts uses the ACP SDK at run time outside extension/acp/",
      "extension/state/y.ts imports the ACP SDK's types directly: `import type` them from extension/acp/schema.ts",
      expect.stringContaining("extension/panel/z.ts imports extension/acp/schema.ts without `import type`"),
      expect.stringContaining("extension/panel/z.ts imports extension/acp/schema.ts without `import type`"),
    ]);
  });

  it("a product file importing test code, a folder importing what its row does not allow, and a file in no folder", () => {
    expect(
      tree(
        {
          "wxt.config.ts": 'import { plugin } from "./test/bench/plugin";',
          "extension/state/a.ts": 'import { b } from "../storage/b";',
          "extension/storage/b.ts": "export const b = 1;",
          "extension/new-folder/c.ts": "export const c = 1;",
        },
        ["test/bench/plugin.ts"],
      ),
    ).toEqual([
      expect.stringContaining("wxt.config.ts imports test code (test/bench/plugin.ts)"),
      "extension/state/a.ts (extension/state/) may not import extension/storage/b.ts: see the table in docs/ARCHITECTURE.md (docs/layers.json)",
      expect.stringContaining("extension/new-folder/c.ts is in no folder of docs/layers.json"),
    ]);
  });

  it("a file over the line budget that is not listed, a listed one past its ceiling or back within budget", () => {
    const lines = (n: number) => "x\n".repeat(n);
    const overBudget = [
      { file: "native-host/big.ts", ceiling: 400, reason: "a reason" },
      { file: "native-host/small.ts", ceiling: 400, reason: "a reason" },
    ];
    expect(
      budgetViolations(
        [
          { file: "extension/panel/Long.tsx", text: lines(301) },
          { file: "extension/panel/Short.tsx", text: lines(300) },
          { file: "native-host/big.ts", text: lines(401) },
          { file: "native-host/small.ts", text: lines(120) },
        ],
        { lineBudget: 300, overBudget },
      ),
    ).toEqual([
      expect.stringContaining("extension/panel/Long.tsx has 301 lines, over the budget of 300"),
      "native-host/big.ts has 401 lines, over its listed ceiling of 400",
      expect.stringContaining("native-host/small.ts has 120 lines, within the budget"),
    ]);
  });

  it("a folder over the folder budget that is not listed, a listed one past its ceiling or back within budget", () => {
    const files = (folder: string, n: number) => Array.from({ length: n }, (_, i) => ({ file: `${folder}f${i}.ts`, text: "" }));
    expect(
      folderViolations(
        [
          ...files("extension/panel/", 16),
          ...files("extension/panel/header/", 15),
          ...files("extension/state/", 21),
          ...files("native-host/", 4),
          // A subfolder's files are its own: 10 and 10 here, neither over.
          ...files("native-host/wire/", 10),
          ...files("native-host/wire/frames/", 10),
        ],
        {
          folderBudget: 15,
          overFolderBudget: [
            { folder: "extension/state/", ceiling: 20, reason: "a reason" },
            { folder: "native-host/", ceiling: 20, reason: "a reason" },
            { folder: "gone/", ceiling: 20, reason: "" },
          ],
        },
      ),
    ).toEqual([
      expect.stringContaining("extension/panel/ holds 16 files, over the budget of 15"),
      "extension/state/ holds 21 files, over its listed ceiling of 20",
      expect.stringContaining("native-host/ holds 4 files, within the budget"),
      "docs/layers.json's overFolderBudget lists gone/, which holds no product file",
      "docs/layers.json's overFolderBudget gives no reason for gone/",
    ]);
  });
});
