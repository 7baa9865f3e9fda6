/**
 * A test page for the presentation layer alone (tests/web/presentation-browser.test.ts): a plain
 * board carrying the contract's data attributes, around the real header, log, clash display,
 * animation overlay, sounds and end view. The test injects a series of game states
 * (`window.__PRESENTATION_FIXTURE__`) and steps through them with `window.__harness.show(i)`.
 * Not part of the site's build (nothing imports it); the test builds it on its own.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router-dom';
import '@mantine/core/styles.css';
import '../../../styles/global.css';
import { AFFINITY_COLORS } from '../../../lib/palette.js';
import { theme } from '../../../theme.js';
import type { GameScreenState } from '../../model.js';
import { AnimationLayer, ClashDisplay, EventLog, GameHeader, MythosInfoPanel, useEventAnimations, useGameSounds, usePresentedState, useTickingNumber, WinnerBanner } from '../index.js';
import { EndOfGame } from '../end-of-game.js';

declare global {
  interface Window {
    __PRESENTATION_FIXTURE__: { states: GameScreenState[] };
    __harness: { show(index: number): void; awaiting: boolean };
  }
}

function CardBox({ state, cardID }: { state: GameScreenState; cardID: number }) {
  const card = state.cardsByID[cardID];
  const colors = AFFINITY_COLORS[card?.affinity ?? 'None'];
  return (
    <div data-card-id={cardID} className="h-card" style={{ background: colors.light, color: colors.ink, borderColor: colors.frame }}>
      <b>{card?.name}</b>
      <span>
        {card?.cost}G · {card?.favor}V
      </span>
    </div>
  );
}

function Counter({ label, value, counter }: { label: string; value: number; counter: string }) {
  const shown = useTickingNumber(value);
  return (
    <span data-counter={counter}>
      {label} {shown}
    </span>
  );
}

function Board({ state, presented }: { state: GameScreenState; presented: GameScreenState }) {
  const { game } = state;
  return (
    <div className="h-board">
      <section className="h-players">
        {presented.game.players.map((p) => (
          <div key={p.userID} data-player-id={p.userID} className="h-summary" style={{ borderColor: p.color }}>
            <b>{state.usersByID[p.userID]?.name}</b>
            <Counter label="Favor" value={p.counters.favor} counter="favor" />
            <Counter label="Gold" value={p.counters.gold} counter="gold" />
            <Counter label="Military" value={p.counters.military} counter="military" />
            <Counter label="Clash" value={p.counters.warTokens} counter="war" />
          </div>
        ))}
      </section>
      <section data-zone="deck" className="h-deck">
        Deck ({game.deck.length})
      </section>
      <section data-zone="trade-row" className="h-row" aria-label="Trade row">
        {game.tableIDs.map((id, i) => (id === null ? <div key={`empty-${i}`} className="h-card h-empty" /> : <CardBox key={id} state={state} cardID={id} />))}
      </section>
      <section data-zone="tribute-row" className="h-row" aria-label="Tribute row">
        {game.tributeRow.map((id) => (
          <div key={id} data-tribute-id={id} className="h-card h-tribute">
            {state.tributeCardsByID[id]?.name}
          </div>
        ))}
      </section>
      <section data-zone="basic-pile" className="h-row" aria-label="Basic pile">
        {game.basicPile.map((id) => (
          <CardBox key={id} state={state} cardID={id} />
        ))}
      </section>
      {game.players.map((p) => (
        <section key={p.userID} data-zone="board" data-player-id={p.userID} className="h-row" aria-label={`Board of ${state.usersByID[p.userID]?.name}`}>
          {p.cardIDs.map((id, i) => (
            // A basic card can be held twice: the index tells the copies apart.
            <CardBox key={`${i}-${id}`} state={state} cardID={id} />
          ))}
        </section>
      ))}
    </div>
  );
}

function Harness() {
  const { states } = window.__PRESENTATION_FIXTURE__;
  const [index, setIndex] = useState(0);
  const state = states[index]!;
  const { awaiting } = useEventAnimations(state);
  const presented = usePresentedState(state);
  // As the game screen: the header and the sounds follow the presented state.
  useGameSounds(presented);
  window.__harness = { show: setIndex, awaiting };
  return (
    <main className="h-main" data-awaiting={awaiting ? 'true' : 'false'} data-state-index={index}>
      <GameHeader state={presented} />
      <WinnerBanner state={state} />
      <EndOfGame state={state} />
      <ClashDisplay state={state} />
      <AnimationLayer state={state} />
      <div className="h-columns">
        <Board state={state} presented={presented} />
        <aside className="h-side">
          <MythosInfoPanel />
          <EventLog state={presented} />
        </aside>
      </div>
    </main>
  );
}

const style = document.createElement('style');
style.textContent = `
.h-main { padding: 8px; display: flex; flex-direction: column; gap: 8px; color: var(--mythos-parchment-pale); font-family: system-ui, sans-serif; }
.h-columns { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 12px; }
@media (max-width: 767px) { .h-columns { grid-template-columns: minmax(0, 1fr); } }
.h-board { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.h-players { display: flex; flex-wrap: wrap; gap: 6px; }
.h-summary { border: 2px solid; border-radius: 8px; padding: 4px 8px; display: flex; flex-direction: column; font-size: 12px; min-width: 110px; }
.h-row { display: flex; flex-wrap: wrap; gap: 6px; min-height: 40px; }
.h-deck { width: 64px; height: 88px; border-radius: 8px; background: var(--mantine-color-night-7); display: grid; place-items: center; font-size: 11px; }
.h-card { width: 72px; height: 100px; border: 3px solid; border-radius: 8px; padding: 4px; font-size: 10px; display: flex; flex-direction: column; justify-content: space-between; }
.h-empty { border-style: dashed; border-color: var(--mythos-empty-slot); }
.h-tribute { background: var(--mythos-dusk); color: var(--mythos-parchment-pale); border-color: var(--mythos-gold); }
`;
document.head.appendChild(style);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <BrowserRouter>
        <Harness />
      </BrowserRouter>
    </MantineProvider>
  </StrictMode>,
);
