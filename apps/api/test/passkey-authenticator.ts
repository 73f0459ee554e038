import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the tests: a P-256 key made here, and WebAuthn responses built by hand
 * (attestation `none`, assertions signed over authenticatorData ‖ SHA-256(clientDataJSON)), as an
 * authenticator that verifies its user would make them (W3C WebAuthn Level 3, §6.1 and §6.5).
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter the next assertion carries (bumped before each). */
  counter = 0;

  constructor(
    readonly origin = 'http://localhost:5173',
    readonly rpId = 'localhost',
  ) {}

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  /** The response to `navigator.credentials.create()` with the server's options. */
  create(options: { challenge: string }) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, isoCBOR.encode(cose)]);
    // Flags: user present, user verified, attested credential data.
    const authData = Buffer.concat([this.authData(0x01 | 0x04 | 0x40, 0), attested]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The response to `navigator.credentials.get()`: the counter is bumped first, as an authenticator does. */
  get(options: { challenge: string }) {
    this.counter += 1;
    const authData = this.authData(0x01 | 0x04, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const hash = createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest();
    const signature = sign('sha256', Buffer.concat([authData, hash]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
    };
  }

  private authData(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    const json = JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
    return Buffer.from(json).toString('base64url');
  }
}
