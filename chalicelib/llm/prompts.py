"""Prompts: versioned Markdown templates in `prompts/<version>/`, filled for one document.

Templates are files so a prompt change is a reviewed diff with a version, and the
report can say which prompts made it (`PROMPT_VERSION`). A template names its
placeholders as `{name}`; `fill` replaces exactly those in one pass, so braces in a
contract (or in a JSON example) are never taken for placeholders. Russian documents
get Russian prompts, English ones English prompts.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Literal

from chalicelib.analysis.checklist import CHECKLIST_IDS, ITEMS_BY_ID
from chalicelib.language import main_language
from chalicelib.llm.chat import ChatMessage
from chalicelib.llm.schema import (
    DOCUMENT_END,
    DOCUMENT_START,
    facts_schema,
    findings_schema,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from datetime import date

    from chalicelib.llm.chunking import Chunk
    from chalicelib.models import ClauseFlag, PrescreenResult

PROMPT_VERSION = "v1"
PromptLanguage = Literal["ru", "en"]

_PACKAGE = "chalicelib.llm"
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_DEFINITION = re.compile(r"^- ([a-z_]+): (.+)$", re.MULTILINE)
# Prescreen's evidence is a hint; a sentence or two is enough and keeps the prompt short.
_EVIDENCE_CHARS = 200
_CLAUSE_FLAGS = (
    "penalty",
    "unilateral_termination",
    "dispute_forum",
    "liability_cap",
    "auto_renewal",
    "renewal_option",
    "anti_assignment",
    "non_compete",
    "exclusivity",
    "uncapped_liability",
)
_MARKERS = {"document_start": DOCUMENT_START, "document_end": DOCUMENT_END}


@cache
def load_template(name: str, language: str, version: str = PROMPT_VERSION) -> str:
    """The text of template `<name>.<language>.md` of a prompt version, from the package."""
    resource = files(_PACKAGE).joinpath("prompts", version, f"{name}.{language}.md")
    return resource.read_text(encoding="utf-8").strip()


def fill(template: str, values: Mapping[str, str]) -> str:
    """The template with each `{name}` replaced by its value; an unknown name is an error."""

    def value_of(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"prompt placeholder {{{name}}} has no value")
        return values[name]

    return _PLACEHOLDER.sub(value_of, template)


def placeholders(template: str) -> set[str]:
    """The placeholder names a template uses."""
    return set(_PLACEHOLDER.findall(template))


def definitions(name: str, language: str) -> dict[str, str]:
    """A template of `- key: text` lines as a mapping (the checklist, the vocabulary)."""
    return dict(_DEFINITION.findall(load_template(name, language)))


def prompt_language(prescreen: PrescreenResult, markdown: str) -> PromptLanguage:
    """The prompts' language: prescreen's, or else the text's script (`main_language`)."""
    if prescreen.language in ("ru", "en"):
        return prescreen.language
    return main_language(markdown)


@cache
def system_prompt(language: PromptLanguage) -> str:
    """The system prompt of a findings call: rules, severities, the checklist, the schema."""
    return fill(
        load_template("system", language),
        {**_MARKERS, "checklist": checklist_block(language), "schema": _compact(findings_schema())},
    )


def checklist_block(language: PromptLanguage) -> str:
    """The checklist as prompt lines: id, title in the language, what it looks for."""
    described = definitions("checklist", language)
    missing = [item_id for item_id in CHECKLIST_IDS if item_id not in described]
    if missing:
        raise KeyError(f"checklist.{language}.md does not describe {', '.join(missing)}")
    lines = []
    for item_id in CHECKLIST_IDS:
        title = ITEMS_BY_ID[item_id].title
        name = title.ru if language == "ru" else title.en
        lines.append(f"- `{item_id}` — {name}: {described[item_id]}")
    return "\n".join(lines)


def chunk_prompt(
    chunk: Chunk, parts: int, prescreen: PrescreenResult, language: PromptLanguage
) -> str:
    """The user message of one chunk's call: prescreen's facts, where the chunk is, the text."""
    words = definitions("words", language)
    values = {
        **_MARKERS,
        **_facts(prescreen, words),
        "part": str(chunk.index + 1),
        "parts": str(parts),
        "heading_path": " › ".join(chunk.heading_path) or words["no_heading"],
        "scope": load_template("scope_whole" if parts == 1 else "scope_part", language),
        "document": chunk.text,
    }
    return fill(load_template("chunk", language), values)


def repair_prompt(errors: Iterable[str], language: PromptLanguage) -> str:
    """The user message that sends an invalid answer back, with what was wrong with it."""
    listed = "\n".join(f"- {error}" for error in errors)
    return fill(load_template("repair", language), {"errors": listed})


def facts_messages(text: str, language: PromptLanguage) -> tuple[ChatMessage, ChatMessage]:
    """Prescreen's fallback: the messages asking a model for the facts (`FactsAnswer`)."""
    system = fill(
        load_template("facts", language), {**_MARKERS, "schema": _compact(facts_schema())}
    )
    return ChatMessage("system", system), ChatMessage("user", document_block(text))


def document_block(text: str) -> str:
    """The text between the document marker lines."""
    return f"{DOCUMENT_START}\n{text}\n{DOCUMENT_END}"


def _facts(prescreen: PrescreenResult, words: Mapping[str, str]) -> dict[str, str]:
    unknown = words["not_stated"]
    parties = "; ".join(
        ", ".join(
            part for part in (p.name, p.role, f"{words['inn']} {p.inn}" if p.inn else None) if part
        )
        for p in prescreen.parties
    )
    amount = prescreen.amount
    return {
        "contract_type": prescreen.contract_type or unknown,
        "title": prescreen.title or unknown,
        "parties": parties or unknown,
        "amount": f"{amount.amount} {amount.currency}" if amount else unknown,
        "signed_on": _date(prescreen.signed_on, unknown),
        "starts_on": _date(prescreen.starts_on, unknown),
        "ends_on": _date(prescreen.ends_on, unknown),
        "governing_law": prescreen.governing_law or unknown,
        "clauses": _clauses(prescreen, words),
    }


def _date(value: date | None, unknown: str) -> str:
    return value.isoformat() if value else unknown


def _clauses(prescreen: PrescreenResult, words: Mapping[str, str]) -> str:
    rendered = [
        _clause(name, flag, words)
        for name in _CLAUSE_FLAGS
        if (flag := getattr(prescreen, name)) is not None
    ]
    return "; ".join(rendered) or words["not_stated"]


def _clause(name: str, flag: ClauseFlag, words: Mapping[str, str]) -> str:
    text = f"{name}: {words['present'] if flag.present else words['absent']}"
    if flag.detail:
        text += f" ({flag.detail})"
    if flag.evidence:
        evidence = " ".join(flag.evidence.split())[:_EVIDENCE_CHARS]
        text += f", {words['evidence']} «{evidence}»"
    return text


def _compact(schema: object) -> str:
    return json.dumps(schema, ensure_ascii=False, separators=(",", ":"))
