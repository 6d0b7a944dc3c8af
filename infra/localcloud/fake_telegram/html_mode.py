"""parse_mode=HTML as Telegram reads it: its tags, its entities and its error texts."""

from __future__ import annotations

from dataclasses import dataclass

from infra.localcloud.fake_telegram.entities import (
    Entity,
    EntityParseError,
    byte_offset,
    sort_entities,
    utf16_len,
)

_HTML_SIMPLE = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
}
# Tags the Bot API accepts (anything else is refused, `<p>` and `<br>` included).
_HTML_TAGS = frozenset(_HTML_SIMPLE) | {"a", "tg-emoji", "tg-time", "pre", "code", "blockquote"}
_HTML_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}


def _decode_html_entity(text: str, i: int) -> tuple[str, int] | None:
    """The character `&...;` at `i` stands for and where it ends; None: a literal '&'."""
    j = i + 1
    if text.startswith("&#", i):
        hexadecimal = text.startswith("&#x", i)
        j += 2 if hexadecimal else 1
        digits = "0123456789abcdefABCDEF" if hexadecimal else "0123456789"
        start = j
        while j < len(text) and text[j] in digits:
            j += 1
        code = int(text[start:j], 16 if hexadecimal else 10) if j > start else 0
        if code == 0 or code >= 0x10FFFF or j - i >= 10:
            return None
        char = chr(code)
    else:
        while j < len(text) and text[j].isascii() and text[j].isalpha():
            j += 1
        if text[i + 1 : j] not in _HTML_NAMED:
            return None
        char = _HTML_NAMED[text[i + 1 : j]]
    return char, j + 1 if text.startswith(";", j) else j


@dataclass
class _OpenTag:
    name: str
    argument: str
    offset: int  # UTF-16 offset in the output where the entity starts
    out_index: int  # index into the output pieces, for <a> without href


def parse_html(text: str) -> tuple[str, list[Entity]]:  # noqa: C901, PLR0912 - one scanner
    """Plain text and entities of HTML-formatted text; EntityParseError as Telegram words it."""
    out: list[str] = []
    entities: list[Entity] = []
    stack: list[_OpenTag] = []
    pos = 0
    n = len(text)
    while pos < n:
        char = text[pos]
        if char == "&" and (decoded := _decode_html_entity(text, pos)):
            out.append(decoded[0])
            pos = decoded[1]
            continue
        if char != "<":
            out.append(char)
            pos += 1
            continue
        begin = pos
        offset = utf16_len("".join(out))
        if text.startswith("/", pos + 1):
            if not stack:
                raise EntityParseError(
                    f"Unexpected end tag at byte offset {byte_offset(text, begin)}"
                )
            end = _find_tag_end(text, pos + 2)
            name = text[pos + 2 : end].lower()
            while end < n and text[end].isspace():
                end += 1
            if end >= n or text[end] != ">":
                raise EntityParseError(
                    f"Unclosed end tag at byte offset {byte_offset(text, begin)}"
                )
            top = stack.pop()
            if name and name != top.name:
                raise EntityParseError(
                    f"Unmatched end tag at byte offset {byte_offset(text, begin)}, "
                    f'expected "</{top.name}>", found "</{name}>"'
                )
            _close_html_tag(top, offset, "".join(out[top.out_index :]), entities)
            pos = end + 1
            continue
        end = _find_tag_end(text, pos + 1)
        if end >= n:
            raise EntityParseError(f"Unclosed start tag at byte offset {byte_offset(text, begin)}")
        name = text[pos + 1 : end].lower()
        if name not in _HTML_TAGS:
            raise EntityParseError(
                f'Unsupported start tag "{name}" at byte offset {byte_offset(text, begin)}'
            )
        attributes, pos = _read_attributes(text, end, name, byte_offset(text, begin))
        argument = _tag_argument(name, attributes)
        if name == "span" and argument != "spoiler":
            raise EntityParseError(
                f'Tag "span" must have class "tg-spoiler" at byte offset {byte_offset(text, begin)}'
            )
        stack.append(_OpenTag(name, argument, offset, len(out)))
    if stack:
        raise EntityParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1].name}"')
    for entity in entities:
        if entity["type"] == "code":
            entity.pop("language", None)
    return "".join(out), sort_entities(entities)


def _find_tag_end(text: str, pos: int) -> int:
    while pos < len(text) and not text[pos].isspace() and text[pos] != ">":
        pos += 1
    return pos


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _read_attributes(text: str, pos: int, tag: str, begin: int) -> tuple[dict[str, str], int]:
    """The tag's attributes and the index just after its '>'."""
    attributes: dict[str, str] = {}
    n = len(text)
    while True:
        pos = _skip_spaces(text, pos)
        if pos >= n:
            raise EntityParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
        if text[pos] == ">":
            return attributes, pos + 1
        start = pos
        while pos < n and not text[pos].isspace() and text[pos] not in "=>/\"'":
            pos += 1
        name = text[start:pos]
        if not name:
            raise EntityParseError(
                f'Empty attribute name in the tag "{tag}" at byte offset {begin}'
            )
        pos = _skip_spaces(text, pos)
        if pos >= n or text[pos] != "=":
            attributes[name] = ""  # a bare attribute, like <blockquote expandable>
            continue
        pos = _skip_spaces(text, pos + 1)
        if pos >= n:
            raise EntityParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
        attributes[name], pos = _attribute_value(text, pos)


def _attribute_value(text: str, pos: int) -> tuple[str, int]:
    """A quoted string (entities decoded) or a name token (lowercased), and where it ends."""
    n = len(text)
    if text[pos] in "\"'":
        close = text.find(text[pos], pos + 1)
        close = n if close < 0 else close
        return _decode_attribute(text[pos + 1 : close]), min(close + 1, n)
    start = pos
    while pos < n and (text[pos].isalnum() or text[pos] in ".-"):
        pos += 1
    if pos < n and not text[pos].isspace() and text[pos] != ">":
        raise EntityParseError(
            f"Unexpected end of name token at byte offset {byte_offset(text, start)}"
        )
    return text[start:pos].lower(), pos


def _decode_attribute(raw: str) -> str:
    out: list[str] = []
    pos = 0
    while pos < len(raw):
        if raw[pos] == "&" and (decoded := _decode_html_entity(raw, pos)):
            out.append(decoded[0])
            pos = decoded[1]
        else:
            out.append(raw[pos])
            pos += 1
    return "".join(out)


def _tag_argument(tag: str, attributes: dict[str, str]) -> str:
    if tag == "a":
        return attributes.get("href", "")
    cls = attributes.get("class", "")
    if tag == "code" and cls.startswith("language-"):
        return cls.removeprefix("language-")
    if tag == "span" and cls.startswith("tg-"):
        return cls.removeprefix("tg-")
    if tag == "blockquote" and "expandable" in attributes:
        return "expandable"
    return ""


def _close_html_tag(tag: _OpenTag, offset_end: int, inner: str, entities: list[Entity]) -> None:
    length = offset_end - tag.offset
    if length <= 0 or tag.name in ("tg-emoji", "tg-time"):
        return
    entity: Entity = {"offset": tag.offset, "length": length}
    last = entities[-1] if entities else None
    same_span = last is not None and (last["offset"], last["length"]) == (tag.offset, length)
    if tag.name in _HTML_SIMPLE:
        entity["type"] = _HTML_SIMPLE[tag.name]
    elif tag.name == "a":
        entity |= {"type": "text_link", "url": tag.argument or inner}
    elif tag.name == "blockquote":
        entity["type"] = "expandable_blockquote" if tag.argument else "blockquote"
    elif tag.name == "pre" and last is not None and same_span and last["type"] == "code":
        # <pre><code class="language-x">: one pre entity with its language
        language = last.pop("language", "")
        last.update({"type": "pre", **({"language": language} if language else {})})
        return
    elif tag.name == "pre":
        entity["type"] = "pre"
    elif last is not None and same_span and last["type"] == "pre" and tag.argument:
        last["language"] = tag.argument
        return
    else:
        entity |= {"type": "code", **({"language": tag.argument} if tag.argument else {})}
    entities.append(entity)
