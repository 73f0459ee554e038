export function BannersPage() {
  return <h2>BannersPage</h2>;
}
