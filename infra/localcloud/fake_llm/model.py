"""The fake's "model": the offline rule engine's answers, and the broken ones tests ask for.

It reads the document out of a prompt, answers the schema the call names (findings, or
prescreen's facts) in the shape its pydantic model takes, and on request answers prose
instead of JSON, JSON that breaks the schema, or findings with a quote no document holds.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ValidationError

from chalicelib.analysis.checklist import CHECKLIST_IDS
from chalicelib.analysis.rules import RulesProvider
from chalicelib.llm.schema import (
    DOCUMENT_END,
    DOCUMENT_START,
    FACTS_SCHEMA,
    FINDINGS_SCHEMA,
    FactsAnswer,
    ModelFinding,
)
from chalicelib.prescreen import RoutingPolicy, prescreen_document

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult
    from infra.localcloud.fake_llm.protocols import Call

InvalidKind = Literal["not_json", "bad_schema"]

# A quote no document contains: what a hallucinating model would cite.
HALLUCINATED_QUOTE = (
    "Покупатель обязуется уплатить Поставщику скрытую комиссию в размере 15% от цены договора."
)
NOT_JSON_ANSWER = "Конечно! Я изучил договор: в нём есть неустойка и право одностороннего отказа."


def document_of(prompt: str) -> str:
    """The text between the last `DOCUMENT_START` and `DOCUMENT_END`; the prompt if none."""
    end = prompt.rfind(DOCUMENT_END)
    start = prompt.rfind(DOCUMENT_START, 0, end) if end >= 0 else -1
    if start < 0:
        return prompt
    return prompt[start + len(DOCUMENT_START) : end].strip("\n")


def answer_text(call: Call, invalid: InvalidKind | None, *, hallucinate: bool = False) -> str:
    """The answer's text: the rule engine's reading in the schema asked for, or a broken one."""
    if invalid == "not_json":
        return NOT_JSON_ANSWER
    if invalid == "bad_schema":
        return json.dumps(_schema_breaking(call.schema_title), ensure_ascii=False)
    document = document_of(call.prompt)
    if call.schema_title == FINDINGS_SCHEMA:
        return json.dumps(findings_answer(document, hallucinate=hallucinate), ensure_ascii=False)
    if call.schema_title == FACTS_SCHEMA:
        return json.dumps(facts_answer(document), ensure_ascii=False)
    return json.dumps({"answer": document[:200]}, ensure_ascii=False)


def findings_answer(document: str, *, hallucinate: bool = False) -> dict[str, Any]:
    """`{"findings": [...]}` as `FindingsAnswer` takes it, from `RulesProvider`."""
    result = RulesProvider().analyze(document, _prescreen(document))
    findings: list[dict[str, Any]] = []
    for finding in result.findings:
        candidate = {
            "checklist_item": finding.checklist_item,
            "title": finding.title[:200],
            "severity": finding.severity,
            "quote": finding.quote[:1200],  # a cut quote is still verbatim
            "explanation": finding.explanation[:2000],
            "recommendation": finding.recommendation[:2000],
        }
        try:
            ModelFinding.model_validate(candidate)
        except ValidationError:
            continue  # a real model would not give what its schema forbids
        findings.append(candidate)
    findings = findings[: 39 if hallucinate else 40]
    if hallucinate:
        findings.append(
            {
                "checklist_item": CHECKLIST_IDS[0],
                "title": "Скрытая комиссия покупателя",
                "severity": "high",
                "quote": HALLUCINATED_QUOTE,
                "explanation": "Договор возлагает на покупателя скрытую комиссию.",
                "recommendation": "Исключить комиссию из договора.",
            }
        )
    return {"findings": findings}


def facts_answer(document: str) -> dict[str, Any]:
    """Prescreen's facts in the `FactsAnswer` shape; a value its schema forbids becomes null."""
    facts = _prescreen(document)
    money = facts.amount
    data: dict[str, Any] = {
        "contract_type": facts.contract_type[:60] if facts.contract_type else None,
        "title": facts.title[:300] if facts.title else None,
        "parties": [
            {"name": p.name[:300], "role": p.role[:100] if p.role else None, "inn": p.inn}
            for p in facts.parties[:6]
        ],
        "amount": f"{money.amount:.2f}" if money is not None and money.amount >= 0 else None,
        "currency": money.currency if money is not None else None,
        "signed_on": _iso(facts.signed_on),
        "starts_on": _iso(facts.starts_on),
        "ends_on": _iso(facts.ends_on),
        "governing_law": facts.governing_law,
    }
    try:
        FactsAnswer.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            field = str(error["loc"][0])
            data[field] = [] if field == "parties" else None
    return data


def _schema_breaking(title: str | None) -> dict[str, Any]:
    if title == FINDINGS_SCHEMA:
        return {"findings": [{"checklist_item": "no_such_item", "severity": "critical"}]}
    if title == FACTS_SCHEMA:
        return {"parties": "two", "amount": "2 500 000 руб.", "currency": "рубли"}
    return {"unexpected": True}


def _prescreen(document: str) -> PrescreenResult:
    return prescreen_document(document, pipeline="contract", policy=RoutingPolicy())


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None
