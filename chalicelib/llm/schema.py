"""What a model must answer, as pydantic models and the JSON schemas sent with each request.

Two answers exist: the findings of one chunk of a contract (`FindingsAnswer`, schema
title "findings") and prescreen's facts when its own reading is unsure
(`FactsAnswer`, schema title "prescreen_facts"). The document goes into a prompt
between `DOCUMENT_START` and `DOCUMENT_END` lines, so the text a model is asked about
is unambiguous (and a local fake of a provider can find it).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chalicelib.analysis.checklist import CHECKLIST_IDS

DOCUMENT_START = "<document>"
DOCUMENT_END = "</document>"
FINDINGS_SCHEMA = "findings"
FACTS_SCHEMA = "prescreen_facts"

ChecklistId = Literal[CHECKLIST_IDS]  # type: ignore[valid-type]


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModelFinding(_Answer):
    """One risk the model found, quoting the contract word for word."""

    checklist_item: ChecklistId
    title: str = Field(min_length=3, max_length=200)
    severity: Literal["high", "medium", "low", "info"]
    quote: str = Field(min_length=8, max_length=1200, description="Verbatim from the document")
    explanation: str = Field(min_length=3, max_length=2000)
    recommendation: str = Field(min_length=3, max_length=2000)


class FindingsAnswer(_Answer):
    """The findings of one chunk; an empty list when the chunk shows no risk."""

    findings: list[ModelFinding] = Field(max_length=40)


class FactsParty(_Answer):
    """A side of the contract as the model reads it."""

    name: str = Field(min_length=2, max_length=300)
    role: str | None = Field(None, max_length=100)
    inn: str | None = Field(None, pattern=r"^\d{10}(?:\d{2})?$")


class FactsAnswer(_Answer):
    """Prescreen's facts as the model reads them; null where the text does not say."""

    contract_type: str | None = Field(None, max_length=60)
    title: str | None = Field(None, max_length=300)
    parties: list[FactsParty] = Field(default_factory=list, max_length=6)
    amount: str | None = Field(None, pattern=r"^\d+(?:\.\d{1,2})?$", description="Digits only")
    currency: str | None = Field(None, pattern=r"^[A-Z]{3}$")
    signed_on: str | None = Field(None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    starts_on: str | None = Field(None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    ends_on: str | None = Field(None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    governing_law: str | None = Field(None, pattern=r"^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$")


def json_schema(answer: type[BaseModel], title: str) -> dict[str, Any]:
    """The answer's JSON schema as providers take it: self-contained, titled, every key required.

    OpenAI's strict structured outputs demand that every property be listed as required
    (an optional one is `null`-able instead); Ollama and YandexGPT take that form too, and
    the pydantic models still accept an answer that leaves a nullable key out.
    """
    schema = answer.model_json_schema()
    schema["title"] = title
    for node in (schema, *schema.get("$defs", {}).values()):
        if node.get("type") == "object" and "properties" in node:
            node["required"] = list(node["properties"])
    return schema


def findings_schema() -> dict[str, Any]:
    """The JSON schema of a chunk's findings."""
    return json_schema(FindingsAnswer, FINDINGS_SCHEMA)


def facts_schema() -> dict[str, Any]:
    """The JSON schema of prescreen's facts."""
    return json_schema(FactsAnswer, FACTS_SCHEMA)
