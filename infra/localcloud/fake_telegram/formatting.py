"""Telegram's text formatting: parse_mode (HTML, MarkdownV2, Markdown) into plain text + entities.

The real server parses the markup itself and answers with the plain text and its entities,
or refuses the message with 400 "Bad Request: can't parse entities: ...". The fake does the
same, with the same error texts (byte offsets into the UTF-8 text, as Telegram counts), so a
bot that forgets to escape a contract's name fails here the way it would in production.
Entity offsets and lengths are in UTF-16 code units, as the Bot API counts them.

Simplifications, kept small on purpose: custom emoji and date entities are accepted but not
emitted, links are not checked, and the automatic entities Telegram adds to a bot's text
(URLs, mentions, hashtags) are not detected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from infra.localcloud.fake_telegram.html_mode import parse_html
from infra.localcloud.fake_telegram.markdown_mode import parse_markdown, parse_markdown_v2

if TYPE_CHECKING:
    from infra.localcloud.fake_telegram.entities import Entity


def parse_formatted(text: str, parse_mode: str | None) -> tuple[str, list[Entity]]:
    """Plain text and entities of `text` under `parse_mode` (None: the text as it is).

    Raises EntityParseError, worded as Telegram words it, when the markup is refused.
    """
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return parse_markdown(text)
    if mode:
        raise ValueError(f"unsupported parse_mode {parse_mode!r}")
    return text, []
