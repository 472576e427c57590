/** A POST to the MCP server as the SDK's web-standard transport takes it, and its answer written back. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readBody, webPost, writeResponse } from "../../../../native-host/browser-tools/web-request";

function post(headers: Record<string, string>, pieces: string[] = []): IncomingMessage {
  const req = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(req, { method: "POST", url: "/mcp", headers: { host: "127.0.0.1:9", ...headers } });
  for (const p of pieces) req.write(p);
  req.end();
  return req;
}

describe("webPost", () => {
  it("hands a JSON body over parsed, with only the headers the transport reads", async () => {
    const req = post({ accept: "application/json, text/event-stream", "content-type": "application/json", authorization: "Bearer t" });
    const { request, parsedBody } = webPost(req, Buffer.from('{"id":1}'));
    expect(parsedBody).toEqual({ id: 1 });
    expect(request.url).toBe("http://127.0.0.1:9/mcp");
    expect(request.body).toBeNull();
    expect(request.headers.get("accept")).toBe("application/json, text/event-stream");
    expect(request.headers.get("authorization")).toBeNull();
  });

  it("leaves a body that is not JSON, or too large, for the transport to read and refuse", async () => {
    const notJson = webPost(post({}), Buffer.from("{not json"));
    expect(notJson.parsedBody).toBeUndefined();
    expect(await notJson.request.text()).toBe("{not json");
    const tooLarge = webPost(post({}), Buffer.from('"12345"'), 4);
    expect(tooLarge.parsedBody).toBeUndefined();
    expect(await tooLarge.request.text()).toBe('"12345"');
  });
});

describe("readBody", () => {
  it("joins the pieces, keeps at most one piece past the limit, and reads nothing when the declared length is over it", async () => {
    expect((await readBody(post({}, ["ab", "cd"]))).toString()).toBe("abcd");
    expect((await readBody(post({}, ["ab", "cd", "ef", "gh"]), 3)).toString()).toBe("abcd");
    expect((await readBody(post({ "content-length": "9" }, ["123456789"]), 4)).length).toBe(0);
  });
});

describe("writeResponse", () => {
  it("writes the status, the headers, the length and the body in one piece", async () => {
    const written: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
    const res = {
      writeHead(status: number, headers: Record<string, string>) {
        written.status = status;
        written.headers = headers;
        return this;
      },
      end(body?: Buffer) {
        written.body = body;
      },
    } as unknown as ServerResponse;
    await writeResponse(res, new Response('{"ok":true}', { status: 200, headers: { "content-type": "application/json" } }));
    expect(written).toEqual({
      status: 200,
      headers: { "content-type": "application/json", "content-length": "11" },
      body: Buffer.from('{"ok":true}'),
    });
    await writeResponse(res, new Response(null, { status: 202 }));
    expect(written).toEqual({ status: 202, headers: {}, body: undefined });
  });
});
