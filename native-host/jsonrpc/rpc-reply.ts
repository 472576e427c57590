/**
 * JSON-RPC replies the host makes itself (a refused request, an agent that is gone). The id is echoed
 * as the exact text the request carried, never parsed and re-printed: 12345678901234567890123 must not
 * come back as 1.2345678901234568e+22.
 */
import { frameBytes } from "../wire/frames";

/** JSON-RPC's "internal error": the host could not get an answer from the agent. */
export const INTERNAL_ERROR = -32603;
/** JSON-RPC's "method not found". */
export const METHOD_NOT_FOUND = -32601;
/** JSON-RPC's "invalid params". */
export const INVALID_PARAMS = -32602;
/** JSON-RPC's "invalid request". */
export const INVALID_REQUEST = -32600;

/** A frame holding `{"jsonrpc":"2.0","id":<idText>,"error":{code,message}}`; idText must be valid JSON. */
export function rpcErrorFrame(idText: string, code: number, message: string): Buffer {
  return frameBytes(Buffer.from(`{"jsonrpc":"2.0","id":${idText},"error":${JSON.stringify({ code, message })}}`, "utf8"));
}
