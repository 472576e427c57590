/**
 * Who this client is and which ACP version it speaks, each from one source: the protocol version is
 * the SDK's (we speak what it implements), the release version is package.json's (read at build
 * time, as the host's is), so neither can drift from what is actually shipped.
 */
import { PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { version } from "../../package.json";

/** The ACP protocol version this client speaks (https://agentclientprotocol.com/protocol/initialization). */
export const ACP_PROTOCOL_VERSION: number = PROTOCOL_VERSION;

export const CLIENT_INFO = { name: "goose-browser", title: "goose for the browser", version } as const;
