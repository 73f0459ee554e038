export function NoticesPage() {
  return <h2>NoticesPage</h2>;
}
