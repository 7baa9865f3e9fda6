import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../src/engine/index.js';
import { lobbyModules, lobbyOptions, seatBotType } from '../../src/server/services/lobby-rows.js';

describe("a lobby's stored columns", () => {
  it('read back what was stored, with the defaults for options an older row lacks', () => {
    expect(lobbyOptions(JSON.stringify({ ...DEFAULT_OPTIONS, hideFavor: true }))).toEqual({ ...DEFAULT_OPTIONS, hideFavor: true });
    expect(lobbyOptions('{"warTokens":true}')).toEqual({ ...DEFAULT_OPTIONS, warTokens: true });
    expect(lobbyModules('["conquest","legacy"]')).toEqual(['conquest', 'legacy']);
    expect(seatBotType('basic_bot2')).toBe('basic_bot2');
    expect(seatBotType(null)).toBeNull();
  });

  it('refuse, by name, what the engine would misread', () => {
    expect(() => lobbyOptions('{"hideFavor":"yes"}')).toThrow("A stored lobby's options is not valid");
    expect(() => lobbyOptions('not json')).toThrow("A stored lobby's options is not JSON: not json");
    expect(() => lobbyModules('["chess"]')).toThrow("A stored lobby's modules is not valid");
    expect(() => seatBotType('deep_blue')).toThrow("A stored lobby's bot type is not valid");
  });
});
