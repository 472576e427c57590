import { describe, expect, it } from "vitest";
import { fsRequestOf, isFsMethod } from "../../../../native-host/files/fs-requests";

describe("fsRequestOf", () => {
  it("takes goose's read and write requests", () => {
    expect(fsRequestOf("fs/read_text_file", { sessionId: "s", path: "/a", line: 2, limit: 3 })).toEqual({
      kind: "read",
      sessionId: "s",
      path: "/a",
      line: 2,
      limit: 3,
    });
    expect(fsRequestOf("fs/read_text_file", { sessionId: "s", path: "/a", line: null, limit: null })).toEqual({
      kind: "read",
      sessionId: "s",
      path: "/a",
    });
    expect(fsRequestOf("fs/write_text_file", { sessionId: "s", path: "/a", content: "" })).toEqual({
      kind: "write",
      sessionId: "s",
      path: "/a",
      content: "",
    });
  });

  it("says what is wrong with anything else", () => {
    const bad: Array<[string, unknown, string]> = [
      ["fs/delete_file", {}, "not a file-system method"],
      ["fs/read_text_file", null, "params must be an object"],
      ["fs/read_text_file", [], "params must be an object"],
      ["fs/read_text_file", { path: "/a" }, "sessionId must be a non-empty string"],
      ["fs/read_text_file", { sessionId: "s", path: 3 }, "path must be a non-empty string"],
      ["fs/read_text_file", { sessionId: "s", path: "/a\u0000/b" }, "NUL"],
      ["fs/read_text_file", { sessionId: "s", path: "/a", line: 0 }, "line must be"],
      ["fs/read_text_file", { sessionId: "s", path: "/a", line: 1.5 }, "line must be"],
      ["fs/read_text_file", { sessionId: "s", path: "/a", limit: -1 }, "limit must be"],
      ["fs/write_text_file", { sessionId: "s", path: "/a" }, "content must be a string"],
    ];
    for (const [method, params, why] of bad)
      expect(fsRequestOf(method, params), `${method} ${JSON.stringify(params)}`).toMatchObject({ error: expect.stringContaining(why) });
    expect(fsRequestOf("fs/delete_file", {})).toMatchObject({ unknownMethod: true });
  });

  it("knows the fs/ methods", () => {
    expect([isFsMethod("fs/read_text_file"), isFsMethod("fs/x"), isFsMethod("session/update"), isFsMethod(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
