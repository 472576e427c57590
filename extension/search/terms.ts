/// <reference types="flexsearch" />
/**
 * The words the index keys on: text folded as snippet.ts folds it (case and accents), split into words,
 * English function words left out (they are in nearly every message; a list of every session for each
 * would be written at every turn and read by no useful query). Pure.
 */
import english from "flexsearch/lang/en";
import { fold } from "./snippet";

const STOP: ReadonlySet<string> = english.filter as Set<string>;

/** A longer "word" is a hash, a blob or a path piece nobody types: not worth a key. */
const MAX_TERM_CHARS = 48;

/** The distinct words of `text` an index keeps, in order of first occurrence. */
export function indexTerms(text: string): string[] {
  const out = new Set<string>();
  for (const w of fold(text).match(/[\p{L}\p{N}_]+/gu) ?? []) {
    if (w.length <= MAX_TERM_CHARS && !STOP.has(w)) out.add(w);
  }
  return [...out];
}
