/** Groups sessions into time buckets (newest first) and filters them by a search query. Pure. */
import type { SessionInfo } from "../../acp/schema";

export interface HistoryGroup {
  label: string;
  items: SessionInfo[];
}

const DAY = 24 * 60 * 60 * 1000;

export function groupHistory(items: readonly SessionInfo[], now: Date, query = ""): HistoryGroup[] {
  const q = query.trim().toLowerCase();
  const matching = q ? items.filter((s) => `${s.title ?? ""} ${s.cwd}`.toLowerCase().includes(q)) : [...items];
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const buckets: Array<[string, (t: number) => boolean]> = [
    ["Today", (t) => t >= startOfToday],
    ["Yesterday", (t) => t >= startOfToday - DAY],
    ["Previous 7 days", (t) => t >= startOfToday - 7 * DAY],
    ["Previous 30 days", (t) => t >= startOfToday - 30 * DAY],
    ["Older", () => true],
  ];
  const time = (s: SessionInfo) => (s.updatedAt ? Date.parse(s.updatedAt) : Number.NaN);
  matching.sort((a, b) => (time(b) || 0) - (time(a) || 0));
  const groups = new Map<string, SessionInfo[]>();
  for (const s of matching) {
    const t = time(s);
    const label = Number.isNaN(t) ? "Undated" : buckets.find(([, fits]) => fits(t))![0];
    groups.set(label, [...(groups.get(label) ?? []), s]);
  }
  const order = [...buckets.map(([l]) => l), "Undated"];
  return order.filter((l) => groups.has(l)).map((label) => ({ label, items: groups.get(label)! }));
}

export function sessionTitle(s: Pick<SessionInfo, "title" | "sessionId">): string {
  return s.title?.trim() || "Untitled session";
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date: enough to tell two sessions apart. */
export function relativeTime(iso: string | null | undefined, now: Date): string | null {
  const t = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(t)) return null;
  const minutes = Math.floor((now.getTime() - t) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return new Date(t).toLocaleDateString("en", { day: "numeric", month: "short", year: days > 300 ? "numeric" : undefined });
}

/**
 * A folder as the user would say it: `~/…` under a home folder (Linux /home/<user>, macOS
 * /Users/<user>, /root, Windows C:\Users\<user>). The panel does not know whose home it is, so any
 * user's home is shortened alike; other paths stay whole.
 */
export function homeRelative(path: string): string {
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|[A-Za-z]:\\Users\\[^\\]+)(?=$|[/\\])/.exec(path);
  return m ? `~${path.slice(m[0].length)}` : path;
}
