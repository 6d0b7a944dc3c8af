"""A conversation as plain text: what the user did and what the bot showed, in order.

Each bot message is printed where it was sent, in its final state: its text (a status
message that was edited shows its history compactly, "received → reading → done"), its
inline buttons, the document it carried. For reading a test failure or a demo, not parsing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from infra.localcloud.fake_telegram.updates import human_size

if TYPE_CHECKING:
    from infra.localcloud.fake_telegram.state import StoredMessage, TelegramState

_USER = "user: "
_BOT = "bot:  "
_INDENT = " " * len(_BOT)
# An earlier text in an edit history is shown as its first line, cut to this many characters.
_HISTORY_WIDTH = 60


def render_transcript(state: TelegramState, chat_id: int) -> str:
    """The chat's conversation, one block per user action or bot message."""
    with state.lock:
        entries = list(state.transcripts.get(chat_id, []))
        messages = dict(state.messages.get(chat_id, {}))
        lines: list[str] = []
        for entry in entries:
            if entry.side == "user":
                lines += _block(_USER, entry.text)
            elif entry.side == "answer":
                lines += _block(_BOT, f"({entry.text})")
            elif entry.message_id in messages:
                lines += _block(_BOT, _render_message(messages[entry.message_id]))
    return "\n".join(lines) + ("\n" if lines else "")


def _block(prefix: str, text: str) -> list[str]:
    first, *rest = text.split("\n")
    return [prefix + first, *(_INDENT + line if line else "" for line in rest)]


def _short(text: str) -> str:
    first = text.split("\n", 1)[0]
    if len(first) > _HISTORY_WIDTH:
        return first[: _HISTORY_WIDTH - 1] + "…"
    return first + ("…" if "\n" in text else "")


def _render_message(stored: StoredMessage) -> str:
    payload = stored.payload
    parts: list[str] = []
    if stored.document is not None:
        name = stored.document.file_name or "file"
        parts.append(f"[document] {name}, {human_size(stored.document.size)}")
        if payload.get("caption"):
            parts[-1] += f": {payload['caption']}"
    else:
        parts.append(_render_text(stored.texts))
    rows = payload.get("reply_markup", {}).get("inline_keyboard", [])
    parts += [" ".join(f"[{button.get('text', '')}]" for button in row) for row in rows]
    text = "\n".join(parts)
    return f"(deleted) {text}" if stored.deleted else text


def _render_text(texts: list[str]) -> str:
    if len(texts) <= 1:
        return texts[0] if texts else ""
    final = texts[-1]
    history = " → ".join(_short(text) for text in texts)
    if _short(final) == final:
        return history
    return history + "\n" + final  # the final text in full, under its history
