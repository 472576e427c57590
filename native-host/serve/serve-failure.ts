/**
 * Why a goose serve connection failed, in words with the fix, from what the HTTP check or the
 * WebSocket upgrade got (docs/goose-serve.md: 401 is the token, 403 the Origin). Pure. Nothing here
 * repeats the token.
 */

export type ServeFailureKind = "unreachable" | "unauthorized" | "refused" | "not_acp" | "tls" | "outdated" | "failed";

export interface ServeFailure {
  kind: ServeFailureKind;
  message: string;
  fix: string;
  /** For `outdated`: the server's goose and the oldest this works with. */
  version?: string;
  required?: string;
}

export interface FailureContext {
  /** The profile's name and the URL as configured (no token in it). */
  profile: string;
  url: string;
  configFile: string;
}

/** A failure that may heal by itself (the server starting, restarting): the host keeps trying. */
export function isTransient(kind: ServeFailureKind): boolean {
  return kind === "unreachable";
}

/** An HTTP status other than success, from `POST /acp` or the WebSocket upgrade. */
export function failureOfStatus(status: number, c: FailureContext): ServeFailure {
  if (status === 401) {
    return {
      kind: "unauthorized",
      message: `the goose serve at ${c.url} refused the token (401)`,
      fix: `Set profiles.${c.profile}.token in ${c.configFile} to the GOOSE_SERVER__SECRET_KEY that server was started with, then press Restart.`,
    };
  }
  if (status === 403) {
    return {
      kind: "refused",
      message: `the goose serve at ${c.url} refused the connection (403)`,
      fix: "goose serve refuses a WebSocket whose Origin it does not allow; something between the host and goose (a proxy) may be adding one. Connect to goose directly, then press Restart.",
    };
  }
  if (status === 404 || status === 405) {
    return {
      kind: "not_acp",
      message: `${c.url} answered ${status}: no ACP endpoint there`,
      fix: `goose serve answers at the path /acp; check profiles.${c.profile}.url in ${c.configFile}. A goose too old to have \`goose serve\` needs \`goose update\`.`,
    };
  }
  return {
    kind: "failed",
    message: `the goose serve at ${c.url} answered ${status}`,
    fix: "Its own log may say why (goose serve prints it); press Restart to try again.",
  };
}

/** A network error before any HTTP answer (a Node error code such as ECONNREFUSED or a TLS one). */
export function failureOfError(e: NodeJS.ErrnoException, c: FailureContext): ServeFailure {
  const code = e.code ?? e.message;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/i.test(code)) {
    return {
      kind: "tls",
      message: `the TLS certificate of ${c.url} is not trusted (${code})`,
      fix: `goose serve --tls makes a certificate of its own (~/.config/goose/tls/server.pem on its machine): copy it here and set profiles.${c.profile}.certificate in ${c.configFile} to its path, or reach the server through an SSH tunnel to a loopback port and use ws://.`,
    };
  }
  return {
    kind: "unreachable",
    message: `nothing answers at ${c.url} (${code})`,
    fix: `Start goose serve there (GOOSE_SERVER__SECRET_KEY=<token> goose serve), or fix profiles.${c.profile}.url in ${c.configFile}. The host tries again by itself.`,
  };
}
