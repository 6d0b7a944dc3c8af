"""A report's Markdown as HTML the web page may insert: rendered without raw HTML, then sanitised.

Two independent layers, so a mistake in one is caught by the other:

1. markdown-it-py in CommonMark mode with `html` off: any HTML in the Markdown (a contract
   may quote `<script>`) comes out as text, and its link validator refuses `javascript:`,
   `vbscript:`, `file:` and `data:` URLs;
2. nh3 (ammonia) keeps only an allow-list of tags and attributes, links only to http(s) and
   mailto, and adds `rel="noopener noreferrer nofollow"` to every link. No `style` at all
   (table alignment is lost): the page's Content-Security-Policy refuses inline styles.

Images are not on the list: a report never needs one, and a remote image would tell a
stranger who reads the report and when.
"""

from __future__ import annotations

import nh3
from markdown_it import MarkdownIt

ALLOWED_TAGS = frozenset(
    {
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote",
        "ul", "ol", "li", "strong", "em", "del", "s", "code", "pre",
        "table", "thead", "tbody", "tr", "th", "td", "a",
    }
)  # fmt: skip
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "title"},
    "ol": {"start"},
}
ALLOWED_URL_SCHEMES = frozenset({"http", "https", "mailto"})
LINK_REL = "noopener noreferrer nofollow"

# CommonMark plus GFM tables (the report's facts and counts are tables); raw HTML off.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def render_report_html(markdown: str) -> str:
    """The report's Markdown as sanitised HTML: safe to insert into the web page as is."""
    return sanitize_html(_MARKDOWN.render(markdown))


def sanitize_html(html: str) -> str:
    """HTML reduced to the report's allow-list of tags, attributes and link schemes."""
    return nh3.clean(
        html,
        tags=set(ALLOWED_TAGS),
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=set(ALLOWED_URL_SCHEMES),
        link_rel=LINK_REL,
        strip_comments=True,
    )
