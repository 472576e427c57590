/**
 * The user answered a question the turn was waiting on (a permission request, a browser consent, an
 * elicitation): what comes next is what they want to see, so the transcript follows the newest
 * content again, as after their own send, even if they had scrolled up to read (MessageList.tsx).
 */
import { signal } from "@preact/signals";

export const followRequests = signal(0);

export function followNewest(): void {
  followRequests.value++;
}
