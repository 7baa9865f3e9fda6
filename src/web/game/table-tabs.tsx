/**
 * A phone's Table/Boards/Log tabs, which the game screen and the replay share: a module of its own,
 * so that a desktop's game screen, which never shows them, does not load them (with Mantine's Tabs,
 * 2.2 KB gzip of /game's first load); a phone's loads them as it opens (phone-tabs.ts).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Group, Tabs } from '@mantine/core';
import { ShowTable } from './show-table.js';

/** A tab past Table, Boards and Log (the replay's odds). */
export interface ExtraTab {
  value: string;
  label: string;
  panel: ReactNode;
}

/** The tab shown, held by the screen (both given), or by the tabs themselves (neither). */
type Shown = { tab: string | null; onTab: (tab: string | null) => void } | { tab?: never; onTab?: never };

/**
 * A phone's tabs: the table, the boards, the log, and any `extra`. `beside` sits at the right of
 * the tab list (the game's chat button, on the first screen). What they hold can show the Table
 * tab (`ShowTable`): the chat's dialog, with a move due, takes its player back to the cards.
 * The tab shown is their own, or the screen's when it passes `tab` and `onTab` (the game's action
 * panel says where the basic piles are from the tab shown).
 */
export function TableTabs({ table, boards, log, extra = [], beside, ...shown }: { table: ReactNode; boards: ReactNode; log: ReactNode; extra?: ExtraTab[]; beside?: ReactNode } & Shown) {
  const [own, setOwn] = useState<string | null>('table');
  const [tab, setTab] = shown.onTab ? [shown.tab, shown.onTab] : [own, setOwn];
  const showTable = useCallback(() => setTab('table'), [setTab]);
  const list = (
    <Tabs.List grow flex={beside ? 1 : undefined}>
      <Tabs.Tab value="table">Table</Tabs.Tab>
      <Tabs.Tab value="boards">Boards</Tabs.Tab>
      <Tabs.Tab value="log">Log</Tabs.Tab>
      {extra.map((t) => (
        <Tabs.Tab key={t.value} value={t.value}>
          {t.label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
  return (
    <ShowTable.Provider value={showTable}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        {beside ? (
          <Group gap={6} wrap="nowrap" align="center">
            {list}
            {beside}
          </Group>
        ) : (
          list
        )}
        <Tabs.Panel value="table" pt={4} px={6}>
          {table}
        </Tabs.Panel>
        <Tabs.Panel value="boards" pt={4} px={6}>
          {boards}
        </Tabs.Panel>
        <Tabs.Panel value="log" pt={4} px={6}>
          {log}
        </Tabs.Panel>
        {extra.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt={4} px={6}>
            {t.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </ShowTable.Provider>
  );
}
