/**
 * The card gallery, /all-cards (public): Leaders, Basic Cards (one pile per age, each starting with
 * its card back), Age 1 to 3, Tributes, and a section per extra module the visitor may see. A link
 * bar jumps to each section; the page scrolls to the URL's hash once the cards are in. Printing
 * lays the cards out at playing-card size with the print copy counts. The query
 * parameters are described in cards/catalogue.ts.
 */
import { Fragment, Suspense, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Link } from '../components/link.js';
import { hashTarget } from '../lib/hash-target.js';
import { trpc } from '../lib/trpc.js';
import { useSession } from '../lib/session.js';
import { CardBack } from '../cards/card-back.js';
import { CardFace } from '../cards/card-face.js';
import { CardPreview } from '../cards/card-preview.js';
import { cardRules, tributeRules } from '../cards/describe.js';
import { TributeFace } from '../cards/tribute-face.js';
import { countOf, matchingSections } from '../cards/card-search.js';
import { takeFrameSearch } from '../cards/frame-search.js';
import { GALLERY_LOADING, GALLERY_SEARCH_LABEL, GALLERY_SEARCH_MAX_LENGTH, GALLERY_SEARCH_PLACEHOLDER, GALLERY_TITLE } from '../cards/gallery-words.js';
import { buildCatalogue, parseCatalogueQuery, printCopies, sectionHasContent, type Card, type Section, type TributeCard } from '../cards/catalogue.js';
import type { CardPlayRow } from '../cards/card-play.js';
import playClasses from '../cards/card-play.module.css';
import classes from './all-cards.module.css';

// How cards play: a chunk of its own, loaded only once the switch is on.
const CardPlayStats = retryingLazy(() => import('../cards/card-play.js').then((m) => ({ default: m.CardPlayStats })));
const CardPlayTable = retryingLazy(() => import('../cards/card-play.js').then((m) => ({ default: m.CardPlayTable })));

/** The switch's state, in the URL: `play=people|all` (off without it), `view=table` for the table. */
type PlayScope = 'people' | 'all';
interface PlayState {
  scope: PlayScope | null;
  table: boolean;
  rows: ReadonlyMap<number, CardPlayRow> | null;
}

/** What printing the page gives of a section, said as such: "Prints 5 copies" alone puzzled a player reading it on screen. */
const COPIES_NOTE: Record<string, string> = {
  leader: 'Printing this page gives 5 copies of each leader.',
  basic: 'Printing this page gives 6 copies of each basic card.',
};

function useCardWidth(): number {
  // Three cards across a 375 px phone; the full-size face elsewhere.
  if (typeof window === 'undefined' || window.innerWidth >= 768) return 140;
  return Math.max(90, Math.min(140, Math.floor((window.innerWidth - 30) / 3)));
}

/** True while the page is printed (or shown as print): only then are the extra copies drawn. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia('print').matches);
  useEffect(() => {
    const media = window.matchMedia('print');
    const update = () => setPrinting(media.matches);
    const before = () => setPrinting(true);
    media.addEventListener('change', update);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', update);
    return () => {
      media.removeEventListener('change', update);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', update);
    };
  }, []);
  return printing;
}

function GalleryCard({ card, width, printing, play }: { card: Card; width: number; printing: boolean; play: PlayState }) {
  const copies = printing ? printCopies(card) : 1;
  if (play.scope !== null) {
    return (
      <div className={playClasses.cell} data-card-id={card.id} data-play-cell>
        <CardPreview width={width} name={card.name} rules={() => cardRules(card)} render={(w) => <CardFace card={card} width={w} />}>
          <CardFace card={card} width={width} />
        </CardPreview>
        {play.rows ? (
          <Suspense fallback={null}>
            <CardPlayStats card={card} row={play.rows.get(card.id)} width={width} />
          </Suspense>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <CardPreview width={width} name={card.name} rules={() => cardRules(card)} render={(w) => <CardFace card={card} width={w} />}>
        <CardFace card={card} width={width} />
      </CardPreview>
      {Array.from({ length: copies - 1 }, (_, i) => (
        <span className={classes.printCopy} key={i} aria-hidden="true">
          <CardFace card={card} width={width} />
        </span>
      ))}
    </>
  );
}

/** A row of radio buttons under a legend: each option its value and its label. */
function RadioChoice<T extends string>({ legend, name, options, value, onChange }: { legend: string; name: string; options: readonly (readonly [T, string])[]; value: T; onChange: (value: T) => void }) {
  return (
    <fieldset className={playClasses.choice}>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function GalleryTribute({ tribute, width }: { tribute: TributeCard; width: number }) {
  return (
    <CardPreview width={width} name={tribute.name} rules={() => tributeRules(tribute)} render={(w) => <TributeFace tribute={tribute} width={w} />}>
      <TributeFace tribute={tribute} width={width} />
    </CardPreview>
  );
}

function GallerySection({ section, width, printing, play }: { section: Section; width: number; printing: boolean; play: PlayState }) {
  const count = section.piles.reduce((n, p) => n + p.cards.length, 0) + section.tributes.length;
  return (
    <section id={section.id} className={classes.section} data-gallery-section aria-labelledby={`${section.id}-title`}>
      <header className={classes.heading}>
        <h2 id={`${section.id}-title`}>{section.title}</h2>
        <span className={classes.count}>
          {count} {count === 1 ? 'card' : 'cards'}
        </span>
        {COPIES_NOTE[section.id] ? <span className={classes.note}>{COPIES_NOTE[section.id]}</span> : null}
      </header>
      {section.description ? <p className={classes.description}>{section.description}</p> : null}
      {section.removes && section.removes.length > 0 ? <p className={classes.description}>Removes: {section.removes.join(', ')}.</p> : null}
      {section.piles.map((pile, i) => (
        <div className={classes.pile} key={i} data-pile={pile.back ?? 'none'}>
          {pile.back ? <h3 className={classes.pileTitle}>Age {pile.back} basic pile</h3> : section.id === 'basic' ? <h3 className={classes.pileTitle}>Every age</h3> : null}
          <div className={classes.grid} data-gallery-grid>
            {pile.back ? (
              <span className={classes.pileBack}>
                <CardBack age={pile.back} width={width} />
              </span>
            ) : null}
            {pile.cards.map((card) => (
              <GalleryCard key={card.id} card={card} width={width} printing={printing} play={play} />
            ))}
          </div>
        </div>
      ))}
      {section.tributes.length > 0 ? (
        <div className={classes.grid} data-gallery-grid>
          {section.tributes.map((t) => (
            <GalleryTribute key={t.id} tribute={t} width={width} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export function Page() {
  const definitions = trpc.definitions.get.useQuery(undefined, { staleTime: Infinity });
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const width = useCardWidth();
  const printing = usePrinting();
  // Keyed by the parameters it reads, not the URL's whole query: the search's `q` changes with
  // every key typed, and rebuilding the catalogue each time slowed the typing on a phone.
  const queryKey = ['module', 'include', 'includeTributes', 'excludeTributes'].map((key) => params.getAll(key).join('\u0000')).join('\u0001');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => parseCatalogueQuery(params), [queryKey]);
  // Developers see devOnly modules: wait for the session only when a module section depends on it.
  const ready = definitions.data && !session.isLoading;
  const built = useMemo(() => (ready && definitions.data ? buildCatalogue(definitions.data, session.user?.isDev ?? false, query) : null), [ready, definitions.data, session.user, query]);
  // Every card face at once is thousands of elements: drawn from a deferred value, React builds
  // them in a background render that yields to the browser every few milliseconds instead of in
  // one long task (Lighthouse counted 200 ms of blocking). The heading and the search box come
  // first, before the definitions do: a visitor can start typing while the cards are drawn (they
  // were held back with the cards, and the page stood at "Loading..." for 0.6 s more on
  // Lighthouse's phone); "Loading..." stands where the cards go until they are there.
  const catalogue = useDeferredValue(built);

  // The search box: its text is the page's own state, written to the URL (`q`) as it changes, so
  // a link or a reload keeps it; the cards are narrowed from a deferred value so typing stays
  // quick while the grid is drawn again. (Read back from the URL, a key typed before the router
  // had applied the one before was lost, and the caret jumped to the end after each key.)
  const urlSearch = params.get('q') ?? '';
  const [search, setSearchText] = useState(urlSearch);
  // Read as the page first draws, not in an effect: the hint comes with the cards, and a line
  // added a moment after them would move every card down.
  const [touch] = useState(() => window.matchMedia?.('(hover: none)').matches === true);
  // What the box wrote to the URL that the router has not yet applied, oldest first, and the URL's
  // text as last seen: a text the URL comes to that the box did not write (a link to the gallery
  // with another search, or none) is one the box takes.
  const [unapplied, setUnapplied] = useState<readonly string[]>([]);
  const [seen, setSeen] = useState(urlSearch);
  if (urlSearch !== seen) {
    setSeen(urlSearch);
    const ours = unapplied.indexOf(urlSearch);
    if (ours >= 0) setUnapplied(unapplied.slice(ours + 1));
    else if (urlSearch !== search) setSearchText(urlSearch);
  }
  const deferredSearch = useDeferredValue(search);
  // The URL's query each change starts from: the last one this page wrote until the router has
  // applied it, else the address bar's. Started from the render's `params`, a search cleared and
  // the switch turned on at once (before the page drew again) wrote the old search back with the
  // switch, and the box took it back from the URL.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [params]);
  const writeParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(written.current ?? window.location.search);
    change(next);
    written.current = next;
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const setSearch = (text: string) => {
    setSearchText(text);
    setUnapplied((texts) => [...texts.slice(-20), text]);
    writeParams((next) => (text === '' ? next.delete('q') : next.set('q', text)));
  };
  // The page's HTML drew a search box before the scripts ran (page-frames.ts): what was typed
  // there, and the caret if it was there, carry over to this one before the screen is painted.
  // The URL learns the text a moment later: the router listens to it only from its own layout
  // effect, which runs after its pages' first ones.
  const searchBox = useRef<HTMLInputElement>(null);
  const typedInFrame = useRef('');
  useLayoutEffect(() => {
    const typed = takeFrameSearch();
    const box = searchBox.current;
    if (!typed || !box) return;
    if (typed.text !== '') {
      box.value = typedInFrame.current = typed.text;
      setSearchText(typed.text);
    }
    if (!typed.focused) return;
    box.focus();
    if (typed.selection) box.setSelectionRange(typed.selection.start, typed.selection.end);
  }, []);
  useEffect(() => {
    if (typedInFrame.current !== '') setSearch(typedInFrame.current);
    // Once, after the first render: the search's later changes are the box's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const playParam = params.get('play');
  const scope: PlayScope | null = playParam === 'people' || playParam === 'all' ? playParam : null;
  const table = scope !== null && params.get('view') === 'table';
  // Fetched only while the switch is on: the page's first load is unchanged.
  const cardPlay = trpc.definitions.cardPlay.useQuery({ scope: scope ?? 'people' }, { enabled: scope !== null, staleTime: 10_000 });
  const rows = useMemo(() => (cardPlay.data ? new Map(cardPlay.data.cards.map((r) => [r.cardID, r])) : null), [cardPlay.data]);
  const play: PlayState = useMemo(() => ({ scope, table, rows: scope !== null ? rows : null }), [scope, table, rows]);
  const setPlay = (change: { scope?: PlayScope | null; table?: boolean }) =>
    writeParams((next) => {
      const nextScope = change.scope === undefined ? scope : change.scope;
      if (nextScope === null) next.delete('play');
      else next.set('play', nextScope);
      if (nextScope !== null && (change.table ?? table)) next.set('view', 'table');
      else next.delete('view');
    });

  useEffect(() => {
    document.title = 'Cards · Mythos';
    document.body.classList.add('mc-print-catalogue');
    return () => document.body.classList.remove('mc-print-catalogue');
  }, []);

  // Scroll to the hash once the sections exist (the browser tried before they were drawn).
  useEffect(() => {
    if (!catalogue || 'error' in catalogue || !hash) return;
    hashTarget(hash)?.scrollIntoView({ block: 'start' });
  }, [catalogue, hash]);

  if (definitions.error) return <p role="alert">{definitions.error.message}</p>;
  if (built && 'error' in built) {
    return (
      <div className={classes.gallery}>
        <h1 className={classes.title}>{GALLERY_TITLE}</h1>
        <p role="alert" className={classes.error}>
          {built.error}
        </p>
        {/* An old or mistyped link is no dead end: the gallery without the query is a click away. */}
        <Link to="/all-cards" className={classes.back}>
          See all the cards
        </Link>
      </div>
    );
  }
  // What depends on the cards (the section links, the count of matches, the cards) comes with
  // them, in place of "Loading...": nothing above it moves when they arrive.
  const everything = catalogue && !('error' in catalogue) ? catalogue.sections.filter(sectionHasContent) : null;
  const shown = everything === null ? [] : matchingSections(everything, deferredSearch);
  return (
    <div className={classes.gallery}>
      <h1 className={classes.title}>{GALLERY_TITLE}</h1>
      <input
        ref={searchBox}
        type="search"
        className={classes.search}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={GALLERY_SEARCH_PLACEHOLDER}
        aria-label={GALLERY_SEARCH_LABEL}
        maxLength={GALLERY_SEARCH_MAX_LENGTH}
      />
      {everything === null ? (
        <p className={classes.loading}>{GALLERY_LOADING}</p>
      ) : (
        <>
          <nav className={classes.linkbar} aria-label="Card sections">
            {shown.map((s) => (
              <a key={s.id} href={`#${s.id}`} aria-current={hash === `#${s.id}` ? 'location' : undefined}>
                {s.title}
              </a>
            ))}
            <button type="button" className={classes.printButton} onClick={() => window.print()}>
              Print
            </button>
          </nav>
          {/* A touch screen has no hover to show a card large, and a tap does nothing here: say how. */}
          {touch ? <p className={classes.touchHint}>Touch and hold a card to read it large.</p> : null}
          {search.trim() !== '' ? (
            <p className={classes.matches} aria-live="polite" data-testid="card-matches">
              {countOf(shown) === 1 ? '1 card matches' : `${countOf(shown)} cards match`} “{search.trim()}” of {countOf(everything)}.{' '}
              <button type="button" className={classes.clearSearch} onClick={() => setSearch('')}>
                Show every card
              </button>
            </p>
          ) : null}
          <div className={playClasses.controls}>
            <label className={playClasses.switch}>
              <input type="checkbox" role="switch" checked={scope !== null} onChange={(e) => setPlay({ scope: e.currentTarget.checked ? 'people' : null })} />
              How cards play here
            </label>
            {scope !== null ? (
              <>
                <RadioChoice
                  legend="Games counted"
                  name="mc-play-scope"
                  options={[
                    ['people', 'People only'],
                    ['all', 'Everyone'],
                  ]}
                  value={scope}
                  onChange={(value) => setPlay({ scope: value })}
                />
                <RadioChoice
                  legend="View"
                  name="mc-play-view"
                  options={[
                    ['Cards', 'Cards'],
                    ['Table', 'Table'],
                  ]}
                  value={table ? 'Table' : 'Cards'}
                  onChange={(value) => setPlay({ table: value === 'Table' })}
                />
              </>
            ) : null}
          </div>
          {scope !== null ? (
            <p className={playClasses.note} aria-live="polite">
              {cardPlay.error
                ? cardPlay.error.message
                : !cardPlay.data
                  ? 'Loading how cards play...'
                  : `From this server's finished games ${scope === 'people' ? 'with at least one person' : 'of everyone, bots included'}. Picked when offered: of the games a card was dealt onto the trade row, the share in which someone gained it. Gainers' win rate and favor per gain: per gain. 95% intervals, n the sample; a figure needs ${cardPlay.data.minGames} games, else "not enough games".`}
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p>No card matches.</p>
          ) : table ? (
            rows ? (
              <Suspense fallback={<p>Loading...</p>}>
                <CardPlayTable cards={[...new Map(shown.flatMap((section) => section.piles.flatMap((pile) => pile.cards)).map((c) => [c.id, c])).values()]} rows={rows} />
              </Suspense>
            ) : null
          ) : (
            shown.map((section) => (
              <Fragment key={section.id}>
                <GallerySection section={section} width={width} printing={printing} play={play} />
              </Fragment>
            ))
          )}
        </>
      )}
    </div>
  );
}
