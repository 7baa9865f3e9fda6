// A bot module whose Decide throws on its first decision.
export function decide() {
  throw new Error('out of ideas');
}
