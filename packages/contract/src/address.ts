/** Spec: an address is shown as its first 6 characters, an ellipsis, and its last 4. */
export function shortenAddress(address: string | null | undefined, head = 6, tail = 4): string {
  if (!address) return '';
  if (address.length <= head + tail) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}
