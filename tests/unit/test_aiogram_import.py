"""aiogram imported with its models built on first use: every model still builds, and an
update still parses (in a fresh interpreter, where nothing imported aiogram before)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).parents[2]

_PROBE = """
import json
from chalicelib.telegram.aiogram_import import aiogram_models, import_aiogram
import_aiogram()
models = aiogram_models()
deferred = sum(not m.__pydantic_complete__ for m in models)
from aiogram.types import Update
update = Update.model_validate({
    "update_id": 1,
    "message": {"message_id": 5, "date": 1700000000, "chat": {"id": 1, "type": "private"},
                "from": {"id": 1, "is_bot": False, "first_name": "A"},
                "document": {"file_id": "f", "file_unique_id": "u", "file_name": "a.pdf"},
                "reply_markup": {"inline_keyboard": [[{"text": "b", "callback_data": "c"}]]}},
})
# What the Bot does with an answer: a generic made after the import, holding a deferred model.
from aiogram.methods.base import Response
from aiogram.types import Message
answer = Response[Message].model_validate({"ok": True, "result": {
    "message_id": 9, "date": 1700000000, "chat": {"id": 1, "type": "private"}, "text": "hi"}})
assert answer.result.chat.id == 1
failed = [m.__qualname__ for m in models if m.model_rebuild(raise_errors=False) is False]
print(json.dumps({"models": len(models), "deferred": deferred, "failed": failed,
                  "file": update.message.document.file_name}))
"""


def test_aiogram_import_defers_the_models_and_every_one_still_builds() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout)
    assert probe["deferred"] > 300  # built on first use, not at import
    assert probe["failed"] == []  # ... and each of them can be built then
    assert probe["file"] == "a.pdf"
