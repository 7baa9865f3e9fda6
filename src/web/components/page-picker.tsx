/**
 * The pages of a long list (game history, your games, the leaderboard): Mantine's Pagination in
 * the site's gold, each button named for a screen reader ("Page 3", "Next page"), and the page
 * shown never past the last one (a list can shrink while a page of it is open).
 */
import { Pagination } from '@mantine/core';

const CONTROL_NAMES = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' } as const;

export function PagePicker({ pages, page, onChange, label }: { pages: number; page: number; onChange: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      color="gold"
      aria-label={label}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
    />
  );
}
