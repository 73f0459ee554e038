export function OperatorsPage() {
  return null;
}
