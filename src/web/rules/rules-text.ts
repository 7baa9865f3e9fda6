/**
 * The rules' text (docs/rules.md) is a file of the build fetched beside the rules page's chunk, not
 * a string inside it: prose is not code, so the page's JavaScript stays small, and a change to the
 * wording does not make returning visitors download the page's code again. The route starts the
 * fetch together with the chunk (routes.tsx), so the text costs no extra round trip.
 */
import rulesUrl from '../../../docs/rules.md?url';

let text: string | undefined;
let loading: Promise<void> | undefined;

/**
 * Fetches the text once. A failure rejects, so the route shows its error page as for a chunk that
 * failed to load (React keeps a lazy page's failure until the page is loaded again).
 */
export function loadRulesText(): Promise<void> {
  loading ??= fetch(rulesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The rules could not be loaded (HTTP ${response.status}).`);
      return response.text();
    })
    .then((loaded) => {
      text = loaded;
    })
    .catch((error: unknown) => {
      // Not kept: whatever asks again fetches again.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The text, once loadRulesText has resolved (the rules page renders only after it has). */
export function rulesText(): string {
  if (text === undefined) throw new Error('The rules text is read before it was loaded.');
  return text;
}
