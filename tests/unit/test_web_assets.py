"""The web page's files: the allow-list matches the folder, the page's base, the policy."""

from __future__ import annotations

import re

import pytest

from chalicelib.web.assets import (
    ASSETS,
    PAGE,
    STATIC_DIR,
    WebFileNotFoundError,
    content_security_policy,
    web_asset,
    web_headers,
    web_page,
)

_IMPORT = re.compile(r"""^import .* from "\./([\w.-]+)";$""", re.MULTILINE)
_PAGE_REFERENCE = re.compile(r"""(?:src|href)="web/([\w.-]+)\"""")


def test_web_every_file_in_the_folder_is_served_and_every_served_file_exists() -> None:
    on_disk = {path.name for path in STATIC_DIR.iterdir() if path.is_file()}

    assert on_disk == ASSETS | {PAGE}


def test_web_every_script_import_and_page_reference_is_on_the_allow_list() -> None:
    referenced = set(_PAGE_REFERENCE.findall((STATIC_DIR / PAGE).read_text(encoding="utf-8")))
    for name in ASSETS:
        if name.endswith(".js"):
            referenced |= set(_IMPORT.findall((STATIC_DIR / name).read_text(encoding="utf-8")))

    assert referenced
    assert referenced <= ASSETS


def test_web_no_script_writes_html_except_the_sanitised_report() -> None:
    writers = {
        name: len(re.findall(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", text))
        for name in ASSETS
        if name.endswith(".js")
        for text in [(STATIC_DIR / name).read_text(encoding="utf-8")]
    }

    assert {name: n for name, n in writers.items() if n} == {"report.js": 1}


@pytest.mark.parametrize(
    ("path", "base"),
    [
        ("/", "/"),
        ("/api/", "/api/"),
        ("/api", "/api/"),
        ("", "/"),
        ('/api"><script>alert(1)</script>', "/"),
        ("/api/<b>", "/"),
    ],
)
def test_web_the_page_base_is_the_folder_it_was_asked_for(path: str, base: str) -> None:
    html = web_page(path).body

    assert f'<base href="{base}">' in html
    assert "{{BASE_HREF}}" not in html


@pytest.mark.parametrize("name", ["index.html", "../app.py", "app.py", "", "APP.JS", "web/app.js"])
def test_web_names_off_the_list_are_not_found(name: str) -> None:
    with pytest.raises(WebFileNotFoundError):
        web_asset(name)


def test_web_the_etag_changes_with_the_body_and_matches_revalidation() -> None:
    page, other = web_page("/"), web_page("/api/")

    assert page.etag != other.etag
    assert page.matches(page.etag)
    assert page.matches(f'W/{page.etag}, "something-else"')
    assert not page.matches(other.etag)
    assert not page.matches(None)


def test_web_the_policy_allows_localhost_uploads_only_on_the_local_cloud() -> None:
    deployed = content_security_policy(local=False)
    local = content_security_policy(local=True)

    assert "connect-src 'self' https:;" in deployed
    assert "127.0.0.1" not in deployed
    assert "http://127.0.0.1:*" in local
    assert "default-src 'none'" in deployed
    assert "frame-ancestors 'self' https://web.telegram.org" in deployed


def test_web_only_the_page_carries_the_policy() -> None:
    assert "Content-Security-Policy" in web_headers(web_page("/"), local=False)
    assert "Content-Security-Policy" not in web_headers(web_asset("app.js"), local=False)


def _text_keys(block: str) -> set[str]:
    return set(re.findall(r'^ {4}"?([\w.]+)"?: "', block, re.MULTILINE))


def test_web_every_text_exists_in_english_and_russian() -> None:
    source = (STATIC_DIR / "i18n.js").read_text(encoding="utf-8")
    english, russian = source.split("\n  ru: {\n", 1)
    en, ru = _text_keys(english), _text_keys(russian.split("\n};\n", 1)[0])
    used = set(re.findall(r'data-i18n(?:-aria-label)?="([\w.]+)"', web_page("/").body))
    for name in ASSETS:
        if name.endswith(".js"):
            script = (STATIC_DIR / name).read_text(encoding="utf-8")
            used |= set(re.findall(r'\bt\("([\w.]+)"', script))

    assert len(en) > 50
    assert en == ru, f"missing in Russian: {en - ru}, missing in English: {ru - en}"
    assert used <= en, f"texts the page asks for but nobody wrote: {used - en}"
