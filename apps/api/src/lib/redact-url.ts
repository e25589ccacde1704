/**
 * Hides the passwords of connection URLs (DATABASE_URL, REDIS_URL, SMTP_URL) in any text meant
 * for a log or a terminal: `postgres://shop:s3cret@db/vastra` → `postgres://shop:***@db/vastra`.
 * It works on a whole message too, so a driver's error that quotes the URL is safe to print. The
 * user name and host stay: they are what an operator needs to see which setting is wrong.
 */
export function redactUrl(text: string): string {
  return (
    text
      // scheme://user:password@ — the user info ends at the last '@' before the host's path; a
      // password may hold an unencoded '@' or ':', so everything after the first ':' is hidden.
      .replace(
        /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)@/gi,
        (whole, scheme: string, userInfo: string) => {
          const colon = userInfo.indexOf(':');
          return colon === -1 ? whole : `${scheme}${userInfo.slice(0, colon)}:***@`;
        },
      )
      // libpq and pg also read the password from the query: ?password=… or &password=…
      .replace(/([?&](?:password|pass|pwd)=)[^&#\s"']*/gi, '$1***')
  );
}
