"""The Bot API methods about the bot itself: who it is, its commands, how it gets updates.

Updates reach a bot either by webhook (setWebhook; the fake records it and can POST updates
to it) or by long polling (getUpdates; refused with 409 while a webhook is set, as on
Telegram). A webhook must be HTTPS, except one on this machine, for the local demo.
"""

from __future__ import annotations

import copy
import json
import re
from typing import TYPE_CHECKING

from infra.localcloud.fake_telegram.api import (
    WEBHOOK_CONFLICT,
    ApiError,
    Described,
    Request,
    bad_request,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from infra.localcloud.fake_telegram.state import Json, TelegramState

_COMMAND = re.compile(r"[a-z0-9_]{1,32}")
_LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def get_me(state: TelegramState, _req: Request) -> Json:
    """getMe: the bot's user, with its capabilities."""
    return dict(state.bot_user) | {
        "can_join_groups": True,
        "can_read_all_group_messages": False,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def _commands_key(req: Request) -> tuple[str, str]:
    scope = req.json("scope") or {"type": "default"}
    return json.dumps(scope, sort_keys=True), req.text("language_code") or ""


def set_my_commands(state: TelegramState, req: Request) -> bool:
    """setMyCommands: the menu of commands, per scope and language."""
    commands = req.json("commands")
    if not isinstance(commands, list):
        raise bad_request("can't parse commands JSON object")
    for command in commands:
        if not isinstance(command, dict) or not _COMMAND.fullmatch(str(command.get("command"))):
            raise bad_request("BOT_COMMAND_INVALID")
    state.commands[_commands_key(req)] = [dict(c) for c in commands]
    return True


def get_my_commands(state: TelegramState, req: Request) -> list[Json]:
    """getMyCommands: what setMyCommands set for the scope and language."""
    return list(state.commands.get(_commands_key(req), []))


def delete_my_commands(state: TelegramState, req: Request) -> bool:
    """deleteMyCommands: forget the scope and language's commands."""
    state.commands.pop(_commands_key(req), None)
    return True


def set_webhook(state: TelegramState, req: Request) -> Described:
    """setWebhook: HTTPS only, as on Telegram, except to this machine (for a local demo)."""
    url = req.text("url") or ""
    if not url:
        return delete_webhook(state, req)
    host = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    if not url.startswith("https://") and not (url.startswith("http://") and host in _LOCAL_HOSTS):
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    allowed = req.json("allowed_updates")
    same = state.webhook.url == url
    if req.flag("drop_pending_updates"):
        state.pending_updates.clear()
    state.webhook.url = url
    state.webhook.secret_token = req.text("secret_token")
    state.webhook.allowed_updates = list(allowed) if isinstance(allowed, list) else None
    state.webhook.max_connections = req.integer("max_connections") or 40
    return Described(True, "Webhook is already set" if same else "Webhook was set")


def delete_webhook(state: TelegramState, req: Request) -> Described:
    """deleteWebhook: back to getUpdates."""
    had = bool(state.webhook.url)
    if req.flag("drop_pending_updates"):
        state.pending_updates.clear()
    state.webhook.url = ""
    state.webhook.secret_token = None
    return Described(True, "Webhook was deleted" if had else "Webhook is already deleted")


def get_webhook_info(state: TelegramState, _req: Request) -> Json:
    """getWebhookInfo: what setWebhook recorded and how many updates wait."""
    hook = state.webhook
    info: Json = {
        "url": hook.url,
        "has_custom_certificate": False,
        "pending_update_count": len(state.pending_updates),
    }
    if hook.url:
        info |= {"max_connections": hook.max_connections, "ip_address": "127.0.0.1"}
        if hook.allowed_updates is not None:
            info["allowed_updates"] = hook.allowed_updates
        if hook.last_error_date is not None:
            info |= {
                "last_error_date": hook.last_error_date,
                "last_error_message": hook.last_error_message,
            }
    return info


def get_updates(state: TelegramState, req: Request) -> list[Json]:
    """getUpdates: long polling; an offset confirms every update before it."""
    if state.webhook.url:
        raise ApiError(409, WEBHOOK_CONFLICT)
    offset = req.integer("offset") or 0
    limit = min(max(req.integer("limit") or 100, 1), 100)
    if offset > 0:
        state.pending_updates[:] = [u for u in state.pending_updates if u["update_id"] >= offset]
    elif offset < 0:  # the last -offset updates; every earlier one is forgotten
        state.pending_updates[:] = state.pending_updates[offset:]
    timeout = req.integer("timeout") or 0
    if timeout > 0 and offset >= 0:
        state.wait_for_updates(offset, float(timeout))
    updates = list(state.pending_updates)
    allowed = req.json("allowed_updates")
    if isinstance(allowed, list) and allowed:
        updates = [u for u in updates if any(kind in u for kind in allowed)]
    return copy.deepcopy(updates[:limit])


BOT_METHODS: dict[str, Callable[[TelegramState, Request], Any]] = {
    "getMe": get_me,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setWebhook": set_webhook,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
    "getUpdates": get_updates,
}
