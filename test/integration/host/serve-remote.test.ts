/**
 * A goose serve on another machine, as the host meets one: over wss:// to an address of this machine
 * that is not loopback (its own network address), with a self-signed certificate for 127.0.0.1 and
 * localhost only, as `goose serve --tls` makes. Untrusted, the certificate is said to be the problem,
 * with the fix; pinned (the profile's `certificate`), the host connects although the names do not
 * match, and offers the browser tools to none of its sessions, saying why: they listen on this
 * machine's loopback only. Another certificate pinned is refused.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServe, startFakeServe } from "../../helpers/fake-goose-serve";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";

const TOKEN = "remote-serve-token-5e1d";
let host: HostUnderTest | undefined;
let fake: FakeServe | undefined;
afterEach(async () => {
  if (host) expect(host.hostLog + host.stderr + host.rawFrames.join("\n")).not.toContain(TOKEN);
  await stopChecked(host);
  await fake?.close();
  host = undefined;
  fake = undefined;
});

/** This machine's first IPv4 address that is not loopback: to the host, another machine's. */
function networkAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  if (!found) throw new Error("this machine has no IPv4 address besides loopback, which this test needs");
  return found.address;
}

/** A self-signed certificate for 127.0.0.1 and localhost, as goose serve --tls makes one. */
function selfSigned(): { key: string; cert: string; certFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=goose serve test",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8"), certFile };
}

async function remoteHost(pin: "none" | "its own" | "another"): Promise<HostUnderTest> {
  const tls = selfSigned();
  fake = await startFakeServe({ token: TOKEN, tls, host: networkAddress() });
  const certificate = pin === "its own" ? tls.certFile : pin === "another" ? selfSigned().certFile : undefined;
  host = new HostUnderTest({
    profiles: { devbox: { url: fake.url, token: TOKEN, ...(certificate ? { certificate } : {}) } },
    defaultProfile: "devbox",
  });
  return host;
}

describe("a goose serve on another machine", () => {
  it("says its self-signed certificate is not trusted, and how to trust it", async () => {
    const h = await remoteHost("none");
    await h.waitForHost("hello");
    h.start();
    const failed = await h.waitForStatus("failed");
    expect(failed.message).toMatch(
      new RegExp(`^the TLS certificate of ${fake!.url.replace(/[.[\]]/g, "\\$&")} is not trusted \\(\\w+\\)$`),
    );
    expect(failed.fix).toContain("set profiles.devbox.certificate");
    expect(fake!.connections).toBe(0);
  });

  it("refuses a server whose certificate is not the one pinned", async () => {
    const h = await remoteHost("another");
    await h.waitForHost("hello");
    h.start();
    const failed = await h.waitForStatus("failed");
    expect(failed.message).toBe(`the TLS certificate of ${fake!.url} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)`);
    expect(fake!.connections).toBe(0);
  });

  it("connects over wss:// to the certificate pinned, whatever names it has, and offers it no browser tools, saying why", async () => {
    const h = await remoteHost("its own");
    await h.startAgent();
    h.send({ host: { type: "browser_tools", enabled: true } });
    await h.initialize();
    const opened = await h.request("session/new", { cwd: "/workspace", mcpServers: [] });
    expect(opened.result).toEqual({ sessionId: "fake-1" });
    const offer = await h.waitForHost("browser_tools_offer");
    expect(offer).toEqual({
      type: "browser_tools_offer",
      sessionId: "fake-1",
      outcome: "unsupported",
      detail: `goose runs on another machine (${networkAddress()}), and the browser tools listen on this one's loopback address only, which it cannot reach`,
    });
    const sent = fake!.received.map((t) => JSON.parse(t) as { method?: string; params?: { mcpServers?: unknown } });
    expect(sent.find((m) => m.method === "session/new")?.params?.mcpServers).toEqual([]);
  });
});
