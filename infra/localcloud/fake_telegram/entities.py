"""Text as the Bot API measures it: entities, UTF-16 lengths, byte offsets, trimming."""

from __future__ import annotations

from typing import Any

Entity = dict[str, Any]

# Characters Telegram trims around a message's text (and its caption).
_TRIMMED = " \t\r\n\u200b\u200c\u200d\u2060\ufeff"


class EntityParseError(ValueError):
    """The markup is not what the parse mode accepts; the message is Telegram's own."""


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units: how the Bot API measures text and entity offsets."""
    return len(text.encode("utf-16-le")) // 2


def byte_offset(text: str, index: int) -> int:
    """Where `text[index]` starts in UTF-8: how Telegram's parse errors point into the text."""
    return len(text[:index].encode("utf-8"))


def sort_entities(entities: list[Entity]) -> list[Entity]:
    """Entities in Telegram's order: by offset, the longer first."""
    return sorted(entities, key=lambda e: (e["offset"], -e["length"]))


def trim(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Strip the whitespace Telegram strips around a message, keeping entities aligned."""
    stripped = text.lstrip(_TRIMMED)
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip(_TRIMMED)
    end = utf16_len(stripped)
    kept: list[Entity] = []
    for entity in entities:
        start = max(0, int(entity["offset"]) - shift)
        stop = min(end, int(entity["offset"]) + int(entity["length"]) - shift)
        if stop > start:
            kept.append({**entity, "offset": start, "length": stop - start})
    return stripped, kept
