import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Short-lived access tokens (JWT, HS256) and opaque refresh tokens stored only as hashes. */
export function tokenService(secret: string, accessTtlSeconds: number) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessTtlSeconds * 1000, iss: 'portal' });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: 'portal' });
  return {
    access: (claims: AccessClaims) => sign(claims),
    verifyAccess: (token: string) => verify(token) as AccessClaims,
  };
}

export const opaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
