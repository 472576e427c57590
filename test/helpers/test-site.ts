/** A local web server for the pages the browser-integration tests read (test/fixtures/pages, and generated ones). */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ROOT } from "./e2e-environment";

const PAGES = path.join(ROOT, "test/fixtures/pages");

export interface TestSite {
  url(page: string): string;
  close(): Promise<void>;
}

/** `generated`: pages made by the test (e.g. a very large one), by name, served beside the fixture files. */
export async function startTestSite(generated: Record<string, string> = {}): Promise<TestSite> {
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(PAGES, name);
    const body = Object.hasOwn(generated, name) ? generated[name] : name && fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    if (body === undefined) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (page) => `http://127.0.0.1:${port}/${page}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
