/**
 * Words a person wrote (a name, a lobby's name, a chat message), shown among the site's own words.
 *
 * Each is isolated for Unicode's bidirectional algorithm: a Hebrew or Arabic name took the
 * punctuation and words beside it into its own direction ("אבי: שלום" drew the message to the left
 * of the name, a bracket after a name moved to its other side, digits at a name's end crossed it).
 * One way everywhere: an HTML `<bdi>`, whose direction is its own text's and which the text around
 * it sees as one neutral character; no `unicode-bidi` of a stylesheet's own in one place and a
 * `<bdi>` in another. It adds no words: text, accessible names and what tests read are the same.
 */
import { Fragment } from 'react';

/** One person's words, isolated. */
export function UserText({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}

/** Several people's names as one phrase, as listInWords says a list ("Ann, Bob and Cy": a tie's winners), each isolated. */
export function UserNames({ names }: { names: readonly string[] }) {
  return names.map((name, i) => (
    <Fragment key={i}>
      {i === 0 ? '' : i === names.length - 1 ? ' and ' : ', '}
      <UserText>{name}</UserText>
    </Fragment>
  ));
}
