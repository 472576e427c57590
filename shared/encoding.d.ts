/**
 * The one platform API shared/ may use: the WHATWG Encoding Standard's TextDecoder, which both
 * browsers and Node provide as a global (https://encoding.spec.whatwg.org/#interface-textdecoder).
 * Declared here, minimally, because shared/ is checked with neither DOM nor Node types.
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
