export function FeedbackPage() {
  return <h2>FeedbackPage</h2>;
}
