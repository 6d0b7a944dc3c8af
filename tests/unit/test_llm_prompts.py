"""Prompt templates: versioned files, filled safely, in the document's language."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from importlib.resources import files

import pytest

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.llm.chat import ChatMessage
from chalicelib.llm.chunking import Chunk
from chalicelib.llm.prompts import (
    PROMPT_VERSION,
    checklist_block,
    chunk_prompt,
    definitions,
    facts_messages,
    fill,
    load_template,
    placeholders,
    prompt_language,
    repair_prompt,
    system_prompt,
)
from chalicelib.llm.schema import DOCUMENT_END, DOCUMENT_START
from chalicelib.models import ClauseFlag, Money, Party, PrescreenResult

TEMPLATES = {
    "system": {"document_start", "document_end", "checklist", "schema"},
    "chunk": {
        "contract_type",
        "title",
        "parties",
        "amount",
        "signed_on",
        "starts_on",
        "ends_on",
        "governing_law",
        "clauses",
        "part",
        "parts",
        "heading_path",
        "scope",
        "document_start",
        "document",
        "document_end",
    },
    "repair": {"errors"},
    "facts": {"document_start", "document_end", "schema"},
    "scope_whole": set(),
    "scope_part": set(),
    "checklist": set(),
    "words": set(),
}


def _prescreen(language: str = "ru", **fields: object) -> PrescreenResult:
    return PrescreenResult(language=language, confidence=0.5, route="deep_analysis", **fields)


def _chunk(text: str, index: int = 0, path: tuple[str, ...] = ()) -> Chunk:
    return Chunk(index=index, text=text, start=0, end=len(text), heading_path=path)


def test_prompt_version_names_a_directory_of_the_package() -> None:
    assert PROMPT_VERSION == "v1"
    folder = files("chalicelib.llm").joinpath("prompts", PROMPT_VERSION)
    names = {entry.name for entry in folder.iterdir()}
    assert {f"{name}.{lang}.md" for name in TEMPLATES for lang in ("ru", "en")} <= names


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_templates_use_only_the_placeholders_their_caller_fills(name: str, language: str) -> None:
    assert placeholders(load_template(name, language)) == TEMPLATES[name]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_checklist_describes_every_item_and_no_other(language: str) -> None:
    assert set(definitions("checklist", language)) == set(CHECKLIST_IDS)
    block = checklist_block(language)
    assert all(f"`{item_id}`" in block for item_id in CHECKLIST_IDS)


@pytest.mark.parametrize(
    ("language", "phrases"),
    [
        ("ru", ("только JSON", "дословная цитата", '{"findings": []}', "`high`", "0,1% в день")),
        ("en", ("JSON only", "verbatim", '{"findings": []}', "`high`", "0.1% a day")),
    ],
)
def test_system_prompt_demands_json_verbatim_quotes_and_severities(
    language: str, phrases: tuple[str, ...]
) -> None:
    prompt = system_prompt(language)  # type: ignore[arg-type]

    assert all(phrase in prompt for phrase in phrases)
    assert DOCUMENT_START in prompt
    assert DOCUMENT_END in prompt
    assert '"title":"findings"' in prompt  # the schema, compact


def test_chunk_prompt_puts_the_chunk_between_marker_lines_verbatim() -> None:
    text = "5.1. Пени {title} 0,1% {} за каждый день {{просрочки}}.\n"
    prompt = chunk_prompt(_chunk(text), 1, _prescreen(), "ru")

    assert f"\n{DOCUMENT_START}\n{text}\n{DOCUMENT_END}\n" in prompt


def test_chunk_prompt_carries_the_prescreen_facts() -> None:
    prescreen = _prescreen(
        contract_type="supply",
        title="ДОГОВОР ПОСТАВКИ № 7",
        parties=(Party(name="ООО «Ромашка»", role="Поставщик", inn="7701234567"),),
        amount=Money(amount=Decimal("1250000.00"), currency="RUB"),
        signed_on=date(2024, 3, 1),
        ends_on=date(2024, 12, 31),
        penalty=ClauseFlag(present=True, evidence="пени 0,1% за каждый день", detail="0.1%/day"),
        dispute_forum=ClauseFlag(present=False),
        governing_law="RU",
    )

    prompt = chunk_prompt(_chunk("текст", 1, ("ДОГОВОР", "5. ОТВЕТСТВЕННОСТЬ")), 3, prescreen, "ru")

    for fact in (
        "supply",
        "ДОГОВОР ПОСТАВКИ № 7",
        "ООО «Ромашка», Поставщик, ИНН 7701234567",
        "1250000.00 RUB",
        "2024-03-01",
        "2024-12-31",
        "RU",
        "penalty: есть (0.1%/day), текст «пени 0,1% за каждый день»",
        "dispute_forum: нет",
        "Часть 2 из 3",
        "ДОГОВОР › 5. ОТВЕТСТВЕННОСТЬ",
        "Не сообщай об отсутствии условий",
    ):
        assert fact in prompt


def test_chunk_prompt_of_a_whole_document_allows_missing_clauses() -> None:
    prompt = chunk_prompt(_chunk("text"), 1, _prescreen("en"), "en")

    assert "The fragment is the whole document" in prompt
    assert "start of the document, no heading" in prompt
    assert "Contract type: not stated" in prompt


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        ("ru", "This agreement is in English.", "ru"),
        ("en", "Договор поставки", "en"),
        ("unknown", "Договор поставки товара между сторонами", "ru"),
        ("unknown", "Agreement between the parties", "en"),
    ],
)
def test_prompt_language_follows_prescreen_then_the_script(
    language: str, text: str, expected: str
) -> None:
    assert prompt_language(_prescreen(language), text) == expected


def test_repair_prompt_lists_the_errors() -> None:
    prompt = repair_prompt(["findings.0.quote: too short", "findings.1: bad"], "en")

    assert "- findings.0.quote: too short\n- findings.1: bad" in prompt


def test_facts_messages_ask_for_the_facts_schema() -> None:
    system, user = facts_messages("ДОГОВОР {x}", "ru")

    assert isinstance(system, ChatMessage)
    assert system.role == "system"
    assert '"title":"prescreen_facts"' in system.content
    assert user.content == f"{DOCUMENT_START}\nДОГОВОР {{x}}\n{DOCUMENT_END}"


def test_fill_replaces_in_one_pass_and_refuses_unknown_names() -> None:
    assert fill("a {x} b", {"x": "{y}", "y": "no"}) == "a {y} b"
    assert fill('{"findings": []} {x}', {"x": "1"}) == '{"findings": []} 1'
    with pytest.raises(KeyError, match="missing"):
        fill("{missing}", {})
