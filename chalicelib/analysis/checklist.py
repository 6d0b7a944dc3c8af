"""The checklist: the risks a contract lawyer looks for first, in the order a report lists them.

- penalty (неустойка, штраф, пени, liquidated damages, late fees): high over 0.1% a
  day, for a fine that is a multiple of the price, above it or unlimited, or when only
  one side pays; medium for liquidated damages; low for any other penalty.
- unilateral_termination (односторонний отказ, may terminate): high when one side may
  leave without cause; medium at will with the side unclear; low when either side may
  leave at will, or one side for the other's breach.
- unilateral_amendment (в одностороннем порядке изменять, may change its prices): high.
- liability: medium when there is no clause; high when losses are excluded in general;
  low when only indirect loss is; medium when capped or expressly unlimited.
- payment_terms: high for 100% prepayment; medium for an advance of half or more (or of
  an unstated share); low for a smaller one, or no payment terms in a paid contract.
- acceptance: medium for acceptance by silence within 5 days or an unstated window; low
  for a longer window, or no acceptance terms in works, services or supply.
- dispute_forum: medium when there is no clause; info for a named court, city or
  arbitration (a distant forum makes disputes costly).
- governing_law: medium when none; low for "действующее законодательство" without a
  country; info for a foreign law, or the law an English contract names.
- auto_renewal: medium when the opt-out is due 60 days or more ahead, or there is no
  notice; low otherwise.
- confidentiality: low when a services or licence contract has none; info when it has
  no end.
- assignment: medium for a general right to assign without consent; low when only to
  affiliates or a successor.
- force_majeure: medium when there is no clause.

A finding about a clause that is ABSENT quotes the document's title line (as it
stands in the text, so the quote check passes) and says so in its explanation:
there is no clause to quote, and the title ties the finding to the document. An
annex or an amendment (told by its title or the prescreen's contract type) gets
no "absent" findings: the main contract holds those clauses. Each item reports at
most one finding per verdict; two verdicts on one sentence become one finding
with both explanations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chalicelib.analysis.checks import (
    acceptance,
    amendment,
    assignment,
    confidentiality,
    force_majeure,
    forum,
    law,
    liability,
    payment,
    penalty,
    renewal,
    termination,
)

if TYPE_CHECKING:
    from chalicelib.analysis.items import ChecklistItem

CHECKLIST: tuple[ChecklistItem, ...] = (
    penalty.ITEM,
    termination.ITEM,
    amendment.ITEM,
    liability.ITEM,
    payment.ITEM,
    acceptance.ITEM,
    forum.ITEM,
    law.ITEM,
    renewal.ITEM,
    confidentiality.ITEM,
    assignment.ITEM,
    force_majeure.ITEM,
)
CHECKLIST_IDS: tuple[str, ...] = tuple(item.id for item in CHECKLIST)
ITEMS_BY_ID: dict[str, ChecklistItem] = {item.id: item for item in CHECKLIST}
