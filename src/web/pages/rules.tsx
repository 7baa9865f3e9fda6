/** Placeholder while this page is being built in this session (replaced before it lands). */
export function Page() {
  return <p>Loading...</p>;
}
