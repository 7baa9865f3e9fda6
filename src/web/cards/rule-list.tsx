/** What a card does, a sentence a line: under the hover preview (card-preview.tsx, as wide as the card) or in the reader (card-reader.tsx). */
export function RuleList({ rules, className, width, maxWidth }: { rules: readonly string[]; className?: string; width?: number; maxWidth?: number }) {
  if (rules.length === 0) return null;
  return (
    <ul className={className} style={{ width, maxWidth }}>
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
