"""The recognition contract: JSON Schemas (draft 2020-12) of the result file and its documents.

The schemas in `schemas/` are the one source: the tests validate the examples in `examples/`
against them, recognition validates every result before it is written, and the API serves
them at `GET /v1/contracts/{name}`. They name each other by relative `$ref` ("osvDocument",
"types#/$defs/money"), so a consumer that fetches one from the API resolves the others from
the same place.

Versions follow MINOR rules: 1.1 added statements, 1.2 added optional fields. Each
`result-v1.N` reads any 1.x file with the rules it knows and ignores what it does not (no
`additionalProperties: false`), so older files stay valid under newer schemas and newer files
under older ones. `validate_result` checks a file against the schema of the version it
declares (a later 1.x than we know: the latest we know).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from importlib import resources
from typing import TYPE_CHECKING, Any

from chalicelib.errors import RequestError

if TYPE_CHECKING:
    from collections.abc import Iterable

RESULT_VERSIONS = ("1.0", "1.1", "1.2")
LATEST_RESULT_VERSION = RESULT_VERSIONS[-1]
# A 1.x version string: the major version this service reads.
_READABLE_VERSION = re.compile(r"1\.(0|[1-9]\d*)")
# How many failing paths an error message lists (the rest are counted).
MAX_LISTED_PROBLEMS = 20
# A failure's message quotes the value; a whole document is cut short.
MAX_MESSAGE_CHARS = 200


class UnknownContractError(RequestError):
    """No recognition contract (schema) has this name."""

    code = "NOT_FOUND"
    http_status = 404
    default_message = "No such contract."


class ResultContractViolationError(ValueError):
    """A result file does not match the recognition contract of its version.

    A bug of ours, never the file's: no domain error, so the state machine catches
    nothing and the run fails where it stands, for On Run Failed to refund and an
    operator to redrive once fixed. The message lists the failing paths.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        listed = problems[:MAX_LISTED_PROBLEMS]
        more = len(problems) - len(listed)
        count = f"{len(problems)} problem{'' if len(problems) == 1 else 's'}"
        lines = [f"The result file does not match its schema ({count}):"]
        lines += [f"- {problem}" for problem in listed]
        if more:
            lines.append(f"- … and {more} more")
        super().__init__("\n".join(lines))


@functools.cache
def _schemas() -> dict[str, dict[str, Any]]:
    """Every schema of the package, by name (its file name without `.json`)."""
    folder = resources.files(__name__) / "schemas"
    schemas: dict[str, dict[str, Any]] = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".json"):
            schemas[entry.name.removesuffix(".json")] = json.loads(entry.read_text("utf-8"))
    return schemas


def contract_names() -> list[str]:
    """The names of the published schemas, sorted: `result-v1.2`, `osvDocument`, …"""
    return sorted(_schemas())


def load_contract(name: str) -> dict[str, Any]:
    """The schema called `name` (a copy: the caller may change it), or UnknownContractError."""
    schemas = _schemas()
    if name not in schemas:  # only known names: nothing from the caller reaches a path
        known = ", ".join(contract_names())
        raise UnknownContractError(f"No contract is called {name[:64]!r}. Known: {known}.")
    return copy.deepcopy(schemas[name])


# Deeper than any schema here nests: a cycle of references, which inlining cannot end.
_MAX_INLINE_DEPTH = 64


def _pointer(document: Any, pointer: str) -> Any:
    """The part of `document` a JSON Pointer ("/$defs/money") names."""
    node = document
    for token in filter(None, pointer.split("/")):
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node


def _inline(node: Any, document: str, depth: int = 0) -> Any:
    """`node` of schema `document` with every `$ref` replaced by what it names.

    The schemas refer to each other by bare name ("types#/$defs/money"); a validator
    resolving those references on every row spends half its time looking them up. The
    same schema with its references written out checks the same, twice as fast. A `$ref`
    beside other keywords becomes an `allOf` of the two, which is what 2020-12 means.
    """
    if depth > _MAX_INLINE_DEPTH:
        raise ValueError(f"the schemas' references do not end (at {document})")
    if isinstance(node, list):
        return [_inline(item, document, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    rest = {
        key: _inline(value, document, depth + 1) for key, value in node.items() if key != "$ref"
    }
    if "$ref" not in node:
        return rest
    name, _, pointer = str(node["$ref"]).partition("#")
    target_document = name or document
    target = _inline(_pointer(_schemas()[target_document], pointer), target_document, depth + 1)
    return {"allOf": [target], **rest} if rest else target


@functools.cache
def _validator(name: str) -> Any:
    """A draft 2020-12 validator of schema `name`, its references to the others written out.

    jsonschema is imported here, not with the module: the API serves the schemas without it.
    """
    # jsonschema ships no type information: its validator is Any to mypy.
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]  # noqa: PLC0415

    return Draft202012Validator(_inline(_schemas()[name], name))


def result_schema_name(schema_version: object) -> str:
    """The schema a result file of this `schema_version` is checked against."""
    if schema_version in RESULT_VERSIONS:
        return f"result-v{schema_version}"
    if isinstance(schema_version, str) and _READABLE_VERSION.fullmatch(schema_version):
        return f"result-v{LATEST_RESULT_VERSION}"  # a later minor: read with what we know
    raise ResultContractViolationError(
        [f"$.schema_version: {schema_version!r} is not a 1.x version (latest known: 1.2)"]
    )


def validate_result(document: object) -> None:
    """Check a result file against its version's schema; ResultContractViolationError lists
    every failing path."""
    if not isinstance(document, dict):
        raise ResultContractViolationError(["$: a result file is a JSON object"])
    validator = _validator(result_schema_name(document.get("schema_version")))
    problems = _problems(validator.iter_errors(document))
    if problems:
        raise ResultContractViolationError(problems)


def validate_against(name: str, instance: object) -> None:
    """Check any JSON value against schema `name` (an `osvDocument` on its own, say)."""
    load_contract(name)  # UnknownContractError for a name we do not have
    problems = _problems(_validator(name).iter_errors(instance))
    if problems:
        raise ResultContractViolationError(problems)


def _problems(errors: Iterable[Any]) -> list[str]:
    """One line per failure, `$.documents[0].rows[2].closing_debit: why`, in document order."""
    found: dict[str, tuple[tuple[tuple[int, int | str], ...], str]] = {}
    for error in errors:
        shown = _deepest(error)
        path = tuple(shown.absolute_path)
        message = shown.message
        if len(message) > MAX_MESSAGE_CHARS:
            message = message[:MAX_MESSAGE_CHARS] + "…"
        line = f"{_json_path(path)}: {message}"
        order = tuple((0, step) if isinstance(step, int) else (1, step) for step in path)
        found.setdefault(line, (order, line))
    return [line for _, line in sorted(found.values())]


def _deepest(error: Any) -> Any:
    """For "not valid under any of the given schemas", the branch's failure that went
    deepest into the value (a bad sum inside `totals` rather than "totals is not null")."""
    while error.context:
        error = max(error.context, key=lambda branch: len(branch.absolute_path))
    return error


def _json_path(path: Iterable[str | int]) -> str:
    return "$" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path)
