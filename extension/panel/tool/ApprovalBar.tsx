/**
 * One permission request: a button per option the agent offered, named in plain words by its kind
 * and answered with that option's own id. The first pending request in the session takes focus;
 * Enter allows once, Escape denies. Nothing here ever answers on the user's behalf.
 */

import { useEffect, useRef } from "preact/hooks";
import type { PermissionOption } from "../../acp/schema";
import type { PermissionRequestState } from "../../state/client-state";
import { optionLabel, optionTooltip, sortedOptions } from "../../state/permission-options";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { followNewest } from "../follow";
import { type Answer, AnswerRow } from "./AnswerRow";

/** The agent's question is about a call of goose-browser's own tools: what it does, in words. */
export interface BrowserQuestion {
  tool: string;
  /** The element, address or tab it works on, when the card names one. */
  on?: string;
}

/** What a call that no consent card judges (it reads no one site) lets the agent see, for the question. */
const SEES: Record<string, string> = { list_tabs: "sees the title and address of every open tab." };

export function ApprovalBar({
  request,
  focus,
  title,
  browser,
}: {
  request: PermissionRequestState;
  focus: boolean;
  /** What the call does, after "Allow goose to": "run npm test" (tool-title.ts actionPhrase). */
  title: string;
  browser?: BrowserQuestion | null;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focus || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: "nearest" });
  }, [focus]);
  const answer = (optionId: string | null) => {
    send({ type: "answer_permission", key: request.key, optionId });
    followNewest();
  };
  const byKind = (k: PermissionOption["kind"]) => request.options.find((o) => o.kind === k);
  // One question for the agent's request and goose-browser's consent: once or not at all, never the
  // agent's "always", which would let it act on any site without asking (state/served-calls.ts).
  const allow = byKind("allow_once");
  const deny = byKind("reject_once");
  const oneQuestion = browser && allow && deny;
  const options = oneQuestion ? [allow, deny] : sortedOptions(request.options);
  return (
    <fieldset
      ref={box}
      class="approval"
      aria-label="Permission request"
      tabIndex={-1}
      onKeyDown={(e) => {
        // On a focused button Enter activates that button; on the request itself it allows once.
        if (e.key === "Enter" && e.target === box.current) {
          const allow = byKind("allow_once");
          if (allow) {
            e.preventDefault();
            answer(allow.optionId);
          }
        } else if (e.key === "Escape") {
          e.preventDefault();
          answer((byKind("reject_once") ?? byKind("reject_always"))?.optionId ?? null);
        }
      }}
    >
      {/* The question names the tool, so it reads right even when the card's header is scrolled away. */}
      {oneQuestion ? (
        <p class="approval__question">
          Allow {agentName.value} to <span class="approval__tool">{browser.tool.replace(/_/g, " ")}</span>
          {browser.on ? ` ${browser.on}` : ""} in your browser?{SEES[browser.tool] ? ` ${agentName.value} ${SEES[browser.tool]}` : ""} Only
          this once: {agentName.value} asks again next time.
        </p>
      ) : (
        <p class="approval__question">
          Allow {agentName.value} to <span class="approval__tool">{title}</span>?
        </p>
      )}
      <AnswerRow
        {...answerRows(options, (o) => ({
          key: o.optionId,
          label: oneQuestion ? (o.kind === "allow_once" ? "Allow once" : "Deny") : optionLabel(o),
          kind: o.kind,
          title: optionTooltip(o),
          onClick: () => answer(o.optionId),
        }))}
      />
      <p class="approval__hint">Enter allows once · Esc denies</p>
    </fieldset>
  );
}

/** The everyday answers (the first allow and the first deny, once before always) in the row; the rest behind "More". */
function answerRows(options: PermissionOption[], toAnswer: (o: PermissionOption) => Answer): { main: Answer[]; more: Answer[] } {
  const first = (kinds: PermissionOption["kind"][]) => kinds.map((k) => options.find((o) => o.kind === k)).find((o) => o !== undefined);
  const main = [first(["allow_once", "allow_always"]), first(["reject_once", "reject_always"])].filter((o) => o !== undefined);
  return { main: main.map(toAnswer), more: options.filter((o) => !main.includes(o)).map(toAnswer) };
}
