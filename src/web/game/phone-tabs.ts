/**
 * The game screen's way to a phone's tabs (table-tabs.tsx): loaded only where the screen is a
 * phone's, since a desktop's never shows them. A phone's game screen waits for them as it waits
 * for the game (their request starts as the screen opens, beside the game's own), so its first
 * screen is drawn whole, the tabs in place; a desktop window narrowed to a phone's width later
 * loads them then. A load that fails (the connection dropped, or the site was updated since the
 * page opened) leaves the screen without its tabs, the table shown alone, rather than without the
 * game.
 */
import { useEffect, useState } from 'react';
import type * as TableTabsModule from './table-tabs.js';

type TableTabs = typeof TableTabsModule.TableTabs;

/** The component once its chunk is here (the same for every screen of the page). */
let loaded: TableTabs | null = null;
const load = () =>
  import('./table-tabs.js').then((m) => {
    loaded = m.TableTabs;
    return m.TableTabs;
  });

/** `tabs`: the tabs' component, once here; `settled`: here, or its load failed (nothing to wait for). */
export function usePhoneTabs(wanted: boolean): { tabs: TableTabs | null; settled: boolean } {
  const [found, setFound] = useState<{ tabs: TableTabs | null; settled: boolean }>(() => ({ tabs: loaded, settled: loaded !== null }));
  useEffect(() => {
    if (!wanted || found.tabs !== null) return;
    let live = true;
    load().then(
      (tabs) => live && setFound({ tabs, settled: true }),
      () => live && setFound({ tabs: null, settled: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, found.tabs]);
  return found;
}
