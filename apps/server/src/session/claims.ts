// What a signed-in session's id token says about its caller. Identity issues these tokens and
// access checks them; this neutral module lets both speak of them without importing each other.

export interface IdentityClaims {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  companyId: string;
  tenantIdentifier: string;
  groups: string[];
  /** The refresh family (one sign-in); sign-out revokes it and with it these tokens. */
  sid: string;
}

export interface VerifiedIdToken extends IdentityClaims {
  expiresAt: number;
}

/** Where the token was presented: a cloud user pool's token without a company is the host's company's. */
export interface IdTokenContext {
  host?: string;
}

/** Checks an id token's signature, audience and expiry (identity/tokens.ts and identity/cognito implement it). */
export interface IdTokenVerifier {
  verifyIdToken(token: string, context?: IdTokenContext): Promise<VerifiedIdToken | null>;
}
