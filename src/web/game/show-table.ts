/**
 * Shows a phone's Table tab, where the cards are picked: given by a phone's tabs (table-tabs.tsx)
 * to what they hold, the chat's dialog beside them among it. Null where the screen has no tabs (a
 * desktop's, whose table is always in sight). A module of its own, so that what reads it does not
 * bring the tabs' code into a desktop's first load.
 */
import { createContext } from 'react';

export const ShowTable = createContext<(() => void) | null>(null);
