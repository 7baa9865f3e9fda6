/**
 * The game screen's presentation layer: what the core (board, action panel, live state) imports.
 * Every component takes `{ state: GameScreenState }` (src/web/game/model.ts) and finds the
 * board's elements by their data attributes; nothing here changes the game. The end-of-game view
 * (end-of-game.tsx) is imported on its own, lazily, so that a game's first screen does not load it.
 */
export { GameHeader } from './game-header.js';
export { EventLog } from './event-log.js';
export { useEventAnimations, usePresentedState, usePresentationPlaying, presentationPlaying, type EventAnimationOptions } from './use-event-animations.js';
export { AnimationLayer } from './animation-layer.js';
export { useTickingNumber } from './use-ticking-number.js';
export { ClashDisplay, type ClashDisplayProps } from './clash-display.js';
export type { ClashLike } from './clash-shows.js';
export { Die } from './dice.js';
export { useGameSounds, SoundToggle } from './use-game-sounds.js';
export { WinnerBanner } from './winner-banner.js';
export { Announcer } from './announcer.js';
export { GameChatButton } from './game-chat-button.js';
export { MythosInfoPanel } from './mythos-info-panel.js';
export { formatDuration, textOn } from './format.js';
export { useDisableAnimations } from './prefs.js';
