/**
 * A local copy of the ACP Registry for tests: test/fixtures/acp-registry/registry.json plus binary
 * agents whose archives the test makes here with the system's `tar` and `zip`. Each archive holds
 * the scripted agent's launcher as `bin/scripted-agent`, so an installed agent really runs.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { registryPlatform } from "../../install-scripts/acp-registry/resolve";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIXTURE_REGISTRY = path.join(ROOT, "test/fixtures/acp-registry/registry.json");
const LAUNCHER = path.join(ROOT, "dist/fixtures/bin/goose");
const BUNDLE = path.join(ROOT, "dist/fixtures/scripted-agent.mjs");

export interface RegistryCopy {
  file: string;
  url: string;
  tarGz: string;
  zip: string;
  /** The scripted agent as an npm package tarball (`scripted-npx` installs it with `file:`, offline). */
  npmPackage: string;
}

/**
 * Writes the archives and registry.json into `dir`. Agents: `scripted-tar` (.tar.gz), `scripted-zip`
 * (.zip), `scripted-bz2` (.tar.bz2, goose's own format), `scripted-npx` (an npm package) and `tampered` (the .tar.gz with a sha256 that is not its own) and `no-program` (the .zip, naming a
 * program it does not hold), all version 1.2.3.
 * `agentEnv` becomes each binary's `env` (the scripted agent's state folder, for one).
 */
export function writeRegistryCopy(dir: string, agentEnv: Record<string, string> = {}, archiveBase?: string): RegistryCopy {
  if (!fs.existsSync(LAUNCHER)) throw new Error(`${LAUNCHER} is missing: run \`npm run build:fixtures\` first`);
  const staging = path.join(dir, "archive-root");
  fs.mkdirSync(path.join(staging, "bin"), { recursive: true });
  fs.copyFileSync(LAUNCHER, path.join(staging, "bin", "scripted-agent"));
  fs.chmodSync(path.join(staging, "bin", "scripted-agent"), 0o755);
  fs.writeFileSync(path.join(staging, "README.txt"), "The scripted ACP agent, packed as an agent's release archive.\n");
  const tarGz = path.join(dir, "scripted-agent.tar.gz");
  const zip = path.join(dir, "scripted-agent.zip");
  const tarBz2 = path.join(dir, "scripted-agent.tar.bz2");
  execFileSync("tar", ["-czf", tarGz, "-C", staging, "."]);
  execFileSync("tar", ["-cjf", tarBz2, "-C", staging, "."]);
  execFileSync("zip", ["-q", "-r", "-X", zip, "."], { cwd: staging });
  const npmPackage = writeNpmPackage(dir);
  const key = registryPlatform(process.platform, process.arch);
  if (!key) throw new Error(`no ACP Registry platform for ${process.platform}-${process.arch}`);
  const urlOf = (file: string) => (archiveBase ? `${archiveBase}/${path.basename(file)}` : pathToFileURL(file).href);
  const binary = (archive: string, sha256: string, cmd = "./bin/scripted-agent") => ({
    version: "1.2.3",
    description: "The scripted ACP agent (tests)",
    distribution: { binary: { [key]: { archive: urlOf(archive), sha256, cmd, args: ["acp"], env: agentEnv } } },
  });
  const registry = JSON.parse(fs.readFileSync(FIXTURE_REGISTRY, "utf8")) as { agents: unknown[] };
  registry.agents.push(
    { id: "scripted-tar", name: "Scripted agent (tar.gz)", ...binary(tarGz, sha256(tarGz)) },
    { id: "scripted-zip", name: "Scripted agent (zip)", ...binary(zip, sha256(zip)) },
    { id: "scripted-bz2", name: "Scripted agent (tar.bz2)", ...binary(tarBz2, sha256(tarBz2)) },
    { id: "tampered", name: "Tampered agent", ...binary(tarGz, createHash("sha256").update("something else").digest("hex")) },
    {
      id: "scripted-npx",
      name: "Scripted agent (npm)",
      version: "1.2.3",
      description: "The scripted ACP agent as an npm package (tests)",
      distribution: { npx: { package: `file:${npmPackage}`, args: ["acp"], env: agentEnv } },
    },
    { id: "no-program", name: "Agent whose archive lacks its program", ...binary(zip, sha256(zip), "./bin/absent") },
  );
  const file = path.join(dir, "registry.json");
  fs.writeFileSync(file, JSON.stringify(registry, null, 2));
  return { file, url: pathToFileURL(file).href, tarGz, zip, npmPackage };
}

/** An npm tarball (a gzipped tar of `package/`) whose bin is the scripted agent's bundle. */
function writeNpmPackage(dir: string): string {
  const root = path.join(dir, "npm-package");
  fs.mkdirSync(path.join(root, "package"), { recursive: true });
  const bin = { "scripted-acp-agent": "agent.mjs" };
  fs.writeFileSync(
    path.join(root, "package", "package.json"),
    JSON.stringify({ name: "scripted-acp-agent", version: "1.2.3", type: "module", bin }),
  );
  fs.writeFileSync(path.join(root, "package", "agent.mjs"), `#!/usr/bin/env node\n${fs.readFileSync(BUNDLE, "utf8")}`, { mode: 0o755 });
  const tgz = path.join(dir, "scripted-acp-agent-1.2.3.tgz");
  execFileSync("tar", ["-czf", tgz, "-C", root, "package"]);
  return tgz;
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}
