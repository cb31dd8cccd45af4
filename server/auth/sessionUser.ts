// The logged-in user as every layer sees it (resolved from a token or the session cookie).
export interface SessionUser {
  uid: number;
  username: string;
  name: string;
  email: string;
  emailVerify: number;
  groupid: number;
  isAdmin: boolean;
}
