import { escapeHtml } from "@/lib/http/node";
import { PARTNER_NAME, type BrandLink } from "./options";
import type { PartnerUserProfile } from "./users";

/**
 * The partner's pages, in its own look: self-contained HTML with inline CSS and no external resources (oidc-provider's
 * default pages import Google Fonts; none of them is served here). Every interpolated value goes through escapeHtml.
 */

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1c2733}
header{background:#12355b;color:#fff;padding:.9rem 1.5rem}
header .logo{font-weight:700;letter-spacing:.02em;font-size:1.15rem}
header .logo span{color:#f2b544}
main{max-width:28rem;margin:2.5rem auto;background:#fff;border-radius:10px;padding:2rem;box-shadow:0 2px 10px rgba(18,53,91,.12)}
h1{font-size:1.45rem;margin:0 0 1rem;color:#12355b}
p{margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input{width:100%;padding:.6rem .7rem;border:1px solid #8a99a8;border-radius:6px;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid #f2b544;outline-offset:2px}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#12355b;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#12355b;border:2px solid #12355b}
.alert{background:#fdecea;border-left:4px solid #b3261e;color:#6d1a14;padding:.6rem .8rem;border-radius:4px}
.note{font-size:.9rem;color:#4a5867}
ul.brands{padding-left:1.2rem}
a{color:#0b5cad}
footer{text-align:center;font-size:.8rem;color:#4a5867;margin-bottom:2rem}
code{background:#eef2f6;padding:0 .25rem;border-radius:3px}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(PARTNER_NAME)}</title>
<style>${CSS}</style>
</head>
<body>
<header><span class="logo"><span aria-hidden="true">◆</span> ${escapeHtml(PARTNER_NAME)}</span></header>
<main>
${body}
</main>
<footer>${escapeHtml(PARTNER_NAME)} is a fictional partner: the reference identity provider of the hotel platform's demo.</footer>
</body>
</html>`;
}

/** The partner site's front page: who is signed in at the partner, and the brand sites to try silent sign-in on. */
export function homePage(opts: { user?: PartnerUserProfile; brandLinks: BrandLink[] }): string {
  const { user, brandLinks } = opts;
  const account = user
    ? `<p>Signed in as <strong>${escapeHtml(user.given_name)} ${escapeHtml(user.family_name)}</strong> (${escapeHtml(user.email)})</p>
<form method="post" action="/partner/signout"><button type="submit" class="secondary">Sign out</button></form>`
    : `<p>You are not signed in.</p>
<form method="post" action="/partner/signin"><button type="submit">Sign in</button></form>`;
  const brands = brandLinks.length
    ? `<h2>Our hotel partners</h2>
<p>Open a brand site: you will be signed in there without a login page${user ? "" : " once you are signed in here"}.</p>
<ul class="brands">${brandLinks.map((b) => `<li><a href="${escapeHtml(b.url)}">${escapeHtml(b.name)}</a></li>`).join("")}</ul>`
    : "";
  return layout("Your account", `<h1>Your ${escapeHtml(PARTNER_NAME)} account</h1>\n${account}\n${brands}`);
}

/** The login form of an interaction (spec §4.4 rule 2). */
export function loginPage(opts: {
  uid: string;
  clientName: string;
  email?: string;
  error?: string;
  /** Shown with the bundled demo users only. */
  demo?: { email: string; password: string };
}): string {
  const error = opts.error ? `<p class="alert" role="alert">${escapeHtml(opts.error)}</p>` : "";
  const demo = opts.demo
    ? `<p class="note">Demo account: <code>${escapeHtml(opts.demo.email)}</code>, password <code>${escapeHtml(opts.demo.password)}</code>.</p>`
    : "";
  return layout(
    "Sign in",
    `<h1>Sign in</h1>
<p>to continue to ${escapeHtml(opts.clientName)}</p>
${error}
<form method="post" action="/login/${encodeURIComponent(opts.uid)}" autocomplete="on">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? "")}"${opts.email ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${opts.email ? " autofocus" : ""}>
<button type="submit">Sign in</button>
</form>
${demo}`,
  );
}

/** An error the visitor cannot fix by retrying the same request: oidc-provider's renderError and our own. */
export function errorPage(opts: { title: string; message: string; code?: string }): string {
  const code = opts.code ? `<p class="note">Error code: <code>${escapeHtml(opts.code)}</code></p>` : "";
  return layout(
    opts.title,
    `<h1>${escapeHtml(opts.title)}</h1>
<p class="alert" role="alert">${escapeHtml(opts.message)}</p>
${code}
<p><a href="/">Go to your ${escapeHtml(PARTNER_NAME)} account</a></p>`,
  );
}
