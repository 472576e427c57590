/**
 * Whether this extension and the host that said hello fit together, and what the host lacks.
 * A host one protocol version behind keeps working with its missing features off (a store takes
 * days to review an extension update); one the extension cannot talk to gets a card with the fix.
 */
import { HOST_PROTOCOL_VERSION, type HostCapability, type HostHello, MIN_HOST_PROTOCOL } from "../../../shared/host-protocol";

/**
 * The host features this extension uses, named for the user (`partOf`: goes without saying when that
 * one is off too). Chat itself needs only a protocol both speak.
 */
const HOST_FEATURES: Readonly<Record<HostCapability, { name: string; partOf?: HostCapability }>> = {
  browser_tools: { name: "browser tools" },
  browser_tools_offer: { name: "the report of whether the agent took the browser tools", partOf: "browser_tools" },
  goose_session_methods: { name: "goose's session controls (rename, archive, working folder)" },
  file_edits: { name: "the review and undo of the agent's file edits" },
  goose_features: { name: "goose's extensions and recipes" },
};

/** What the user loses with these capabilities missing, in words. */
export function featuresOff(missing: readonly HostCapability[]): string[] {
  return missing.filter((c) => !missing.includes(HOST_FEATURES[c].partOf as HostCapability)).map((c) => HOST_FEATURES[c].name);
}

export type HostFit =
  /** `speak`: the protocol to use on this port; `missing`: features the host lacks (then off). */
  | { verdict: "ok"; speak: number; missing: HostCapability[] }
  /** One version behind: works, but `update the host` is due. */
  | { verdict: "behind"; speak: number; missing: HostCapability[] }
  | { verdict: "too_old" }
  | { verdict: "too_new" };

type HelloFacts = Pick<HostHello, "protocolVersion" | "minExtensionProtocol" | "capabilities" | "browserTools">;

/** What the host serves; a host from before `capabilities` said only whether it has browser tools. */
export function hostServes(hello: HelloFacts, capability: HostCapability): boolean {
  if (Array.isArray(hello.capabilities)) return hello.capabilities.includes(capability);
  return capability.startsWith("browser_tools") && hello.browserTools === true;
}

export function hostFit(hello: HelloFacts): HostFit {
  const theirs = hello.protocolVersion;
  if (typeof theirs !== "number" || !Number.isInteger(theirs)) return { verdict: "too_old" };
  const missing = (Object.keys(HOST_FEATURES) as HostCapability[]).filter((c) => !hostServes(hello, c));
  if (theirs >= HOST_PROTOCOL_VERSION) {
    // A newer host says how far back it serves; one that does not say serves only its own.
    const oldest = typeof hello.minExtensionProtocol === "number" ? hello.minExtensionProtocol : theirs;
    return oldest <= HOST_PROTOCOL_VERSION ? { verdict: "ok", speak: HOST_PROTOCOL_VERSION, missing } : { verdict: "too_new" };
  }
  return theirs >= MIN_HOST_PROTOCOL ? { verdict: "behind", speak: theirs, missing } : { verdict: "too_old" };
}
