/** A finished game's result as a badge, the same in the profile's recent games and in "Your games". */
import { Badge } from '@mantine/core';
import { resultWords, type GameResult } from './game-result.js';

/** Gold and filled for a win; a place shows in gold outline, a loss in grey: the words say which, not the colour alone. */
export function ResultBadge({ result }: { result: GameResult }) {
  const words = resultWords(result);
  if (result.kind === 'won') {
    return (
      <Badge variant="filled" color="gold.6" c="night.9" data-result="won">
        {words}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" color={result.kind === 'placed' ? 'gold.4' : 'night.1'} data-result={result.kind}>
      {words}
    </Badge>
  );
}
