/**
 * Hides the passwords of connection URLs (DATABASE_URL, REDIS_URL, SMTP_URL) in any text meant
 * for a log or a terminal: `postgres://shop:s3cret@db/vastra` → `postgres://shop:***@db/vastra`.
 * It works on a whole message too, so a driver's error that quotes the URL is safe to print. The
 * user name and host stay: they are what an operator needs to see which setting is wrong.
 */
export function redactUrl(text: string): string {
  return (
    text
      // scheme://user:password@ — the user info runs to the last '@' of the word, so a password
      // holding an unencoded '@', ':', '/', '?' or '#' (a URL that then fails to parse, and so is
      // the one that gets logged) is hidden whole. `http://host:3000/a@b` cannot be told from a
      // password '3000/a', so it is hidden too: a log line made ugly beats a password printed.
      .replace(
        /\b([a-z][a-z0-9+.-]*:\/\/)([^\s"']*)@/gi,
        (whole, scheme: string, userInfo: string) => {
          const colon = userInfo.indexOf(':');
          if (colon === -1) return whole;
          const user = userInfo.slice(0, colon);
          if (/[/?#]/.test(user)) return whole;
          return `${scheme}${user}:***@`;
        },
      )
      // libpq and pg also read the password from the query: ?password=… or &password=…
      .replace(/([?&](?:password|pass|pwd)=)[^&#\s"']*/gi, '$1***')
  );
}
