"""Routing: high value goes deep, low confidence to a person, auto-approval only when clean."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chalicelib.models import ClauseFlag, Money, PrescreenResult
from chalicelib.prescreen import RoutingPolicy
from chalicelib.prescreen.routing import choose_route, risky_clauses
from chalicelib.settings import Settings

_ABSENT = ClauseFlag(present=False)
_PRESENT = ClauseFlag(present=True, evidence="…")


def _result(
    confidence: float,
    amount: str | None = None,
    flags: dict[str, ClauseFlag | None] | None = None,
) -> PrescreenResult:
    clean: dict[str, ClauseFlag | None] = {
        "penalty": _ABSENT,
        "unilateral_termination": _ABSENT,
        "dispute_forum": _PRESENT,
        "liability_cap": _PRESENT,
        "auto_renewal": _ABSENT,
    }
    clean.update(flags or {})
    money = Money(amount=Decimal(amount), currency="RUB") if amount else None
    return PrescreenResult(
        language="ru", amount=money, confidence=confidence, route="manual_review", **clean
    )


_AUTO = RoutingPolicy(auto_approve_enabled=True)


def test_policy_from_settings_copies_the_routing_settings() -> None:
    settings = Settings(
        table_name="t",
        bucket_name="b",
        auto_approve_enabled=True,
        auto_approve_min_confidence=0.9,
        review_min_confidence=0.3,
        high_value_threshold=Decimal("5000000"),
    )

    assert RoutingPolicy.from_settings(settings) == RoutingPolicy(
        auto_approve_enabled=True,
        auto_approve_min_confidence=0.9,
        review_min_confidence=0.3,
        high_value_threshold=Decimal("5000000"),
    )


def test_default_policy_never_auto_approves() -> None:
    route, reasons = choose_route(_result(0.99), RoutingPolicy())

    assert route == "deep_analysis"
    assert reasons == ("Auto-approval is disabled.",)


def test_high_value_goes_deep_even_when_confidence_is_low() -> None:
    route, reasons = choose_route(_result(0.1, amount="1000000"), _AUTO)

    assert route == "deep_analysis"
    assert "high-value threshold" in reasons[0]


def test_low_confidence_goes_to_a_person() -> None:
    route, reasons = choose_route(_result(0.39), _AUTO)

    assert route == "manual_review"
    assert reasons[0].startswith("Confidence 0.39 is below the review minimum of 0.40")


def test_clean_confident_document_is_auto_approved_when_enabled() -> None:
    route, reasons = choose_route(_result(0.9, amount="999999.99"), _AUTO)

    assert route == "auto_approve"
    assert "no risky clause" in reasons[0]


@pytest.mark.parametrize(
    ("flags", "risk"),
    [
        ({"penalty": _PRESENT}, "penalty"),
        ({"unilateral_termination": _PRESENT}, "unilateral termination"),
        ({"liability_cap": _ABSENT}, "no liability cap"),
        ({"auto_renewal": _PRESENT}, "auto-renewal"),
        ({"penalty": None}, "penalty"),  # not judged is not clean
    ],
)
def test_risky_clause_stops_auto_approval(flags: dict[str, ClauseFlag | None], risk: str) -> None:
    result = _result(0.95, flags=flags)

    route, reasons = choose_route(result, _AUTO)

    assert route == "deep_analysis"
    assert risk in risky_clauses(result)
    assert reasons == (f"Risky or unjudged clauses: {risk}.",)


def test_confidence_below_the_auto_minimum_goes_deep_with_its_reason() -> None:
    route, reasons = choose_route(_result(0.6), _AUTO)

    assert route == "deep_analysis"
    assert reasons == ("Confidence 0.60 is below the auto-approval minimum of 0.85.",)
