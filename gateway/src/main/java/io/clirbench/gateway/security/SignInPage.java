package io.clirbench.gateway.security;

import io.clirbench.core.report.HtmlText;

/**
 * The sign-in page's HTML: the token is typed once (or passed in the URL fragment {@code #token=}, which never
 * reaches a server or a log: a link that signs a browser in) and sent by the page's script as a bearer token to
 * {@code POST /api/session}, which answers with the cookie; then the page goes on to {@code ?next=}, checked by
 * the server ({@link SignInTarget}) and written into the page; the script checks it again and never reads the query.
 */
final class SignInPage {

    private SignInPage() {
    }

    /** The page that goes on to {@code next}, a path already checked by {@link SignInTarget#localPath}. */
    static String html(String next) {
        return HTML.replace("NEXT_PATH", HtmlText.escape(next));
    }

    private static final String HTML = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>clirbench: sign in</title>
            <style>body{font-family:sans-serif;margin:2em}input{font-family:monospace}</style></head>
            <body><h1>Sign in</h1>
            <p>Paste the runner or the reader token (bench up writes them to <code>.bench/secrets.env</code>).
            The browser keeps it in an HttpOnly cookie for this site only.</p>
            <form id="sign-in" data-next="NEXT_PATH"><input id="token" type="password" size="48" autocomplete="current-password" autofocus>
            <button type="submit">Sign in</button></form><p id="message"></p>
            <script>
            (function () {
              // checked by the server (SignInTarget) and again here, the same rule: the query itself is never read
              var next = document.getElementById('sign-in').getAttribute('data-next') || '/';
              if (next.charAt(0) !== '/' || next.charAt(1) === '/' || /[\\u0000-\\u001f\\u007f\\\\]/.test(next)) { next = '/'; }
              var message = document.getElementById('message');
              function signIn(token) {
                fetch('/api/session', {method: 'POST', credentials: 'same-origin', headers: {'Authorization': 'Bearer ' + token}})
                  .then(function (r) {
                    if (r.ok) { location.replace(next); return; }
                    message.textContent = r.status === 401 ? 'Wrong token.' : 'Refused (HTTP ' + r.status + ').';
                  })
                  .catch(function (e) { message.textContent = 'The gateway did not answer: ' + e; });
              }
              document.getElementById('sign-in').addEventListener('submit', function (e) {
                e.preventDefault();
                signIn(document.getElementById('token').value.trim());
              });
              var fragment = /^#token=(.+)$/.exec(location.hash);
              if (fragment) {
                history.replaceState(null, '', location.pathname + location.search);
                signIn(decodeURIComponent(fragment[1]));
              }
            })();
            </script></body></html>
            """;
}
