export function ConfigPage() {
  return <h2>ConfigPage</h2>;
}
