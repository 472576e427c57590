/**
 * The registry out of reach: `agents` and `add` name the URL, the cause Node's fetch keeps in
 * `error.cause` (DNS, a refused connection, TLS, a timeout) and what to do, never a bare
 * "fetch failed". Each cause is real: a .invalid name (RFC 2606: never resolves), a port nothing
 * listens on, https:// to a plain-http server, a server that never answers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { download } from "../../../install-scripts/acp-registry/download";
import { TempMachine } from "../../helpers/install-harness";

let m: TempMachine;
let server: http.Server | undefined;
beforeEach(() => {
  m = new TempMachine();
});
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  m.dispose();
});

/** A server that takes connections and never answers them. */
async function silentServer(): Promise<number> {
  server = http.createServer(() => {});
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function agentsError(url: string): Promise<string> {
  const r = await m.run("agents", "--registry", url);
  expect(r.code).toBe(1);
  expect(r.out).not.toMatch(/: fetch failed\b/);
  expect(r.out).toContain(`could not fetch ${url}`);
  expect(r.out).toContain("--registry URL");
  return r.out;
}

describe("the registry out of reach", () => {
  it("a name that does not resolve: says DNS and asks whether the machine is offline", async () => {
    const out = await agentsError("https://registry.invalid/registry.json");
    expect(out).toMatch(/registry\.invalid could not be looked up \(DNS: (ENOTFOUND|EAI_AGAIN)\)/);
    expect(out).toContain("Are you offline?");
  });

  it("a refused connection: names the host and the code", async () => {
    const port = await closedPort();
    const out = await agentsError(`http://127.0.0.1:${port}/registry.json`);
    expect(out).toContain(`the connection to 127.0.0.1:${port} failed (ECONNREFUSED)`);
  });

  it("TLS that fails: names the code and the proxy's way out", async () => {
    const port = await silentServer();
    const out = await agentsError(`https://127.0.0.1:${port}/registry.json`);
    expect(out).toMatch(/the TLS connection to 127\.0\.0\.1:\d+ failed \(ERR_SSL_/);
    expect(out).toContain("NODE_EXTRA_CA_CERTS");
  });

  it("add says the same", async () => {
    const r = await m.run("add", "claude-acp", "--registry", "https://registry.invalid/registry.json");
    expect(r.code).toBe(1);
    expect(r.out).toContain("could not fetch https://registry.invalid/registry.json");
    expect(r.out).toContain("DNS");
    expect(r.out).toContain("--registry URL");
  });

  it("a server that never answers: the timeout, in seconds", async () => {
    const port = await silentServer();
    const url = `http://127.0.0.1:${port}/registry.json`;
    await expect(download(url, 1024, 500)).rejects.toThrow(`could not fetch ${url}: 127.0.0.1:${port} did not answer within 500 ms`);
  });
});
