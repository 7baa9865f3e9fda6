/**
 * The game definitions as a caller may see them. Developer-only modules (noupgrade) are listed
 * to everyone, so a lobby that uses one can say so, but their cards and rules only to developers:
 * dev-only content stays with developers. Each view is built once.
 */
import { noModuleContent, type GameDefinitions, type ModuleDef } from '../../engine/index.js';

const withoutContent = (m: ModuleDef): ModuleDef => ({ ...m, ...noModuleContent() });

export function definitionsViews(definitions: GameDefinitions): (isDev: boolean) => GameDefinitions {
  const open: GameDefinitions = { ...definitions, modules: definitions.modules.map((m) => (m.state === 'devOnly' ? withoutContent(m) : m)) };
  return (isDev) => (isDev ? definitions : open);
}
