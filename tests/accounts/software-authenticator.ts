import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

/**
 * A WebAuthn authenticator in software (ES256 on P-256 with node:crypto, "none" attestation), so
 * tests drive the real verification with real signatures. It keeps a signature counter, which a
 * test may set to replay an old value.
 */
const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly rpId = "localhost",
    readonly origin = "http://localhost:3000",
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create() for `challenge` (base64url). */
  register(
    challenge: string,
    opts: { origin?: string; userVerified?: boolean } = {},
  ): RegistrationResponseJSON {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, "base64url")],
      [-3, Buffer.from(this.publicJwk.y, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const flags = UP | AT | (opts.userVerified === false ? 0 : UV);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", this.authData(flags, attested)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(this.clientData("webauthn.create", challenge, opts.origin ?? this.origin)),
        attestationObject: b64u(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to navigator.credentials.get() for `challenge`; the counter moves up by one first. */
  assert(
    challenge: string,
    userId: string,
    opts: { origin?: string; counter?: number; userVerified?: boolean } = {},
  ): AuthenticationResponseJSON {
    this.counter = opts.counter ?? this.counter + 1;
    const authenticatorData = this.authData(UP | (opts.userVerified === false ? 0 : UV));
    const clientDataJSON = this.clientData("webauthn.get", challenge, opts.origin ?? this.origin);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        userHandle: b64u(Buffer.from(userId)),
      },
    };
  }
}
