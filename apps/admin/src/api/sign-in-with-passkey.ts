import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api';
import { loadWebauthn } from '@/lib/passkeys';

type SignIn = typeof CONSOLE_CALLS.passkeySignIn;
/** The ceremony's options, passed through by the server as they are, in the browser library's shape. */
type SignInOptions = CallAnswer<typeof CONSOLE_CALLS.passkeySignInOptions> & PublicKeyCredentialRequestOptionsJSON;

/** Signs in with any passkey of this console the browser holds (it names its operator). */
export async function signInWithPasskey(): Promise<CallAnswer<SignIn>> {
  const optionsJSON = await api.post<SignInOptions>(ADMIN_API.passkeySignInOptions);
  const credential = await (await loadWebauthn()).startAuthentication({ optionsJSON });
  return api.post<CallAnswer<SignIn>>(ADMIN_API.passkeySignIn, { credential });
}
