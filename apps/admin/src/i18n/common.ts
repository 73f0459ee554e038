/** The i18n key of an operator role's name (`common:roleOwner`). */
export function roleKey(role: string): string {
  return `common:role${role.charAt(0).toUpperCase()}${role.slice(1)}`;
}
