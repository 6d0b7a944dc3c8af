"""The OpenAPI component schemas of the accounts' answers (issue 14): admins' users and
usage, the adapters' service tokens, and the mailed tokens' routes. Kept beside
`chalicelib.openapi`, which merges them in, so each part of the API keeps its own."""

from __future__ import annotations

from typing import Any

from chalicelib.auth.tokens import ROLES


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


_STR = {"type": "string"}
_COUNT = {"type": "integer", "minimum": 0}
_TIME = {"type": "string", "format": "date-time"}
_USER_FIELDS = [
    "user_id", "email", "role", "region", "credits_left", "documents_count",
    "email_verified", "blocked", "blocked_at", "blocked_by", "blocked_reason", "created_at",
]  # fmt: skip
_USAGE_COUNTERS = [
    "documents_created", "documents_done", "documents_failed", "credits_spent",
    "credits_refunded",
]  # fmt: skip


def account_schemas() -> dict[str, Any]:
    """The component schemas of the accounts' answers."""
    token_fields = [
        "token_id", "name", "adapter", "created_at", "created_by", "revoked", "revoked_at",
        "revoked_by", "last_used_at", "uses",
    ]  # fmt: skip
    return {
        "AdminUser": _obj(
            _USER_FIELDS,
            user_id=_STR,
            email=_nullable(_STR),
            role={"enum": sorted(ROLES)},
            region=_STR,
            credits_left=_COUNT,
            documents_count={**_COUNT, "description": "Documents held (deleted ones not)."},
            email_verified=_nullable({"type": "boolean"}),
            blocked={"type": "boolean"},
            blocked_at=_nullable(_TIME),
            blocked_by=_nullable(_STR),
            blocked_reason=_nullable(_STR),
            created_at=_nullable(_TIME),
        ),
        "UserPage": _obj(
            ["users", "next_cursor"],
            users={"type": "array", "items": _ref("AdminUser")},
            next_cursor=_nullable(_STR),
        ),
        "UserDetail": {
            "allOf": [
                _ref("AdminUser"),
                _obj(
                    ["block_history"],
                    block_history={
                        "type": "array",
                        "items": _obj(
                            ["action", "reason", "by", "at"],
                            action={"enum": ["block", "unblock"]},
                            reason=_STR,
                            by=_STR,
                            at=_TIME,
                        ),
                    },
                ),
            ]
        },
        "BlockChange": _obj(
            ["user_id", "blocked", "changed"],
            user_id=_STR,
            blocked={"type": "boolean"},
            changed={
                "type": "boolean",
                "description": "False when the user was in that state already.",
            },
        ),
        "UsageStatistics": _obj(
            ["days", "totals"],
            days={
                "type": "array",
                "items": _obj(
                    ["date", *_USAGE_COUNTERS, "active_users"],
                    date={"type": "string", "format": "date"},
                    active_users={
                        **_COUNT,
                        "description": "Users who created a document that day.",
                    },
                    **dict.fromkeys(_USAGE_COUNTERS, _COUNT),
                ),
            },
            totals=_obj(_USAGE_COUNTERS, **dict.fromkeys(_USAGE_COUNTERS, _COUNT)),
        ),
        "ServiceToken": _obj(
            token_fields,
            token_id=_STR,
            name=_STR,
            adapter=_STR,
            created_at=_TIME,
            created_by=_STR,
            revoked={"type": "boolean"},
            revoked_at=_nullable(_TIME),
            revoked_by=_nullable(_STR),
            last_used_at=_nullable(_TIME),
            uses=_COUNT,
        ),
        "NewServiceToken": {
            "allOf": [
                _ref("ServiceToken"),
                _obj(
                    ["service_token"],
                    service_token={
                        **_STR,
                        "description": "The value, shown this once: the adapter sends it to "
                        "POST /v1/auth/service-token.",
                    },
                ),
            ]
        },
        "ServiceTokenList": _obj(
            ["service_tokens"], service_tokens={"type": "array", "items": _ref("ServiceToken")}
        ),
        "EmailVerified": _obj(["email_verified"], email_verified={"const": True}),
        "ResetRequested": {
            **_obj(["status"], status={"const": "requested"}),
            "description": "The same whether the e-mail has an account or not.",
        },
        "PasswordReset": _obj(["password_reset"], password_reset={"const": True}),
    }
