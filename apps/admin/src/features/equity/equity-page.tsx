export function EquityPage() {
  return <h2>EquityPage</h2>;
}
