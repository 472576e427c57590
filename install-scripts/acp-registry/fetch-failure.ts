/**
 * Node's fetch fails with a bare "fetch failed" TypeError; why is in `error.cause` (undici's
 * connect error, with a system `code` such as ENOTFOUND or a TLS one such as CERT_HAS_EXPIRED), or
 * the error is the AbortSignal's TimeoutError. This names the URL, the cause and what to do.
 * (Node: https://nodejs.org/api/errors.html#common-system-errors and the TLS codes of
 * https://nodejs.org/api/tls.html#x509-certificate-error-codes.)
 */

const DNS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"]);
const REFUSED = new Set(["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "ENETDOWN", "EPIPE"]);
const TIMEOUT = new Set(["ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
const TLS = /CERT|SSL|TLS|SELF_SIGNED|ISSUER|HOSTNAME_MISMATCH|ALTNAME/;

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
}

/** The sentence for a fetch of `url` that failed before any answer, from what Node threw. */
export function explainFetchFailure(url: string, error: unknown, timeoutMs: number): string {
  const e = (error ?? {}) as ErrorLike;
  const cause = (typeof e.cause === "object" && e.cause !== null ? e.cause : {}) as ErrorLike;
  // undici sometimes wraps once more (an AggregateError of one per address tried).
  const inner = (cause as { errors?: ErrorLike[] }).errors?.[0] ?? {};
  const code = cause.code ?? inner.code ?? e.code;
  const host = hostOf(url);
  if (e.name === "TimeoutError" || e.name === "AbortError" || (code && TIMEOUT.has(code))) {
    return `could not fetch ${url}: ${host} did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} (${code ?? "timeout"}). Check your connection (a firewall or proxy may hold it), then try again.`;
  }
  if (code && DNS.has(code)) {
    return `could not fetch ${url}: the name ${host} could not be looked up (DNS: ${code}). Are you offline? Check your connection, then try again.`;
  }
  if (code && REFUSED.has(code)) {
    return `could not fetch ${url}: the connection to ${host} failed (${code}). Check your connection, or that a firewall lets it through, then try again.`;
  }
  if (code && TLS.test(code)) {
    return (
      `could not fetch ${url}: the TLS connection to ${host} failed (${code}). ` +
      "Behind a proxy that inspects TLS, point NODE_EXTRA_CA_CERTS at its certificate authority's file, then try again."
    );
  }
  const why = cause.message ?? inner.message ?? e.message ?? String(error);
  return `could not fetch ${url}: ${why}${code && !why.includes(code) ? ` (${code})` : ""}. Check your connection, then try again.`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
