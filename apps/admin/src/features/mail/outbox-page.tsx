export function OutboxPage() {
  return <h2>OutboxPage</h2>;
}
