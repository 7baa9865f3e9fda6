/**
 * Where the presentation layer (src/web/game/presentation, another engineer's) plugs into the
 * screen: one object, so the screen reads as a list of slots.
 */
import { ClashDisplay, EndOfGame, EventLog, GameChatButton, GameHeader, MythosInfoPanel, useEventAnimations, useGameSounds, usePresentedState, WinnerBanner } from './presentation/index.js';

export const Presentation = { GameHeader, EventLog, useEventAnimations, usePresentedState, ClashDisplay, useGameSounds, EndOfGame, WinnerBanner, GameChatButton, MythosInfoPanel };
