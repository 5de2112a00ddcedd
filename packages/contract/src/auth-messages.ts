// Sign-in messages the server answers and the portal shows. No zod here: the portal's shell (entry
// chunk) imports these, and a module that builds zod schemas would bring zod into the first load.
export const AUTH_MESSAGES = {
  userUnauthenticated: 'User needs to be authenticated to call this API.',
  wrongCredentials: 'Incorrect username or password.',
  noTokens: 'There was an error creating user session. Please try logging in again.',
  userSetupFailed: 'An error occurred while fetching user information.',
} as const;
