/**
 * The host's answer to the agent's ACP client file system (`fs/read_text_file`, `fs/write_text_file`):
 * served here, never by the extension, which has no file system. Each request is for a session opened
 * through this host and is confined to that session's folders (confine.ts); each write is journalled
 * first (journal.ts), carried out atomically (text-file.ts) and reported to the extension as a
 * `file_edit` with the text before and after; `undo_edit` from the extension is answered `edit_undo`
 * (undo.ts). Requests run one at a time, in order, so a write never races another's journal entry.
 */

import path from "node:path";
import type { EditUndo, FileEdit } from "../../shared/file-edits";
import { type JsonRpcId, type JsonRpcMessage, MAX_VERBATIM_BYTES } from "../../shared/host-protocol";
import { type JsonScan, memberText } from "../jsonrpc/json-scan";
import { readMember } from "../jsonrpc/message-head";
import { requestIdOf } from "../jsonrpc/rpc-id";
import type { LoadedConfig } from "../setup/config";
import { configDir, dataDir, type PlatformInfo, stateDir } from "../setup/paths";
import { confine } from "./confine";
import { FS_WRITE, type FsRequest, fsRequestOf } from "./fs-requests";
import { EditJournal, sha256 } from "./journal";
import { SessionFolders } from "./session-folders";
import { bytesToWrite, type DecodedText, decodeText, FileRefusal, readBytes, readText, writeAtomic } from "./text-file";
import { undoEdit } from "./undo";

const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

export interface FileServiceOptions {
  journal: EditJournal;
  platform: NodeJS.Platform;
  /** The host's own folders (config, data, log), never served even inside a session's folder. */
  protectedFolders: readonly string[];
  log: { info(msg: string): void; warn(msg: string): void; debugEnabled?: boolean };
  toExtension(event: FileEdit | EditUndo): void;
  now?: () => number;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

export class FileService {
  private readonly folders = new SessionFolders();
  /** What the running agent was told in its `initialize`: only then does the host serve it. */
  private offered = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: FileServiceOptions) {}

  /** The host's: the journal in the user's data folder; the host's own files and folders protected. */
  static forHost(
    loaded: LoadedConfig,
    p: PlatformInfo,
    log: FileServiceOptions["log"],
    toExtension: FileServiceOptions["toExtension"],
  ): FileService {
    return new FileService({
      journal: new EditJournal(path.join(dataDir(p), "edits")),
      platform: p.platform,
      protectedFolders: [loaded.file, loaded.config.logFile, configDir(p), dataDir(p), stateDir(p)],
      log,
      toExtension,
    });
  }

  /** The `initialize` going to the agent advertises the file system (true) or not. */
  advertised(on: boolean): void {
    this.offered = on;
  }

  fromExtension(m: JsonRpcMessage): void {
    const { deleted } = this.folders.fromExtension(m);
    if (deleted !== undefined) void this.run(() => this.o.journal.dropSession(deleted));
  }

  watches(head: { id?: JsonRpcId; method?: string }): boolean {
    return this.folders.watches(head);
  }

  fromAgent(m: JsonRpcMessage | undefined): void {
    this.folders.fromAgent(m);
  }

  /** The agent stopped or was replaced. */
  reset(): void {
    this.folders.reset();
    this.offered = false;
  }

  /** An `fs/*` request from the agent (`line`, checked by `scan`), answered through `reply`, its id echoed byte for byte. */
  serve(line: Buffer, scan: JsonScan, reply: (answer: Buffer) => void): void {
    const method = readMember(line, scan, "method") as string;
    const idText = requestIdOf(true, memberText(line, scan, "id"));
    if (idText === undefined) {
      this.o.log.warn(`agent notification ${method} dropped: the file system answers requests only`);
      return;
    }
    const params = readMember(line, scan, "params");
    void this.run(async () => {
      const answer = await this.answer(method, params);
      if ("error" in answer) this.o.log.warn(`${method} refused: ${answer.error.message}`);
      const member = "error" in answer ? `"error":${JSON.stringify(answer.error)}` : `"result":${JSON.stringify(answer.result)}`;
      reply(Buffer.from(`{"jsonrpc":"2.0","id":${idText},${member}}`));
    });
  }

  /** `undo_edit` from the extension, already checked against its schema. */
  undo(sessionId: string, editId: string): void {
    void this.run(async () => {
      const done = await undoEdit(this.o.journal, sessionId, editId).catch(
        (e: unknown): EditUndo => ({
          type: "edit_undo",
          sessionId,
          editId,
          outcome: "failed",
          message: `Undo failed: ${(e as Error).message}`,
        }),
      );
      this.o.log.info(`undo of edit ${editId} in session ${sessionId}: ${done.outcome}`);
      this.o.toExtension(fits(done) ? done : { ...done, current: undefined });
    });
  }

  private async answer(method: string, params: unknown): Promise<Answer> {
    const request = fsRequestOf(method, params);
    if ("error" in request) return { error: { code: request.unknownMethod ? METHOD_NOT_FOUND : INVALID_PARAMS, message: request.error } };
    if (!this.offered) {
      return {
        error: {
          code: METHOD_NOT_FOUND,
          message: `${method}: this client offered no file system (serveFiles is off in the agent's profile)`,
        },
      };
    }
    const roots = this.folders.foldersOf(request.sessionId);
    if (!roots)
      return {
        error: {
          code: INVALID_PARAMS,
          message: `${method}: session ${JSON.stringify(request.sessionId)} was not opened through goose-browser`,
        },
      };
    const where = confine(request.path, roots, { platform: this.o.platform, protected: this.o.protectedFolders });
    if (!where.ok) return { error: { code: INVALID_PARAMS, message: where.message } };
    try {
      if (request.kind === "read") return { result: { content: await readText(where.path, request.line, request.limit) } };
      await this.write(request, where.path);
      // goose 1.50 refuses a null result (docs/ARCHITECTURE.md): an empty object.
      return { result: {} };
    } catch (e) {
      if (e instanceof FileRefusal) return { error: { code: e.code, message: `${method === FS_WRITE ? "write" : "read"}: ${e.message}` } };
      return { error: { code: INTERNAL_ERROR, message: `${method}: ${(e as Error).message}` } };
    }
  }

  private async write(request: Extract<FsRequest, { kind: "write" }>, file: string): Promise<void> {
    const { sessionId } = request;
    const old = await readBytes(file);
    const oldText: DecodedText | null = old ? decodeText(old.bytes, file) : null;
    const bytes = bytesToWrite(request.content, oldText);
    const journal = this.o.journal;
    const editId = await journal.keepBefore(sessionId, old?.bytes ?? null);
    try {
      await writeAtomic(file, bytes, old?.mode);
    } catch (e) {
      await journal.discard(sessionId, editId);
      throw e;
    }
    const at = this.o.now?.() ?? Date.now();
    await journal.record(sessionId, {
      editId,
      path: file,
      existed: old !== null,
      beforeBytes: old?.bytes.length ?? null,
      afterHash: sha256(bytes),
      afterBytes: bytes.length,
      ...(old ? { mode: old.mode } : {}),
      at,
    });
    await journal.prune(at, sessionId);
    this.o.log.info(`${FS_WRITE}: ${old ? "wrote" : "created"} ${file} (${bytes.length} bytes) for session ${sessionId}, edit ${editId}`);
    const edit: FileEdit = {
      type: "file_edit",
      sessionId,
      editId,
      path: file,
      agentPath: request.path,
      before: oldText?.text ?? null,
      after: decodeText(bytes, file).text,
      beforeBytes: old?.bytes.length ?? null,
      afterBytes: bytes.length,
      at,
    };
    this.o.toExtension(fits(edit) ? edit : { ...edit, before: undefined, after: undefined, omitted: "too_large" });
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }
}

/** Whether the event, as a host message, stays under the native port's 1 MiB. */
function fits(event: FileEdit | EditUndo): boolean {
  return Buffer.byteLength(JSON.stringify({ host: event })) <= MAX_VERBATIM_BYTES;
}
