/**
 * The small slice of Markdown that docs/rules.md uses, turned into React: `##` sections with their
 * `<a id>` anchors, `###` headings, paragraphs, nested bullet and numbered lists, tables, and inline
 * **bold**, `code` and [links](#anchor). The rules stay one text, written once for players, and the
 * page needs no Markdown library.
 */
import { Fragment, type ReactNode } from 'react';
import classes from './rules.module.css';

export interface RulesSection {
  id: string;
  title: string;
  /** The section's lines after its heading and anchor. */
  lines: string[];
}

const ANCHOR = /^<a id="([^"]+)"><\/a>$/;

/** Splits the document at its `##` headings; each section takes the id of its `<a id>` line. */
export function splitSections(markdown: string): { intro: string[]; sections: RulesSection[] } {
  const intro: string[] = [];
  const sections: RulesSection[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    if (line.startsWith('# ')) continue;
    if (line.startsWith('## ')) {
      const title = line.slice(3).trim();
      sections.push({ id: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title, lines: [] });
      continue;
    }
    const current = sections.at(-1);
    const anchor = ANCHOR.exec(line.trim());
    if (anchor && current && current.lines.every((l) => l.trim() === '')) {
      current.id = anchor[1]!;
      continue;
    }
    (current ? current.lines : intro).push(line);
  }
  return { intro, sections };
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)]+\))/g;

/** Bold, code and links inside a line of text. */
export function inline(text: string): ReactNode {
  const parts = text.split(INLINE);
  return parts.map((part, i) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={i}>{inline(part.slice(2, -2))}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={i}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
    if (link) return <a key={i} href={link[2]}>{inline(link[1]!)}</a>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

interface ListItem {
  text: string;
  children: ListNode | null;
}
interface ListNode {
  ordered: boolean;
  items: ListItem[];
}

const ITEM = /^(\s*)(-|\d+\.)\s+(.*)$/;

function parseList(lines: string[], start: number, indent: number): [ListNode, number] {
  const first = ITEM.exec(lines[start]!)!;
  const node: ListNode = { ordered: first[2] !== '-', items: [] };
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]!);
    if (!m) {
      // A continuation line of the previous item.
      const line = lines[i]!;
      if (line.trim() === '' || node.items.length === 0) break;
      node.items.at(-1)!.text += ` ${line.trim()}`;
      i++;
      continue;
    }
    const depth = m[1]!.length;
    if (depth < indent) break;
    if (depth > indent) {
      const [child, next] = parseList(lines, i, depth);
      node.items.at(-1)!.children = child;
      i = next;
      continue;
    }
    node.items.push({ text: m[3]!, children: null });
    i++;
  }
  return [node, i];
}

function List({ node }: { node: ListNode }) {
  const items = node.items.map((item, i) => (
    <li key={i}>
      {inline(item.text)}
      {item.children ? <List node={item.children} /> : null}
    </li>
  ));
  return node.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

function Table({ rows }: { rows: string[] }) {
  const [head, , ...body] = rows;
  // Wide tables scroll sideways on a phone: the region takes keyboard focus so it can be scrolled.
  return (
    <div className={classes.tableWrap} role="region" tabIndex={0} aria-label={`Table: ${cells(head!).join(', ').replace(/[`*]/g, '')}`}>
      <table>
        <thead>
          <tr>
            {cells(head!).map((c, i) => (
              <th key={i} scope="col">
                {inline(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            <tr key={r}>
              {cells(row).map((c, i) => (
                <td key={i}>{inline(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Block-level Markdown: paragraphs, `###` headings, lists and tables. */
export function Markdown({ lines, replaceTable }: { lines: string[]; replaceTable?: ReactNode }) {
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || ANCHOR.test(line.trim())) {
      i++;
    } else if (line.startsWith('### ')) {
      blocks.push(<h3 key={i}>{inline(line.slice(4))}</h3>);
      i++;
    } else if (line.trim().startsWith('|')) {
      const start = i;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) i++;
      blocks.push(replaceTable !== undefined ? <Fragment key={start}>{replaceTable}</Fragment> : <Table key={start} rows={lines.slice(start, i)} />);
    } else if (ITEM.test(line)) {
      const [node, next] = parseList(lines, i, ITEM.exec(line)![1]!.length);
      blocks.push(<List key={i} node={node} />);
      i = next;
    } else {
      const start = i;
      const text: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !ITEM.test(lines[i]!) && !lines[i]!.trim().startsWith('|') && !lines[i]!.startsWith('#')) {
        text.push(lines[i]!.trim());
        i++;
      }
      blocks.push(<p key={start}>{inline(text.join(' '))}</p>);
    }
  }
  return <>{blocks}</>;
}
