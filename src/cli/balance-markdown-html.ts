/**
 * Turns the balance report's markdown into HTML: headings, paragraphs, bullet lists, **bold** and
 * tables (right-aligned columns stay right-aligned). Only the subset the report writes is known;
 * each `##` section becomes a <section>, and `after(heading)` adds markup under its heading.
 */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

/** The cells of a markdown table row; `\|` is a literal pipe. */
const cells = (line: string) =>
  line
    .slice(2, -2)
    .split(/ (?<!\\)\| /)
    .map((c) => c.replaceAll('\\|', '|'));

function table(lines: readonly string[]): string {
  const right = lines[1]!.slice(1, -1).split('|').map((rule) => rule.endsWith(':'));
  const head = cells(lines[0]!).map((c) => `<th>${inline(c)}</th>`).join('');
  const body = lines.slice(2).map((l) => `<tr>${cells(l).map((c, i) => `<td${right[i] ? ' class="num"' : ''}>${inline(c)}</td>`).join('')}</tr>`);
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body.join('\n')}\n</tbody></table>`;
}

export function markdownHtml(markdown: string, after: (heading: string) => string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let open = false;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.startsWith('# ')) {
      out.push(`<h1>${inline(line.slice(2))}</h1>`);
      i++;
    } else if (line.startsWith('## ')) {
      if (open) out.push('</section>');
      const heading = line.slice(3);
      out.push('<section>', `<h2>${inline(heading)}</h2>`, after(heading));
      open = true;
      i++;
    } else if (line.startsWith('|')) {
      const start = i;
      while (i < lines.length && lines[i]!.startsWith('|')) i++;
      out.push(table(lines.slice(start, i)));
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && (lines[i]!.startsWith('- ') || lines[i]!.startsWith('  '))) {
        if (lines[i]!.startsWith('- ')) items.push(lines[i]!.slice(2));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
        i++;
      }
      out.push(`<ul>${items.map((t) => `<li>${inline(t)}</li>`).join('')}</ul>`);
    } else if (line.trim() === '') {
      i++;
    } else {
      const start = i;
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||- )/.test(lines[i]!)) i++;
      out.push(`<p>${inline(lines.slice(start, i).join(' '))}</p>`);
    }
  }
  if (open) out.push('</section>');
  return out.join('\n');
}
