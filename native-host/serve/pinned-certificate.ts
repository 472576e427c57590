/**
 * A goose serve profile's `certificate`: the server's own certificate, trusted as itself. `goose serve
 * --tls` makes a self-signed one for 127.0.0.1 and localhost only (docs/goose-serve.md), which no CA
 * vouches for and whose names are not the server's address elsewhere. So the host trusts it as the
 * only authority for that connection, and a peer presenting exactly it (its SHA-256 fingerprint) needs
 * no matching name; a certificate it signed (a private CA's) is checked by name as usual. The browser
 * starts the host, so NODE_EXTRA_CA_CERTS is not something a user can set for it.
 */
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import { checkServerIdentity, type PeerCertificate } from "node:tls";

export interface PinnedTls {
  ca: string;
  checkServerIdentity(host: string, cert: PeerCertificate): Error | undefined;
}

export type PinResult = { ok: true; tls?: PinnedTls } | { ok: false; message: string };

/** The TLS options for a profile's certificate file; `tls` undefined when it names none. */
export function pinnedTls(file: string | undefined): PinResult {
  if (file === undefined) return { ok: true };
  let pem: string;
  let fingerprint: string;
  try {
    pem = fs.readFileSync(file, "utf8");
    fingerprint = new X509Certificate(pem).fingerprint256;
  } catch (e) {
    return { ok: false, message: `cannot read the certificate ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  return {
    ok: true,
    tls: {
      ca: pem,
      checkServerIdentity: (host, cert) => (cert.fingerprint256 === fingerprint ? undefined : checkServerIdentity(host, cert)),
    },
  };
}
