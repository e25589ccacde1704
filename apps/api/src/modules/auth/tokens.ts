import { ACCOUNT } from '@vastra/shared/constants';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

const ISSUER = 'vastra';
const AUDIENCE = 'vastra-shop';
const SESSION_SECONDS = ACCOUNT.sessionDays * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  /** users.token_version when the token was issued; a password change makes older tokens invalid. */
  version: number;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  verify(token: string): Promise<SessionClaims | null>;
}

/** Session tokens: JWT, HS256, 7 days. */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, version }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + SESSION_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.ver)) return null;
        return { userId: payload.sub, version: payload.ver as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
