/** Getting a request to the page tools: probing, installing, and installing first on a document known to be new. */
import { describe, expect, it } from "vitest";
import type { BrowserApi } from "../../../../extension/browser-tools/browser-api";
import type { PageReply } from "../../../../extension/browser-tools/page/protocol";
import { callAllFrames, callPage } from "../../../../extension/browser-tools/page-call";

const OK: PageReply = { ok: true, text: "hi", token: "t", next: 1, title: "", url: "https://a.example/" };

/** A tab whose top document has the page tools once page-tools.js ran in it; `loaded`: the browser said it began loading one. */
function tab(loaded: boolean) {
  const calls: string[] = [];
  let installed = false;
  let fresh = loaded;
  const answer = () => (installed ? OK : { notInstalled: true as const });
  const api = {
    executeFunc: async () => {
      calls.push("call");
      return answer();
    },
    executeFile: async () => {
      calls.push("install");
      installed = true;
    },
    executeFuncInFrames: async () => {
      calls.push("call all");
      return [{ frameId: 0, result: answer() }];
    },
    executeFileInFrames: async (_tab: number, frames: number[] | "all") => {
      calls.push(`install ${frames}`);
      installed = true;
    },
    newDocumentIn: () => fresh,
    toolsAnswered: () => {
      fresh = false;
    },
  } as unknown as BrowserApi;
  return { api, calls };
}

describe("calling the page tools", () => {
  it("on a document not known to be new: asks, installs when they are missing, asks again; then only asks", async () => {
    const t = tab(false);
    expect(await callPage(t.api, 1, { op: "get_selection" })).toEqual(OK);
    expect(await callPage(t.api, 1, { op: "get_selection" })).toEqual(OK);
    expect(t.calls).toEqual(["call", "install", "call", "call"]);
  });

  it("on a tab that loaded a new document: installs first, so the first call goes in twice, not three times", async () => {
    const t = tab(true);
    expect(await callPage(t.api, 1, { op: "get_selection" })).toEqual(OK);
    expect(await callPage(t.api, 1, { op: "get_selection" })).toEqual(OK);
    expect(t.calls).toEqual(["install", "call", "call"]);
    const all = tab(true);
    expect(await callAllFrames(all.api, 1, { op: "get_selection" })).toEqual([{ frameId: 0, reply: OK }]);
    expect(await callAllFrames(all.api, 1, { op: "get_selection" })).toEqual([{ frameId: 0, reply: OK }]);
    expect(all.calls).toEqual(["install all", "call all", "call all"]);
  });
});
