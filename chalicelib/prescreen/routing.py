"""Where a prescreened document goes next, and the sentences that say why."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from chalicelib.prescreen.confidence import CLAUSES_UNJUDGED

if TYPE_CHECKING:
    from chalicelib.models import PrescreenResult, Route
    from chalicelib.settings import Settings


@dataclass(frozen=True)
class RoutingPolicy:
    """Thresholds for routing: auto-approval is off unless the operator turns it on."""

    auto_approve_enabled: bool = False
    auto_approve_min_confidence: float = 0.85
    review_min_confidence: float = 0.4
    high_value_threshold: Decimal = Decimal("1000000")

    @classmethod
    def from_settings(cls, settings: Settings) -> RoutingPolicy:
        """The policy configured for this deployment."""
        return cls(
            auto_approve_enabled=settings.auto_approve_enabled,
            auto_approve_min_confidence=settings.auto_approve_min_confidence,
            review_min_confidence=settings.review_min_confidence,
            high_value_threshold=settings.high_value_threshold,
        )


def risky_clauses(result: PrescreenResult) -> list[str]:
    """Names of the clauses that stop auto-approval: found, or not judged at all."""
    risky: list[str] = []
    if result.penalty is None or result.penalty.present:
        risky.append("penalty")
    if result.unilateral_termination is None or result.unilateral_termination.present:
        risky.append("unilateral termination")
    if result.liability_cap is None or not result.liability_cap.present:
        risky.append("no liability cap")
    if result.auto_renewal is None or result.auto_renewal.present:
        risky.append("auto-renewal")
    return risky


def choose_route(result: PrescreenResult, policy: RoutingPolicy) -> tuple[Route, tuple[str, ...]]:
    """High value goes deep; low confidence to a person; auto-approval only when all is clean."""
    confidence = result.confidence
    if result.amount is not None and result.amount.amount >= policy.high_value_threshold:
        return "deep_analysis", (
            f"The amount {result.amount.amount} {result.amount.currency} is at or above "
            f"the high-value threshold of {policy.high_value_threshold}.",
        )
    if CLAUSES_UNJUDGED in result.doubts:
        # A letter, a payment order, a page: its facts may all be right (there are none),
        # but prescreen could not read it as a contract, and a person should.
        return "manual_review", (
            "Prescreen could not judge the clauses of this text as a contract's: "
            "a person should check what it is.",
            *result.doubts,
        )
    if confidence < policy.review_min_confidence:
        return "manual_review", (
            f"Confidence {confidence:.2f} is below the review minimum of "
            f"{policy.review_min_confidence:.2f}: a person should check the facts.",
            *result.doubts,
        )
    risky = risky_clauses(result)
    reasons: list[str] = []
    if not policy.auto_approve_enabled:
        reasons.append("Auto-approval is disabled.")
    if confidence < policy.auto_approve_min_confidence:
        reasons.append(
            f"Confidence {confidence:.2f} is below the auto-approval minimum of "
            f"{policy.auto_approve_min_confidence:.2f}."
        )
    if risky:
        reasons.append(f"Risky or unjudged clauses: {', '.join(risky)}.")
    if not reasons:
        return "auto_approve", (
            f"Auto-approval is enabled, confidence {confidence:.2f} meets "
            f"{policy.auto_approve_min_confidence:.2f} and no risky clause was found.",
        )
    return "deep_analysis", tuple(reasons)
