"""The rules provider as a whole: the port, ordering, language, determinism, hostile text."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from chalicelib.analysis import AnalysisProvider, RulesProvider, checks
from chalicelib.analysis.checklist import CHECKLIST, CHECKLIST_IDS
from chalicelib.analysis.contract_text import Probe
from chalicelib.analysis.findings import order_findings
from chalicelib.analysis.quotes import verify_quotes
from chalicelib.models import SEVERITY_ORDER, Finding, PrescreenResult

RU_CONTRACT = """ДОГОВОР № ________
на изготовление корпусной мебели

3.16. В случае необоснованного отказа Заказчика от подписания акта приема-передачи, изделия
считается переданным Заказчику в надлежащем качестве.
4.2. Заказчик оплачивает авансом 80% в момент подписания договора.
5.3. В случае нарушения Исполнителем сроков передачи изделия, Покупатель имеет право требовать
уплаты неустойки в размере 0,1% за каждый день просрочки от суммы изделия.
7.2. Заказчик имеет право в любое время отказаться от исполнения договора.
7.6. Во всем остальном стороны будут руководствоваться действующим законодательством.
"""

EN_CONTRACT = """DISTRIBUTOR AGREEMENT

1. Either party may terminate this agreement by providing Ninety days Written Notice.
2. Lucid may assign this Agreement without the consent of the Distributor.
3. This Agreement shall be governed by the laws of the State of New York.
"""


def _prescreen(language: str = "ru") -> PrescreenResult:
    return PrescreenResult(language=language, confidence=0.5, route="deep_analysis")


def test_rules_provider_implements_the_port() -> None:
    provider: AnalysisProvider = RulesProvider()
    result = provider.analyze(RU_CONTRACT, _prescreen())
    assert provider.name == "rules"
    assert result.provider == "rules"
    assert result.model is None


def test_rules_provider_lists_every_checklist_item_it_checked() -> None:
    result = RulesProvider().analyze(RU_CONTRACT, _prescreen())
    assert result.checked_items == CHECKLIST_IDS
    assert set(CHECKLIST_IDS) == {
        "penalty",
        "unilateral_termination",
        "unilateral_amendment",
        "liability",
        "payment_terms",
        "acceptance",
        "dispute_forum",
        "governing_law",
        "auto_renewal",
        "confidentiality",
        "assignment",
        "force_majeure",
    }


def test_every_checklist_item_has_english_and_russian_wording() -> None:
    for item in CHECKLIST:
        assert item.title.en and item.title.ru
        for verdict in item.verdicts.values():
            assert verdict.severity in SEVERITY_ORDER
            assert verdict.explanation.ru and verdict.explanation.en
            assert verdict.recommendation.ru and verdict.recommendation.en


def test_probe_triggers_are_in_the_lower_case_search_form() -> None:
    # Triggers are looked up in the lower-cased text with "ё" folded to "е".
    probes = [
        value
        for info in pkgutil.iter_modules(checks.__path__)
        for name, group in vars(importlib.import_module(f"{checks.__name__}.{info.name}")).items()
        if name.isupper() and isinstance(group, tuple)
        for value in group
        if isinstance(value, Probe)
    ]
    assert len(probes) > 20
    for probe in probes:
        assert probe.triggers
        for trigger in probe.triggers:
            assert trigger == trigger.lower()
            assert "ё" not in trigger


def test_rules_findings_are_sorted_by_severity_and_quoted_from_the_text() -> None:
    result = RulesProvider().analyze(RU_CONTRACT, _prescreen())
    ranks = [SEVERITY_ORDER[f.severity] for f in result.findings]
    assert ranks == sorted(ranks)
    assert result.dropped_quotes == 0
    assert verify_quotes(result.findings, RU_CONTRACT) == (list(result.findings), 0)
    items = [f.checklist_item for f in result.findings]
    assert items[:2] == ["penalty", "unilateral_termination"]


def test_rules_findings_speak_the_documents_language() -> None:
    ru = RulesProvider().analyze(RU_CONTRACT, _prescreen("ru"))
    en = RulesProvider().analyze(EN_CONTRACT, _prescreen("en"))
    assert all(any("а" <= ch <= "я" for ch in f.explanation.lower()) for f in ru.findings)
    assert all(f.explanation.isascii() for f in en.findings)


def test_rules_detect_the_language_when_prescreen_does_not_know_it() -> None:
    result = RulesProvider().analyze(RU_CONTRACT, _prescreen("unknown"))
    penalty = next(f for f in result.findings if f.checklist_item == "penalty")
    assert penalty.title == "Неустойка (штрафы, пени)"


def test_rules_output_is_deterministic() -> None:
    first = RulesProvider().analyze(RU_CONTRACT, _prescreen())
    second = RulesProvider().analyze(RU_CONTRACT, _prescreen())
    assert first == second


def test_absent_clause_findings_quote_the_title_verbatim() -> None:
    result = RulesProvider().analyze(EN_CONTRACT, _prescreen("en"))
    absent = [f for f in result.findings if f.quote == "DISTRIBUTOR AGREEMENT"]
    assert {f.checklist_item for f in absent} >= {"force_majeure", "dispute_forum"}
    assert all("absent" in f.explanation for f in absent)


def test_rules_survive_an_empty_document() -> None:
    result = RulesProvider().analyze("", _prescreen())
    assert result.findings == ()
    assert result.checked_items == CHECKLIST_IDS


def test_order_findings_removes_duplicates_keeping_the_graver_one() -> None:
    def finding(severity: str, quote: str, item: str = "penalty") -> Finding:
        return Finding(
            checklist_item=item,
            title="t",
            severity=severity,
            quote=quote,
            explanation="e",
            recommendation="r",
        )

    ordered = order_findings(
        [
            finding("low", "Неустойка 1% в день."),
            finding("high", "неустойка  1%  в день."),
            finding("info", "Споры в суде.", "dispute_forum"),
            finding("medium", "Custom item.", "model_own_item"),
        ]
    )
    assert [(f.checklist_item, f.severity) for f in ordered] == [
        ("penalty", "high"),
        ("model_own_item", "medium"),
        ("dispute_forum", "info"),
    ]


@pytest.mark.timeout(60)  # catastrophic backtracking would not finish; speed is in `make bench`
def test_rules_finish_a_two_megabyte_hostile_text() -> None:
    # Near-misses for every pattern, long runs without boundaries, and dense triggers.
    pieces = [
        "неустойка " * 2000,
        "1" * 50_000,
        " " * 50_000,
        "." * 50_000,
        "а" * 50_000,
        "вправе может вправе " * 3000,
        "считается считаются " * 3000,
        "без согласия " * 3000,
        "may may may terminate " * 3000,
        "liability shall not exceed " * 2000,
        "в одностороннем порядке изменять " * 2000,
        "спор суд арбитраж " * 3000,
        "-\n" * 20_000,
        "«»“”" * 10_000,
        "0,1% за каждый день " * 2000,
        "governed by the laws of " * 2000,
        "п. 3.1. г. Москва " * 3000,
        "deemed accepted " * 2000,
        "(((((" * 10_000,
    ]
    block = "".join(pieces)
    text = (block * (2_000_000 // len(block) + 1))[:2_000_000]
    result = RulesProvider().analyze(text, _prescreen("unknown"))
    assert result.checked_items == CHECKLIST_IDS
