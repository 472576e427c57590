/**
 * What kind of tool a call is, for its icon and label. ACP's `kind` when the agent sends one; goose
 * sends none on its first tool_call, so fall back to its tool name (`_meta.goose.toolCall.toolName`,
 * e.g. `developer__shell`) and then the title. Pure.
 */
import type { ToolKind } from "../../acp/schema";
import type { IconName } from "../icons";

export interface KindView {
  kind: ToolKind;
  label: string;
  icon: IconName;
}

const VIEWS: Record<ToolKind, Omit<KindView, "kind">> = {
  read: { label: "Read", icon: "read" },
  edit: { label: "Edit", icon: "edit" },
  delete: { label: "Delete", icon: "delete" },
  move: { label: "Move", icon: "move" },
  search: { label: "Search", icon: "search" },
  execute: { label: "Run", icon: "run" },
  think: { label: "Think", icon: "think" },
  fetch: { label: "Fetch", icon: "fetch" },
  switch_mode: { label: "Mode", icon: "mode" },
  other: { label: "Tool", icon: "tool" },
};

const BY_NAME: Array<[RegExp, ToolKind]> = [
  [/shell|exec|command|terminal|bash|run/, "execute"],
  [/delete|remove|\brm\b|unlink/, "delete"],
  [/move|rename|\bmv\b/, "move"],
  [/write|edit|patch|replace|str_replace|create_file|insert/, "edit"],
  [/read|view|cat|open_file|list_dir|ls\b/, "read"],
  [/search|grep|find|glob|rg\b/, "search"],
  [/fetch|http|web|browse|url|download/, "fetch"],
  [/think|reason|plan/, "think"],
];

export function toolKind(kind: ToolKind | null | undefined, toolName?: string, title?: string): KindView {
  let k: ToolKind = kind && kind !== "other" ? kind : "other";
  if (k === "other") {
    // goose names tools `<extension>__<tool>`; the part after the last `__` says what it does.
    const name = (toolName?.split("__").pop() ?? "").toLowerCase();
    const guess = BY_NAME.find(([re]) => re.test(name)) ?? BY_NAME.find(([re]) => re.test((title ?? "").toLowerCase()));
    if (guess) k = guess[1];
  }
  return { kind: k, ...VIEWS[k] };
}
