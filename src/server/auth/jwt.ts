/** The websocket JWT (GET /auth/jwt): HS256, subject = user id, one day. */
import { TimeSpan } from 'oslo';
import { createJWT, validateJWT } from 'oslo/jwt';

export class JwtService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(userID: string): Promise<string> {
    return createJWT('HS256', this.key, {}, { subject: userID, expiresIn: new TimeSpan(1, 'd'), includeIssuedTimestamp: true });
  }

  /** The user id a token was issued to, or null if it is invalid or expired. */
  async verify(token: string): Promise<string | null> {
    try {
      const jwt = await validateJWT('HS256', this.key, token);
      return jwt.subject;
    } catch {
      return null;
    }
  }
}
