import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api';
import { loadWebauthn } from '@/lib/passkeys';

type Enrol = typeof CONSOLE_CALLS.passkeyEnrol;

/**
 * The options of the ceremony, which the server passes through as they are (a JSON object), in the
 * shape the browser's library names.
 */
type EnrolOptions = CallAnswer<typeof CONSOLE_CALLS.passkeyOptions> & PublicKeyCredentialCreationOptionsJSON;

/** Asks the server for a challenge, lets the browser make a passkey, and has the server keep it. */
export async function enrolPasskey(name: CallBody<Enrol>['name']): Promise<CallAnswer<Enrol>> {
  const optionsJSON = await api.post<EnrolOptions>(ADMIN_API.passkeyOptions);
  const credential = await (await loadWebauthn()).startRegistration({ optionsJSON });
  // The library's credential type has no index signature for its extension results, so that the
  // body cannot be checked against CallBody here; the server's schema checks it.
  return api.post<CallAnswer<Enrol>>(ADMIN_API.passkeys, { name, credential });
}
