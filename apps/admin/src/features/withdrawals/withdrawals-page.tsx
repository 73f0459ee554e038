export function WithdrawalsPage() {
  return null;
}
