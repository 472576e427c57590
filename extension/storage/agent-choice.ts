/**
 * The agent the user chose, kept in storage.local: a host profile and working folder (the options page),
 * and the goose serve the extension connects to itself when there is no host (the setup screen).
 */
import { storage } from "wxt/utils/storage";
import type { AgentChoice } from "../state/connection/connection";
import type { DirectServe } from "../state/connection/direct-serve";

/** Empty: the host's default profile and folder. */
export const agentChoiceItem = storage.defineItem<AgentChoice>("local:goose.agentChoice", { fallback: {} });

/** A goose serve reached without the host (Flatpak and snap browsers cannot start one); null: none. */
export const directServeItem = storage.defineItem<DirectServe | null>("local:goose.directServe", { fallback: null });
