// The HttpOnly cookie that carries the login token for the web client (ShowDoc's name for it).
export const TOKEN_COOKIE = 'cookie_token';
