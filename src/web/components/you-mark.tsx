/**
 * The viewer's own mark beside their name: " (you)", an element of its own (`data-you`), outside
 * the name's, drawn small, dimmed and in the text's normal weight. A name may hold "(you)" (a
 * stranger named "Bob (you)"), but it is drawn in the name's own look, inside the name's element,
 * never as this; so the mark cannot be made by any name. In plain text, where no element can go
 * (a select's option), the mark goes where no name reaches instead: "Seat 2 (you): Bob".
 */
import { Text } from '@mantine/core';

export function YouMark({ className }: { className?: string }) {
  return (
    <Text span size="xs" c="dimmed" fw={400} className={className} data-you>
      {' '}
      (you)
    </Text>
  );
}
