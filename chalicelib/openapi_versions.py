"""The component schemas of the versions routes' answers (`chalicelib.services.versions`),
kept beside the route table's rows for them so the main document's schemas stay as they were."""

from __future__ import annotations

from typing import Any, get_args

from chalicelib.models import DocumentStatus, Route
from chalicelib.versions.records import SUPERSEDED

_STR = {"type": "string"}
_TIME = {"type": "string", "format": "date-time"}
_NUMBER = {"type": "integer", "minimum": 1}
_COUNT = {"type": "integer", "minimum": 0}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def version_schemas() -> dict[str, Any]:
    """`Version`, `VersionList`, `VersionRestore`, `Restore` and `VersionComparison`."""
    restore = _obj(
        ["document_id", "action", "actor", "at", "from_version", "to_version", "reason"],
        document_id=_STR,
        action={"const": "restore"},
        actor={**_STR, "description": "Who rolled back (`system`: a duplicate's undo)."},
        at=_TIME,
        from_version=_NUMBER,
        to_version=_NUMBER,
        reason=_STR,
    )
    version_fields = [
        "version", "status", "is_current", "replaced_by", "previous_version", "filename",
        "size", "sha256", "uploaded_by", "uploaded_at", "change_note", "route", "findings",
        "refunded", "report",
    ]  # fmt: skip
    version = _obj(
        version_fields,
        version=_NUMBER,
        status={
            "enum": [*(s.value for s in DocumentStatus), SUPERSEDED],
            "description": "`superseded`: replaced before its file arrived; it never ran.",
        },
        is_current={"type": "boolean"},
        replaced_by=_nullable(_NUMBER),
        previous_version=_nullable(_NUMBER),
        filename=_STR,
        size=_COUNT,
        sha256=_nullable(_STR),
        uploaded_by=_nullable(_STR),
        uploaded_at=_TIME,
        change_note=_nullable(_STR),
        route=_nullable({"enum": list(get_args(Route))}),
        findings=_nullable({"type": "object", "additionalProperties": _COUNT}),
        refunded={"type": "boolean"},
        report=_nullable({**_STR, "description": "Where its report is read, once done."}),
        error=_obj(["code", "message"], code=_STR, message=_STR),
        duplicate_of=_NUMBER,
    )
    change_list = {"type": "array", "items": {"type": "object"}}
    comparison_fields = [
        "document_id", "from_version", "to_version", "facts", "parties", "findings",
        "unchanged", "markdown",
    ]  # fmt: skip
    return {
        "Version": version,
        "Restore": restore,
        "VersionList": _obj(
            ["document_id", "current_version", "latest_version", "versions", "restores"],
            document_id=_STR,
            current_version=_NUMBER,
            latest_version=_NUMBER,
            versions={"type": "array", "items": _ref("Version")},
            restores={"type": "array", "items": _ref("Restore")},
        ),
        "VersionRestore": _obj(["document", "restore"], document=_ref("Document"), restore=restore),
        "VersionComparison": _obj(
            comparison_fields,
            document_id=_STR,
            from_version=_NUMBER,
            to_version=_NUMBER,
            facts={**change_list, "description": "Facts and clause flags: field, before, after."},
            parties={**change_list, "description": "Parties added, removed or renamed."},
            findings={**change_list, "description": "Findings new or gone."},
            unchanged={"type": "boolean"},
            markdown={**_STR, "description": "The report's 'Changes since' section."},
        ),
    }
