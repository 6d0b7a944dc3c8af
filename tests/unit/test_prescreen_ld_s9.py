"""English liquidated damages: the written rejects carry the rules' precision.

Out of fold, the learned gate on the fee and "penalty" branches turns away almost none
of the contracts without the clause whose sentences name a penalty (see the session-9
note in `chalicelib/evaluation/train_clauses.py`): what keeps those sentences from
flagging a contract is each rule's own reject list. These tests hold the general kinds
of sentence the rejects were written for, read by the rules alone (no gate asked), so a
change to a reject that lets one of them through shows here and not only on new
contracts. Sentences are short quotes or paraphrases of CUAD train contracts' wording.
"""

from __future__ import annotations

import pytest

from chalicelib.prescreen.clauses import RULES, _first_proof
from chalicelib.prescreen.text import prepare_text

_ENGLISH_LD_RULES = tuple(r for r in RULES if r.clause == "penalty" and r.language == "en")


def _fired(sentence: str) -> list[str]:
    """The English liquidated-damages rules whose proof the sentence gives, by trigger."""
    text = prepare_text(sentence)
    return [rule.triggers[0].pattern for rule in _ENGLISH_LD_RULES if _first_proof(text, rule)]


@pytest.mark.parametrize(
    "sentence",
    [
        # an indemnity's list of losses
        "Supplier shall indemnify and hold harmless Buyer from and against any and all "
        "losses, damages, liabilities, judgments, penalties, fines, costs or expenses.",
        # taxes and the penalties on them
        "Distributor shall be responsible for the payment of all taxes, interest and "
        "penalties related to any assessment by a taxing authority.",
        # ending the agreement without paying anything
        "This Agreement may be terminated at any time, without the payment of any penalty, "
        "upon sixty (60) days' written notice.",
        # an exclusion of damages nobody owes
        "Neither party shall be liable under this Agreement for indirect, incidental, "
        "consequential, liquidated, special or exemplary damages or penalties.",
        # a formality's sanction
        "Such consent must be given in writing under penalty of nullity.",
        # the law's sanction, not the parties' agreed sum
        "Any violation will be subject to civil and criminal penalties.",
        # a fee waived
        "Customer may terminate this Agreement on notice and shall not be liable for any "
        "termination charges in that case.",
        # a sum denied the name of liquidated damages
        "The parties agree that service level credits are not liquidated damages and shall "
        "be the Customer's sole remedy.",
    ],
)
def test_general_non_ld_wordings_do_not_fire_the_rules(sentence: str) -> None:
    assert _fired(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The Supplier shall pay to the Customer as liquidated damages an amount equal to "
        "one percent of the price for each week of delay.",
        "The parties agree that such amount shall be deemed liquidated damages and not a penalty.",
    ],
)
def test_a_sum_agreed_as_liquidated_damages_fires_the_literal_rule(sentence: str) -> None:
    assert _fired(sentence)[:1] == [_ENGLISH_LD_RULES[0].triggers[0].pattern]
