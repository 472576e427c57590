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
import { registryPlatform } from "../../../install-scripts/acp-registry/resolve";

const ROOT = path.resolve(import.meta.dirname, "../../..");
export const FIXTURE_REGISTRY = path.join(ROOT, "test/fixtures/acp-registry/registry.json");
const LAUNCHER = path.join(ROOT, "dist/fixtures/bin/goose");

export interface RegistryCopy {
  file: string;
  url: string;
  tarGz: string;
  zip: string;
}

/**
 * Writes the archives and registry.json into `dir`. Agents: `scripted-tar` (.tar.gz), `scripted-zip`
 * (.zip) and `tampered` (the .tar.gz with a sha256 that is not its own), all version 1.2.3.
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
  execFileSync("tar", ["-czf", tarGz, "-C", staging, "."]);
  execFileSync("zip", ["-q", "-r", "-X", zip, "."], { cwd: staging });
  const key = registryPlatform(process.platform, process.arch);
  if (!key) throw new Error(`no ACP Registry platform for ${process.platform}-${process.arch}`);
  const urlOf = (file: string) => (archiveBase ? `${archiveBase}/${path.basename(file)}` : pathToFileURL(file).href);
  const binary = (archive: string, sha256: string) => ({
    version: "1.2.3",
    description: "The scripted ACP agent (tests)",
    distribution: { binary: { [key]: { archive: urlOf(archive), sha256, cmd: "./bin/scripted-agent", args: ["acp"], env: agentEnv } } },
  });
  const registry = JSON.parse(fs.readFileSync(FIXTURE_REGISTRY, "utf8")) as { agents: unknown[] };
  registry.agents.push(
    { id: "scripted-tar", name: "Scripted agent (tar.gz)", ...binary(tarGz, sha256(tarGz)) },
    { id: "scripted-zip", name: "Scripted agent (zip)", ...binary(zip, sha256(zip)) },
    { id: "tampered", name: "Tampered agent", ...binary(tarGz, createHash("sha256").update("something else").digest("hex")) },
  );
  const file = path.join(dir, "registry.json");
  fs.writeFileSync(file, JSON.stringify(registry, null, 2));
  return { file, url: pathToFileURL(file).href, tarGz, zip };
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}
