export function ProductsPage() {
  return <h2>ProductsPage</h2>;
}
