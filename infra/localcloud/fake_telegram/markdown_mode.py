"""parse_mode=MarkdownV2 and the legacy Markdown, as Telegram reads them.

MarkdownV2 is strict: outside code, every one of `_*[]()~`>#+-=|{}.!` must be escaped with a
backslash, and Telegram refuses the message otherwise ("Character '.' is reserved ..."). Its
block quotes are read line by line from a leading '>'; the expandable form is not told apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from infra.localcloud.fake_telegram.entities import (
    Entity,
    EntityParseError,
    byte_offset,
    sort_entities,
    utf16_len,
)

_MDV2_RESERVED = frozenset("_*[]()~`>#+-=|{}.!\n")
# How tdlib names entity types in "Can't find end of ... entity" errors.
_MDV2_NAMES = {
    "bold": "Bold",
    "italic": "Italic",
    "underline": "Underline",
    "strikethrough": "Strikethrough",
    "spoiler": "Spoiler",
    "code": "Code",
    "pre": "Pre",
    "text_link": "TextUrl",
    "custom_emoji": "CustomEmoji",
    "blockquote": "BlockQuote",
}


@dataclass
class _OpenMark:
    kind: str
    offset: int
    at_byte: int
    out_index: int
    language: str = ""


@dataclass
class _MarkdownV2:
    """One pass over MarkdownV2 text: Telegram's rules, error texts and offsets."""

    text: str
    out: list[str] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    stack: list[_OpenMark] = field(default_factory=list)
    utf16: int = 0
    line_start: bool = True
    in_quote: bool = False

    def emit(self, char: str) -> None:
        self.out.append(char)
        self.utf16 += utf16_len(char)
        if char != "\r":
            self.line_start = char == "\n"

    def parse(self) -> tuple[str, list[Entity]]:
        text, pos = self.text, 0
        while pos < len(text):
            char = text[pos]
            if char == "\\" and pos + 1 < len(text) and 0 < ord(text[pos + 1]) <= 126:
                self.emit(text[pos + 1])
                pos += 2
                continue
            verbatim = bool(self.stack) and self.stack[-1].kind in ("code", "pre")
            reserved = "`" if verbatim else _MDV2_RESERVED
            if char not in reserved:
                self.emit(char)
                pos += 1
                continue
            pos = self.close(pos) if self.ends_entity(pos) else self.open(pos)
        if self.in_quote and self.stack and self.stack[-1].kind == "blockquote":
            self.finish(self.stack.pop())
        if self.stack:
            top = self.stack[-1]
            name = _MDV2_NAMES[top.kind]
            raise EntityParseError(f"Can't find end of {name} entity at byte offset {top.at_byte}")
        return "".join(self.out), sort_entities(self.entities)

    def ends_entity(self, pos: int) -> bool:
        if not self.stack:
            return False
        text, char = self.text, self.text[pos]
        if self.in_quote and char == "\n" and not text.startswith(">", pos + 1):
            return True
        ends = {
            "bold": char == "*",
            "italic": char == "_" and not text.startswith("__", pos),
            "underline": text.startswith("__", pos),
            "strikethrough": char == "~",
            "spoiler": text.startswith("||", pos),
            "code": char == "`",
            "pre": text.startswith("```", pos),
            "text_link": char == "]",
            "custom_emoji": char == "]",
        }
        return ends.get(self.stack[-1].kind, False)

    def open(self, pos: int) -> int:
        text, char = self.text, self.text[pos]
        at_byte = byte_offset(text, pos)
        kind, width = {
            "*": ("bold", 1),
            "~": ("strikethrough", 1),
            "[": ("text_link", 1),
            "_": ("underline", 2) if text.startswith("__", pos) else ("italic", 1),
        }.get(char, ("", 1))
        language = ""
        if char == "`" and text.startswith("```", pos):
            kind, width = "pre", 0
            language, pos = pre_header(text, pos + 3)
        elif char == "`":
            kind = "code"
        elif char == "|" and text.startswith("||", pos):
            kind, width = "spoiler", 2
        elif char == "!" and text.startswith("![", pos):
            kind, width = "custom_emoji", 2
        elif char == "\n":
            self.emit("\n")
            return pos + 1
        elif char == ">" and self.line_start:
            if not self.in_quote:
                self.in_quote = True
                self.stack.append(_OpenMark("blockquote", self.utf16, at_byte, len(self.out)))
            return pos + 1
        if not kind:
            raise EntityParseError(
                f"Character '{char}' is reserved and must be escaped with the preceding '\\'"
            )
        self.stack.append(_OpenMark(kind, self.utf16, at_byte, len(self.out), language))
        return pos + width

    def close(self, pos: int) -> int:
        top = self.stack.pop()
        text = self.text
        if top.kind == "blockquote" or (self.in_quote and text[pos] == "\n"):
            if top.kind != "blockquote":
                name = _MDV2_NAMES[top.kind]
                raise EntityParseError(
                    f"Can't find end of {name} entity at byte offset {top.at_byte}"
                )
            self.in_quote = False
            self.emit("\n")
            self.finish(top)
            return pos + 1
        width = {"underline": 2, "spoiler": 2, "pre": 3}.get(top.kind, 1)
        url = ""
        if top.kind in ("text_link", "custom_emoji"):
            if not text.startswith("(", pos + 1):
                if top.kind == "custom_emoji":
                    raise EntityParseError("The entity must contain a tg://emoji or tg://time URL")
                url = "".join(self.out[top.out_index :])
                return self.finish(top, url=url, end=pos + 1)
            url_begin = pos + 2
            end = url_begin
            chars: list[str] = []
            while end < len(text) and text[end] != ")":
                step = 2 if text[end] == "\\" and end + 1 < len(text) else 1
                chars.append(text[end + step - 1])
                end += step
            if end >= len(text):
                raise EntityParseError(
                    f"Can't find end of a URL at byte offset {byte_offset(text, url_begin)}"
                )
            return self.finish(top, url="".join(chars), end=end + 1)
        return self.finish(top, end=pos + width)

    def finish(self, top: _OpenMark, url: str = "", end: int = 0) -> int:
        length = self.utf16 - top.offset
        if length > 0 and top.kind != "custom_emoji":
            entity: Entity = {"type": top.kind, "offset": top.offset, "length": length}
            if url:
                entity["url"] = url
            if top.language:
                entity["language"] = top.language
            self.entities.append(entity)
        return end


def pre_header(text: str, pos: int) -> tuple[str, int]:
    """After an opening ```: the language, if one is named, and where the code starts.

    A language is a word right after the backticks that something other than backticks
    follows; one line break after it (or after the backticks) is not part of the code.
    """
    end = pos
    while end < len(text) and not text[end].isspace() and text[end] != "`":
        end += 1
    language = ""
    if pos < end < len(text) and text[end] != "`":
        language, pos = text[pos:end], end
    if text.startswith(("\r\n", "\n\r"), pos):
        return language, pos + 2
    if text.startswith(("\n", "\r"), pos):
        return language, pos + 1
    return language, pos


def _looks_like_link(url: str) -> bool:
    # Telegram drops links it cannot check; a scheme or a dotted host is what it accepts.
    return bool(url) and not any(c.isspace() for c in url) and ("://" in url or "." in url)


def parse_markdown(text: str) -> tuple[str, list[Entity]]:
    """Plain text and entities of legacy-Markdown text (no escaping beyond `\\_*`[`)."""
    out: list[str] = []
    entities: list[Entity] = []
    pos, n = 0, len(text)
    while pos < n:
        char = text[pos]
        if char == "\\" and text[pos + 1 : pos + 2] in ("_", "*", "`", "["):
            out.append(text[pos + 1])
            pos += 2
            continue
        if char not in "_*`[":
            out.append(char)
            pos += 1
            continue
        begin, pos, language = pos, pos + 1, ""
        is_pre = char == "`" and text.startswith("``", pos)
        if is_pre:
            language, pos = pre_header(text, pos + 2)
        offset = utf16_len("".join(out))
        end = text.find("```" if is_pre else {"[": "]"}.get(char, char), pos)
        if end < 0:
            raise EntityParseError(
                f"Can't find end of the entity starting at byte offset {byte_offset(text, begin)}"
            )
        inner = text[pos:end]
        out.append(inner)
        pos = end + (3 if is_pre else 1)
        entity: Entity = {"offset": offset, "length": utf16_len(inner)}
        if char == "[":
            url = inner
            if text.startswith("(", pos):
                url_end = text.find(")", pos)
                url_end = n if url_end < 0 else url_end
                url, pos = text[pos + 1 : url_end], url_end + 1
            if not _looks_like_link(url):
                continue
            entity |= {"type": "text_link", "url": url}
        else:
            entity["type"] = {"_": "italic", "*": "bold"}.get(char, "pre" if is_pre else "code")
            if language:
                entity["language"] = language
        if entity["length"] > 0:
            entities.append(entity)
    return "".join(out), sort_entities(entities)


def parse_markdown_v2(text: str) -> tuple[str, list[Entity]]:
    """Plain text and entities of MarkdownV2 text; EntityParseError as Telegram words it."""
    return _MarkdownV2(text).parse()
