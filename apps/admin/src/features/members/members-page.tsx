export function MembersPage() {
  return null;
}
