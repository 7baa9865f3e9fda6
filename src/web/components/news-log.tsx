/**
 * A page's news for a screen reader: one polite log region, out of sight, that says each piece of
 * news once. A log (additions only): each message is a line of its own and only the new line is
 * read; a few older lines stay for a reader going back. The game screen's "Game news" and the
 * lobby's "Lobby news" are both this region; what each says, and when, is theirs.
 */
import { useCallback, useRef, useState } from 'react';

/** How many lines the region keeps (only the newest is read; the others are left for a reader going back). */
const KEPT = 5;

export interface NewsLines {
  lines: readonly { id: number; text: string }[];
  /** Says `parts` as one new line (nothing when there are none). */
  say: (parts: readonly string[]) => void;
}

/** The lines said so far, and `say`, which adds one. */
export function useNewsLines(): NewsLines {
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const nextID = useRef(1);
  const say = useCallback((parts: readonly string[]) => {
    if (parts.length === 0) return;
    const text = parts.join(' ');
    const id = nextID.current++;
    setLines((now) => [...now, { id, text }].slice(-KEPT));
  }, []);
  return { lines, say };
}

/** The region itself, named `label` ("Game news"). */
export function NewsLog({ label, lines, testID }: { label: string; lines: NewsLines['lines']; testID?: string }) {
  return (
    <div role="log" aria-label={label} className="mythos-visually-hidden" data-testid={testID}>
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </div>
  );
}
