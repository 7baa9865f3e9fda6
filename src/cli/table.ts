/** Plain-text tables for the terminal: a header, a rule, and columns padded to their widest cell. */
export type Align = 'left' | 'right';

export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => ((align[c] ?? (c === 0 ? 'left' : 'right')) === 'left' ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n') + '\n';
}

/** A markdown table; numbers are right-aligned when `align` says so. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const rule = headers.map((_, c) => ((align[c] ?? (c === 0 ? 'left' : 'right')) === 'left' ? '---' : '---:'));
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), `|${rule.join('|')}|`, ...rows.map(line)].join('\n') + '\n';
}
