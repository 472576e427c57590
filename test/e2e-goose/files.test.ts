/**
 * The real goose writes through the host: offered ACP's file system in `initialize`, goose's `write`
 * tool sends `fs/write_text_file`, which the built host answers itself (native-host/files/), inside
 * the session's folder, journalled, reported to the extension as a `file_edit`, and undone on
 * `undo_edit`. goose from npm (both pins, or GOOSE_BINARY), offline with our model server's `write`
 * cue; the host over real pipes, as a browser starts it (no browser needed for this).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EditUndo, FileEdit } from "../../shared/file-edits";
import { startModelServer } from "../fixtures/model-server/server";
import { HostUnderTest, stopChecked } from "../helpers/host-harness";
import { gooseBuilds } from "./real-goose";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

describe.each(gooseBuilds())("goose $version writes through the host", (build) => {
  it("serves goose's write and edit inside the session's folder, journals the before, reports it, undoes it, and refuses a write outside", async () => {
    const model = await startModelServer();
    try {
      const h = new HostUnderTest({
        profiles: { goose: { command: build.binary, args: ["acp"], env: model.gooseEnv(), minVersion: null } },
      });
      host = h;
      // goose keeps its sessions and config under HOME: the harness's own folder.
      const work = path.join(h.dir, "work");
      fs.mkdirSync(work);
      await h.startAgent();
      const init = await h.initialize();
      expect(init.error).toBeUndefined();
      const opened = await h.request("session/new", { cwd: work, mcpServers: [] }, 30_000);
      expect(opened.error).toBeUndefined();
      const sessionId = (opened.result as { sessionId: string }).sessionId;
      const file = path.join(work, "hello.txt");
      fs.writeFileSync(file, "before goose\n");

      const prompt = async (text: string) => {
        const r = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] }, 60_000);
        expect(r.error).toBeUndefined();
      };
      await prompt(`write ${file} written by goose`);
      expect(fs.readFileSync(file, "utf8")).toBe("written by goose\n");
      // goose asked the client, never the extension: the host answered it.
      expect(h.rpc().some((m) => m.method?.startsWith("fs/"))).toBe(false);
      const edit = h.received.flatMap((m) => (m.kind === "host" && m.event.type === "file_edit" ? [m.event as FileEdit] : []))[0];
      expect(edit).toMatchObject({ sessionId, path: file, agentPath: file, before: "before goose\n", after: "written by goose\n" });
      // The journal holds the before.
      const journal = path.join(h.dir, ".local", "share", "goose-browser", "edits");
      const [folder] = fs.readdirSync(journal);
      expect(fs.readFileSync(path.join(journal, folder!, `${edit!.editId}.before`), "utf8")).toBe("before goose\n");

      h.send({ host: { type: "undo_edit", sessionId, editId: edit!.editId } });
      const undone = await h.waitFor((m) => m.kind === "host" && m.event.type === "edit_undo", 10_000, "edit_undo");
      expect((undone as { event: EditUndo }).event).toMatchObject({ outcome: "undone" });
      expect(fs.readFileSync(file, "utf8")).toBe("before goose\n");

      // goose's edit reads the file through the host, then writes it back.
      await prompt(`edit ${file} before after`);
      expect(fs.readFileSync(file, "utf8")).toBe("after goose\n");
      const edited = h.received.flatMap((m) => (m.kind === "host" && m.event.type === "file_edit" ? [m.event as FileEdit] : [])).at(-1);
      expect(edited).toMatchObject({ path: file, before: "before goose\n", after: "after goose\n" });

      const outside = path.join(h.dir, "outside.txt");
      await prompt(`write ${outside} never`);
      expect(fs.existsSync(outside)).toBe(false);
      expect(h.hostLog).toMatch(/fs\/write_text_file refused: .*outside this session's folders/);
    } finally {
      await model.close();
    }
  });
});
