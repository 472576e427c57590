/**
 * Enterprise policies that stop a browser from starting a user-level native host. Linux managed
 * policies are JSON files (merged by the browser); judging them is pure, reading them is not.
 * macOS (managed preferences) and Windows (HKLM\SOFTWARE\Policies) are only pointed at.
 */
import fs from "node:fs";
import path from "node:path";
import type { PlatformInfo } from "../../native-host/setup/paths";
import { HOST_NAME } from "../../shared/extension-ids";
import { isRecord } from "../plan/host-config";
import { type Finding, info, ok, problem, warn } from "../report";

export interface PolicySource {
  label: string;
  /** Absolute dir of managed policy JSON files. */
  dir: string;
  /** Where an administrator could install the manifest for all users instead. */
  systemHostsDir: string;
}

export const LINUX_POLICY_SOURCES: PolicySource[] = [
  { label: "Google Chrome", dir: "/etc/opt/chrome/policies/managed", systemHostsDir: "/etc/opt/chrome/native-messaging-hosts" },
  { label: "Chromium", dir: "/etc/chromium/policies/managed", systemHostsDir: "/etc/chromium/native-messaging-hosts" },
  { label: "Microsoft Edge", dir: "/etc/opt/edge/policies/managed", systemHostsDir: "/etc/opt/edge/native-messaging-hosts" },
  { label: "Brave", dir: "/etc/brave/policies/managed", systemHostsDir: "/etc/opt/chrome/native-messaging-hosts" },
];

interface ReadPolicies {
  files: string[];
  policy: Record<string, unknown>;
  errors: string[];
}

/** Reads and merges `<root><dir>/*.json` (root lets tests point at a fake /). */
function readPolicyDir(root: string, dir: string): ReadPolicies {
  const full = path.join(root, dir);
  const out: ReadPolicies = { files: [], policy: {}, errors: [] };
  let names: string[];
  try {
    names = fs
      .readdirSync(full)
      .filter((n) => n.endsWith(".json"))
      .sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const file = path.join(full, name);
    try {
      const v: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
      if (isRecord(v)) Object.assign(out.policy, v);
      out.files.push(path.join(dir, name));
    } catch (e) {
      out.errors.push(`${path.join(dir, name)}: ${(e as Error).message}`);
    }
  }
  return out;
}

/** Problems the merged policy causes for a user-level host named HOST_NAME. */
export function judgePolicy(source: PolicySource, policy: Record<string, unknown>, files: readonly string[]): Finding[] {
  const subject = `${source.label} policy`;
  const where = files.join(", ");
  const out: Finding[] = [];
  if (policy.NativeMessagingUserLevelHosts === false) {
    out.push(
      problem(
        subject,
        `NativeMessagingUserLevelHosts is false (${where}): ${source.label} ignores per-user hosts such as this one ` +
          "(“Specified native messaging host not found.”)",
        `ask your administrator to allow it, or to install the manifest for all users in ${source.systemHostsDir}`,
      ),
    );
  }
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const blocked = list(policy.NativeMessagingBlocklist);
  const allowed = list(policy.NativeMessagingAllowlist);
  if ((blocked.includes("*") || blocked.includes(HOST_NAME)) && !allowed.includes(HOST_NAME)) {
    out.push(
      problem(
        subject,
        `NativeMessagingBlocklist blocks ${blocked.includes(HOST_NAME) ? HOST_NAME : "all native hosts"} (${where}) ` +
          "(“Access to the specified native messaging host is forbidden.”)",
        `ask your administrator to add ${HOST_NAME} to NativeMessagingAllowlist`,
      ),
    );
  }
  return out;
}

export function policyFindings(p: PlatformInfo, root: string): Finding[] {
  if (p.platform === "win32") {
    return [
      info(
        "policies",
        "not read on Windows; `reg query HKLM\\SOFTWARE\\Policies\\Google\\Chrome` (or …\\Microsoft\\Edge) " +
          "shows NativeMessaging* policies if any",
      ),
    ];
  }
  if (p.platform === "darwin") {
    const managed = path.join(root, "Library", "Managed Preferences");
    const found = ["com.google.Chrome", "com.microsoft.Edge", "org.chromium.Chromium", "com.brave.Browser"].filter((d) =>
      fs.existsSync(path.join(managed, `${d}.plist`)),
    );
    if (found.length === 0) return [ok("policies", "no managed browser preferences")];
    return [
      warn(
        "policies",
        `managed preferences exist for ${found.join(", ")}`,
        `check NativeMessagingUserLevelHosts/Blocklist with \`defaults read "/Library/Managed Preferences/${found[0]}"\``,
      ),
    ];
  }
  const out: Finding[] = [];
  const read: string[] = [];
  for (const source of LINUX_POLICY_SOURCES) {
    const r = readPolicyDir(root, source.dir);
    read.push(...r.files);
    for (const e of r.errors)
      out.push(warn(`${source.label} policy`, `cannot read ${e}`, "the browser ignores it too; ask your administrator to fix it"));
    out.push(...judgePolicy(source, r.policy, r.files));
  }
  if (out.length === 0) {
    out.push(
      ok(
        "policies",
        read.length === 0 ? "no managed browser policies" : `${read.length} managed policy file(s), none blocks user-level native hosts`,
      ),
    );
  }
  return out;
}
