export function JobsPage() {
  return <h2>JobsPage</h2>;
}
