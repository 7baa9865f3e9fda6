/** A list in a sentence: 'Bob', 'Bob and Cat', 'Bob, Cat and Dan' ('' for none). */
export const listInWords = (parts: readonly string[]): string => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);
