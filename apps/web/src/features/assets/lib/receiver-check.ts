/** Member IDs are positive whole numbers (the server's userIdSchema). */
const MEMBER_ID = /^[1-9]\d{0,15}$/;

export type ReceiverProblem = 'required' | 'invalid' | 'self';

/** Checks the gift receiver's ID as typed; `ownId` is the member's own ID when known. */
export function checkReceiverId(text: string, ownId: string | undefined): ReceiverProblem | null {
  const id = text.trim();
  if (!id) return 'required';
  if (!MEMBER_ID.test(id)) return 'invalid';
  if (ownId && id === ownId) return 'self';
  return null;
}
