"""The web page's files, served by the HTTP API itself: same origin as the API, one deployment.

The files live in `static/` beside this module, inside `chalicelib/` because that is what
`chalice package` ships with the function (and `infra/package.py` with the core layer).
Only the names in `ASSETS` are served: a request names a file of that list or gets a 404,
so no path (`..`, `%2F`, a Python module) can reach anything else.

Caching: every answer carries a strong ETag and `Cache-Control: no-cache`, so a browser
keeps each file and revalidates it (a 304 costs no body). Without a build step the names
carry no content hash, so a long max-age would mix old and new files after a deploy.

The page is strict about what it runs: its Content-Security-Policy allows scripts from
itself and telegram.org only (the Mini App and Login Widget scripts), no inline script or
style, and frames only from Telegram's login; Telegram's web clients may frame the page
(a Mini App opens in an iframe there).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from chalicelib.errors import RequestError

STATIC_DIR = Path(__file__).with_name("static")
PAGE = "index.html"
# The page's files, and only these, are served under /web/{name}.
ASSETS = frozenset(
    {
        "app.js", "api.js", "dom.js", "i18n.js", "telegram.js", "upload.js",
        "report.js", "history.js", "keys.js", "reviews.js", "style.css", "icon.svg",
        "versions.js",
    }
)  # fmt: skip
CONFIG = "config.json"  # made per request from the settings, not a file
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
_BASE_PLACEHOLDER = "{{BASE_HREF}}"
_SAFE_BASE = re.compile(r"^/[A-Za-z0-9._~/-]*$")


class WebFileNotFoundError(RequestError):
    """The page has no file of this name."""

    code = "NOT_FOUND"
    http_status = 404
    default_message = "There is no such file."


@dataclass(frozen=True)
class WebFile:
    """A file of the page as the API answers it."""

    name: str
    body: str
    content_type: str

    @property
    def etag(self) -> str:
        """A strong ETag of the body (quoted, as the header wants it)."""
        return '"' + hashlib.sha256(self.body.encode("utf-8")).hexdigest()[:32] + '"'

    def matches(self, if_none_match: str | None) -> bool:
        """Whether a request's If-None-Match names this very body (answer 304)."""
        if not if_none_match:
            return False
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return self.etag in tags or "*" in tags


@cache
def _read(name: str) -> str:
    return (STATIC_DIR / name).read_text(encoding="utf-8")


def web_asset(name: str) -> WebFile:
    """One of the page's files by name, or `WebFileNotFoundError` for any other name."""
    if name not in ASSETS:
        raise WebFileNotFoundError
    return WebFile(name, _read(name), CONTENT_TYPES[Path(name).suffix])


def web_page(request_path: str) -> WebFile:
    """The page, with `<base href>` set to the folder it was asked for.

    Behind API Gateway the page is at `/<stage>/` (`/api/`), locally at `/`; its files and
    the API's routes are relative to it, so the base must end with a slash even when the
    address typed did not (`/api`).
    """
    base = request_path if _SAFE_BASE.fullmatch(request_path or "") else "/"
    if not base.endswith("/"):
        base += "/"
    body = _read(PAGE).replace(_BASE_PLACEHOLDER, escape(base, quote=True))
    return WebFile(PAGE, body, CONTENT_TYPES[".html"])


def content_security_policy(*, local: bool) -> str:
    """The page's CSP; `local` also lets it upload to the local cloud's S3 on localhost."""
    uploads = "https:" + (" http://127.0.0.1:* http://localhost:*" if local else "")
    directives = {
        "default-src": "'none'",
        "script-src": "'self' https://telegram.org",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "connect-src": f"'self' {uploads}",
        "frame-src": "https://oauth.telegram.org",
        "form-action": "'self'",
        "base-uri": "'self'",
        "frame-ancestors": "'self' https://web.telegram.org",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def web_headers(file: WebFile, *, local: bool) -> dict[str, str | list[str]]:
    """The headers of a page file: its type, the cache rule, and the page's security headers."""
    headers: dict[str, str | list[str]] = {
        "Content-Type": file.content_type,
        "Cache-Control": "no-cache",
        "ETag": file.etag,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    if file.name == PAGE:
        headers["Content-Security-Policy"] = content_security_policy(local=local)
    return headers
