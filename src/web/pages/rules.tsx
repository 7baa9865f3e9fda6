/**
 * The rules, /rules (public): every section of docs/rules.md (one text, written for players), with
 * its stable anchors, a contents list, the card and tribute anatomy drawn with the real card
 * components, the icon legend, and the war probability table computed by the engine's clash function.
 * Static apart from that arithmetic, so it loads fast on a phone; the text is fetched beside the
 * page's chunk (rules/rules-text.ts).
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { hashTarget } from '../lib/hash-target.js';
import { Markdown, splitSections, type RulesSection } from '../rules/markdown.js';
import { rulesText } from '../rules/rules-text.js';
import { ProbabilityTable } from '../rules/probability-table.js';
import { CardAnatomy, IconLegend, TributeAnatomy } from '../rules/anatomy.js';
import classes from '../rules/rules.module.css';

/** Sections for the people who build the game rather than play it. */
const NOT_FOR_PLAYERS = new Set(['decisions']);

let shown: RulesSection[] | undefined;

/** The sections players read, split once: the text has arrived with this page (routes.tsx). */
function shownSections(): RulesSection[] {
  shown ??= splitSections(rulesText()).sections.filter((s) => !NOT_FOR_PLAYERS.has(s.id));
  return shown;
}

function anatomyWidth(): number {
  return typeof window !== 'undefined' && window.innerWidth < 768 ? 170 : 210;
}

/** What a section shows besides its text. */
function extras(id: string): { before?: ReactNode; after?: ReactNode; table?: ReactNode } {
  switch (id) {
    case 'card_anatomy':
      return {
        after: (
          <>
            <CardAnatomy width={anatomyWidth()} />
            <h3>Reading the icons</h3>
            <p>Abilities are drawn as icons, listed below. To read a card&apos;s abilities in words, in the game or the card gallery, rest the pointer on an ability row, or on a touch screen touch and hold the card.</p>
            <IconLegend />
          </>
        ),
      };
    case 'tribute_anatomy':
      return { after: <TributeAnatomy width={anatomyWidth()} /> };
    case 'war-probability':
      return { table: <ProbabilityTable /> };
    default:
      return {};
  }
}

export function Page() {
  const { hash } = useLocation();
  const sections = shownSections();
  useEffect(() => {
    document.title = 'Game Rules · Mythos';
  }, []);
  // The sections arrive with this lazily loaded page, after the browser looked for the hash.
  useEffect(() => {
    if (hash) hashTarget(hash)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className={classes.page}>
      <nav className={classes.toc} aria-label="Rules contents">
        <details open={typeof window === 'undefined' || window.innerWidth >= 768}>
          <summary>Contents</summary>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} aria-current={hash === `#${s.id}` ? 'location' : undefined}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </details>
      </nav>
      <article className={classes.body}>
        <h1>Game Rules</h1>
        <p className={classes.lead}>
          Draft cards from a shared trade row by secretly bidding military, settle clashes with dice, complete tributes, and win the most favor over three ages.
          Here is everything you need to play.
        </p>
        {sections.map((section) => {
          const extra = extras(section.id);
          return (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={classes.section}>
              <h2 id={`${section.id}-title`}>
                <a href={`#${section.id}`} className={classes.selfLink}>
                  {section.title}
                </a>
              </h2>
              {extra.before}
              <Markdown lines={section.lines} replaceTable={extra.table} />
              {extra.after}
            </section>
          );
        })}
      </article>
    </div>
  );
}
