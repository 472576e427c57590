/** The agent profile and working folder the user chose in the options page, kept in storage.local. */
import { storage } from "wxt/utils/storage";
import type { AgentChoice } from "../state/connection/connection";

/** Empty: the host's default profile and folder. */
export const agentChoiceItem = storage.defineItem<AgentChoice>("local:goose.agentChoice", { fallback: {} });
