"""Risky clauses a lawyer looks for first, each proved by the sentence that contains it.

A rule is a trigger phrase found in the whole text plus checks on its sentence:
words the sentence must also hold (`requires`) and words that turn it around
(`rejects`: a negation, a carve-out). Triggers open with a literal word and have
no unbounded gaps, and each rule checks a bounded number of candidates, so the
work stays linear in the length of the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chalicelib.models import ClauseFlag
from chalicelib.prescreen import word_index
from chalicelib.prescreen.clause_model import ClauseFinding, assist_finding
from chalicelib.prescreen.recitals import in_recital

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_MAX_CANDIDATES = 40
_MIN_WORDS = 5  # a table-of-contents line ("13.5 Liquidated Damages") proves nothing
CLAUSES = ("penalty", "unilateral_termination", "dispute_forum", "liability_cap", "auto_renewal")


@dataclass(frozen=True)
class ClauseRule:
    """Trigger phrases and what their sentence must and must not say."""

    clause: str
    language: str
    triggers: tuple[re.Pattern[str], ...]
    requires: tuple[re.Pattern[str], ...] = ()
    rejects: re.Pattern[str] | None = None
    detail: str | None = None
    # An assisting detector (`clause_model.shipped_assists`) that must find the clause in
    # the document, at its low gate, for this rule's proof to count.
    learned_gate: str | None = None
    # Whether an item of a list cut off at its semicolon may find what it needs in the
    # list's lead-in (`_with_list_lead_in`): a sum owed as one item of a payment
    # ("Pemberton will pay Developer (a) ...; and (c) a termination fee equal to ...").
    reads_lead_in: bool = False


def _rule(
    clause: str,
    triggers: tuple[str, ...],
    *,
    language: str,
    requires: str | tuple[str, ...] = (),
    rejects: str | None = None,
    detail: str | None = None,
    learned_gate: str | None = None,
    reads_lead_in: bool = False,
) -> ClauseRule:
    # Each trigger opens with a literal word: the regex engine then jumps between
    # occurrences of that word instead of trying every position of the text.
    return ClauseRule(
        clause=clause,
        language=language,
        triggers=tuple(re.compile(trigger) for trigger in triggers),
        requires=tuple(
            re.compile(needed)
            for needed in ((requires,) if isinstance(requires, str) else requires)
        ),
        rejects=re.compile(rejects) if rejects else None,
        detail=detail,
        learned_gate=learned_gate,
        reads_lead_in=reads_lead_in,
    )


_RU_PENALTY_NEGATION = (
    r"не\s+(?:начисля|применя|взыскива|предусм|уплачива)|освобожда\w*\s+от\s+(?:уплаты\s+)?"
    r"(?:неустойк|штраф|пен)|без\s+(?:уплаты\s+)?(?:штраф|неустойк|пен)|административн"
    # "punitive damages" as translated American terms exclude them: «штрафной ущерб»,
    # «штрафные убытки» are no sum the contract sets
    r"|штрафн\w*\s+(?:ущерб|убыт)"
    # fines a third party charges, which one side repays the other: «Сборы и штрафы
    # перевозчиков и гостиниц … возмещаются Принципалом»
    r"|штраф\w*\s+(?:перевозчик|гостиниц|авиакомпани|третьих\s+лиц)"
)
_EN_PENALTY_NEGATION = (
    r"without\s+(?:the\s+payment\s+of\s+)?(?:any\s+)?penalt|no\s+penalt|harmless|indemnif|fines"
    # "... are set out in Section 9.3, and no other payment or penalty shall apply", "and no
    # other termination charge, fee or penalty will apply"
    r"|\bno\s+(?:other\s+|further\s+)?(?:[\w-]+,?\s+){0,4}?penalt"
    r"|(?:shall|will)\s+mean|\bmeans\b"
    r"|not\s+(?:a|be\s+deemed\s+a|constitute\s+a)\s+penalt|perjury|(?:civil|criminal)\s+"
    r"(?:or\s+\w+\s+)?penalt|fines?\s+(?:and|or)\s+penalt|penalties\s+(?:imposed|assessed)\s+by"
)
# A charge on money paid late is interest, not liquidated damages: CUAD and English
# lawyers keep the two apart, whatever the clause calls it ("late payment penalty").
_EN_LATE_PAYMENT = (
    r"|overdue|past\s+due|late\s+payment|paid\s+late|unpaid|not\s+(?:been\s+)?paid"
    r"|fail\w*\s+to\s+(?:make\s+)?pay|failure\s+to\s+(?:make\s+)?pay|delay\w*\s+(?:in\s+)?pay"
    r"|interest"
)
# The sums' names: "liquidated damages"; "stipulated damages" in construction and public
# contracts; "delay damages" (FIDIC's name since 2017) and "agreed damages" (English and
# Australian drafting), which are only theirs with the noun after them.
_EN_LD_NAME = r"(?:liquidated|stipulated|(?:delay|agreed)\s+damages)"
# Liquidated damages agreed: a sum someone pays, recovers or keeps as them, or the
# sentence that calls a sum by that name ("deemed liquidated damages and not a penalty").
_EN_LD_AGREED = (
    r"\b(?:pa(?:y|ys|id|ying|yable|yment)|remit\w*|entitled|recover\w*|retain\w*|forfeit\w*|owe\w*|due"
    # ("... is liquidated damages (pauschalierter Schadensersatz) ..., and not a contractual
    # penalty", as German drafting tells the two apart)
    r"|deemed|constitut\w*|represent\w*|estimate\w*|amount\w*|equal|sum"
    r"|not\s+a\s+(?:contractual\s+)?penalty"
    # "the Contractor shall be liable for delay damages at the rate of 0.5% per day"
    r"|liable|at\s+the\s+rate)\b"
    r"|as\s+" + _EN_LD_NAME
)
# Liquidated damages denied, excluded or waived: each way of saying so, then their name.
_EN_LD_DENIED = "|".join(
    lead + _EN_LD_NAME
    for lead in (
        r"\bno\s+",
        r"(?:not|neither\s+party\s+(?:shall|will))\s+(?:be\s+)?(?:entitled|liable)"
        r"\s+(?:to|for)\s+(?:any\s+)?(?:\w+\s+){0,6}?",
        r"(?:harmless|indemnif)[^.;]*?",
        # "a service level credit ... is not liquidated damages": denied, not agreed ("is not
        # a penalty or liquidated damages")
        r"(?:is|are|be|constitute)\s+not\s+(?:\w+\s+){0,3}?",
        # "Service Credits ... shall not be deemed a penalty or liquidated damages"
        r"not\s+(?:be\s+)?(?:deemed|considered|construed|treated)\s+(?:to\s+be\s+|as\s+)?(?:\w+\s+){0,3}?",
        r"not\s+as\s+",
        # "The parties have not agreed any liquidated damages"
        r"not\s+(?:\w+\s+){0,2}?agreed\s+(?:on\s+|to\s+)?(?:any\s+)?",
        # "no amount payable under this Agreement, including the restocking charge ..., is
        # intended as or shall be construed as liquidated damages" (not "no amount other than
        # the liquidated damages")
        r"\bno\s+(?:amount|sum|payment|fee|charge)s?\b"
        r"(?:(?!other\s+than|except|save)(?:[^.;]|\.(?=\d))){0,200}?",
    )
)
# A sentence that states the sum paid: "shall pay ... 2% of the price", "a cancellation fee
# equal to ...".
_EN_SUM_PAID = (
    r"\b(?:pa(?:y|ys|id|yable|yment)|remit\w*)\b[^;]{0,200}?"
    r"(?:%|percent|\$|amount\s+equal|equal\s+to|sum\s+of|\[\*)"
    # the sum named with the fee, whatever verb follows: "a cancellation fee of $10,000 shall
    # be payable", "a termination fee equal to fifteen percent (15%) of the installments" (a
    # sum in words before its figures)
    r"|\b(?:fee|charge)s?\s+(?:of|equal\s+to|in\s+the\s+amount\s+of)\s+"
    r"(?:\$|\[\*|\d|(?:[a-z-]+\s+){1,5}\(\s*(?:\$|\d))"
)
# A "penalty" proves agreed damages only where its sentence states what is owed: a sum paid
# ("shall pay ... 2% of the price"), a penalty of an amount ("a penalty of [*]% will be
# applied"), or penalties that "shall apply" (a schedule of them follows). Measured on train
# (342 contracts, document F1 of the clause): the word with only its written rejects and the
# learned gate flagged 12 contracts rightly and 4 wrongly on its own, and it added 5 right
# and 4 wrong to the other branches, on the very contracts its rejects were written against
# (the raw word: 29 right, 63 wrong); the gate passes nearly every contract out of fold
# (`train_clauses`). Requiring what is owed: alone 6 right, 1 wrong (3 wrong without any
# reject); with the other branches 35 right, 2 wrong against 36 and 5 (F1 0.875 from 0.857).
_EN_PENALTY_OWED = (
    # (a name in brackets between, a sum in words before its figures: "a contractual penalty
    # (Vertragsstrafe) in the amount of twenty-five thousand Euros (EUR 25,000)")
    _EN_SUM_PAID + r"|penalt\w*(?:\s*\([^()]{1,40}\))?\s+(?:of|equal\s+to|in\s+the\s+amount\s+of"
    r"|amounting\s+to)\s+(?:[\w.,-]+\s+){0,4}?\(?(?:\$|\d|\[\*|(?:eur|usd|gbp|chf)\s?\d|€|£)"
    r"|penalt\w*\s+(?:shall|will)\s+apply"
    # a penalty worked out by a formula the contract gives: "have a price penalty applied
    # calculated using the Formula for Breach Penalty Calculation below"
    r"|penalt\w*\s+(?:(?:is|are|shall\s+be|will\s+be)\s+)?(?:applied\s+)?"
    r"(?:calculated|computed)\s+(?:using|by|under|according\s+to|in\s+accordance\s+with)"
)
# A sentence with no verb is a heading or a table of contents line ("13.5 Liquidated Damages").
_EN_CLAUSE_VERB = (
    r"\b(?:shall|will|must|may|is|are|be|been|agrees?|acknowledges?|pays?|payable|remit\w*|requir\w*|owe|owed"
    r"|constitutes?|represents?|deemed|applied)\b"
)
# Waived or excluded, the sum is not owed: "no termination fee", "shall not be responsible for".
_EN_FEE_NEGATION = (
    # "no termination fee", "No penalty or termination fee shall be payable"
    # ("No other termination charge shall be payable")
    # ("No penalty, termination fee or other payment shall be due", "No severance, termination
    # fee or other payment shall be due to Advisor")
    r"\bno\s+(?:other\s+|further\s+|additional\s+)?"
    r"(?:(?:penalty|fee|charge|payment|severance|bonus|compensation)(?:\s+or|,)\s+)?"
    r"(?:early\s+)?(?:termination|cancellation|withdrawal)"
    # "No other amount, including any termination fee or anticipated profit, shall be payable"
    r"|\bno\s+(?:other\s+|further\s+|additional\s+)?(?:amount|sum|payment|compensation)s?\s*,"
    r"\s*including\s+(?:any\s+)?(?:early\s+)?(?:termination|cancellation)"
    r"|without\s+(?:any\s+|the\s+)?(?:payment\s+of\s+)?"
    r"(?:a\s+|any\s+|the\s+)?(?:early\s+)?(?:termination|cancellation|withdrawal|penalt)"
    r"|not\s+(?:be\s+)?(?:responsible|liable|obligated|obliged|required)\s+(?:to\s+pay\s+|for\s+)?"
    r"(?:any\s+)?"
    r"(?:early\s+)?(?:termination|cancellation)"
    # "No Party shall owe any other Party a termination fee or penalty by reason of a
    # termination under Section 4.2", "Sponsor shall have no obligation to pay any
    # termination fee"
    r"|\b(?:no|neither)\s+party\s+(?:shall|will)\s+(?:owe|pay)\b"
    r"|\bno\s+(?:obligation|liability)\s+to\s+pay\s+(?:any\s+|a\s+)?(?:early\s+)?"
    r"(?:termination|cancellation)"
    # "Consultant shall not be entitled to any severance, termination payment or other
    # compensation by reason of the termination"
    # ("Termination under this Section 6.2 shall not entitle either party to any compensation,
    # indemnity or termination payment of any kind")
    r"|not\s+(?:be\s+entitled\s+|entitle\s+(?:[\w-]+\s+){1,3}?)to\s+(?:any\s+|a\s+)?"
    r"(?:[\w-]+,?\s+){0,3}?(?:early\s+)?"
    r"(?:termination|cancellation)"
)
# A sum nobody owes: an exclusion ("neither party shall be liable for ... consequential,
# liquidated ... damages"), a cap's carve-out list, costs passed on ("reimburse ... fees
# or penalties"), a formality ("under penalty of nullity").
_EN_NOT_OWED = (
    r"|(?:shall|will)\s+not\s+be\s+(?:liable|responsible)|(?:neither|no)\s+party\s+shall\s+be\s+liable"
    r"|not\s+be\s+liable|have\s+(?:a\s+|any\s+)?liability\s+for|under\s+penalty|releas\w*\s+from[^.;]{0,80}?penalt"
    r"|reimburse\s+(?:\w+\s+){0,3}?for|lease\s+termination"
    r"|consequential[^.;]{0,60}?(?:liquidated|stipulated|penalt)"
    r"|(?:liquidated|stipulated|penalt)[^.;]{0,60}?consequential"
    r"|liability\s+for\s+(?:early\s+)?(?:termination|cancellation)"
)
# What the sums' names are turned away for: denied, "in no event", or owed by nobody.
_EN_LD_NAME_REJECTS = _EN_LD_DENIED + r"|in\s+no\s+event" + _EN_NOT_OWED
# Three ways a sentence says the right is not one of convenience, read by the rules and by the
# assisting detector alike: a heading that denies it ("10.1 No Termination for Convenience.",
# not "no termination fee"), a right "for Cause", a right only "in the case described in
# Section 4.2(b)".
_EN_NO_TERMINATION = (
    r"\bno\s+(?:early\s+|unilateral\s+)?termination\b"
    r"(?!\s+(?:fees?|charges?|penalt|payments?|liabilit|costs?)"
    # (nor a right's first day: "provided that no termination under this Section 9.2 shall
    # take effect before the first anniversary of the Effective Date")
    r"|\s+(?:under|pursuant\s+to)\b(?:[^.;]|\.\d){0,60}?\b(?:take\s+effect|be(?:come)?\s+effective)\s+"
    # (or a season it may not fall in: "no termination under this Section 12.2 shall take effect
    # between October 1 and December 31 of any year")
    r"(?:before|prior\s+to|until|earlier|between|during))"
)
# A right's first day, not its denial: "provided, however, that neither party may give such
# notice before August 15, 2013"
_EN_NOT_BEFORE = (
    r"(?!\s+(?:give|deliver|serve|send)\s+(?:such\s+|any\s+|a\s+)?notice\s+(?:of\s+termination\s+)?"
    r"(?:before|prior\s+to|until|earlier))"
)
_EN_RIGHT_FOR_CAUSE = r"(?<!than\s)\bfor\s+cause\b"
# ("... in the circumstances described in the last sentence of Section 4.04")
_EN_IN_CASES_DESCRIBED = (
    r"in\s+the\s+(?:cases?|circumstances?|events?|situations?)\s+(?:described|set\s+(?:out|forth)"
    r"|referred|provided|specified|mentioned)"
)
_RU_NO_RIGHT = r"не\s+допуска|не\s+вправе|не\s+может|не\s+имеет\s+права|запрещ"
# Allowed "only" through a court or by agreement: "Отказ от исполнения Договора возможен только
# в судебном порядке". (Not a reason to reject a sentence that names a one-sided refusal as one
# of the ways: "допускается только по соглашению сторон, по решению суда или в связи с
# односторонним отказом" — so only the rules that do not read "односторонний" use it.)
_RU_ONLY_THROUGH = (
    r"|только\s+(?:в\s+судебном|по\s+решению\s+суда|через\s+суд"
    r"|по\s+(?:взаимному\s+)?(?:письменному\s+)?соглашению)"
)
# "… расторгнут (досрочно) Заказчиком путем направления уведомления", "… прекращен любой из
# Сторон, предупредив другую за 30 дней": what follows a contract "ended", when a notice alone
# ends it (ст. 450.1 ГК).
_RU_BY_NOTICE_ALONE = (
    r"\s+(?:досрочно\s+)?(?:[\w,]+\s+){0,8}?(?:путем|посредством)\s+(?:\w+\s+){0,3}?уведомлени"
)
_RU_WITH_NOTICE = (
    r"\s+(?:досрочно\s+)?(?:[\w,]+\s+){0,8}?(?:уведомив|предупредив"
    r"|с\s+(?:\w+\s+){0,2}?(?:уведомлением|предупреждением))"
)
# Ending the contract by agreement or through a court is no one-sided right.
_RU_NOT_ALONE = (
    r"|по\s+(?:взаимному\s+)?(?:письменному\s+)?соглашению|в\s+судебном\s+порядке"
    r"|по\s+решению\s+суда|потребовать\s+(?:его\s+)?расторжени|(?:обратиться\s+в|через)\s+суд"
)
# "Neither party shall have the right to terminate", "Alpha shall not have any right to
# terminate": the right denied
# ("neither Member shall have any right to terminate this Agreement for convenience", "shall
# have no right to terminate")
_EN_SIDE = r"(?:party|member|partner|shareholder|venturer)"
# An amendment that strikes the right out: "Deletion of Termination for Convenience. Section
# 14.4 ..., which permitted Company to terminate ... without cause, is hereby deleted"
_EN_STRUCK_OUT = r"\bdeletion\s+of\b|\bhereby\s+deleted\b|\beliminat(?:e|ed|es|ion)\s+of\b"
# ("Neither the Pledgors nor the Company shall have any right to terminate or revoke this
# Agreement ... for any reason": the sides named)
_EN_NAMED_NEITHER_NOR = (
    r"neither\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+nor\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?"
)
_EN_NO_RIGHT_TO = (
    rf"(?:(?:neither|no)\s+{_EN_SIDE}|{_EN_NAMED_NEITHER_NOR}|(?:shall|will)\s+not)\s+"
    r"(?:\w+\s+){0,2}?have\s+(?:the|any|a)\s+right\s+to\s+terminate"
    # ("Buyer has no right to cancel or terminate this Agreement ... for convenience")
    r"|\b(?:have|has)\s+no\s+right\s+to\s+(?:(?:cancel|revoke|rescind)\s+or\s+)?terminate"
)
# A right denied, said outright.
_EN_DENIED = (
    _EN_NO_RIGHT_TO
    + r"|neither\s+party\s+may"
    + _EN_NOT_BEFORE
    # "Neither party is entitled to terminate this agreement for convenience."
    + r"|(?:neither|no)\s+party\s+(?:is|shall\s+be|will\s+be)\s+entitled\s+to\s+terminate"
    + r"|may\s+not\s+(?:be\s+)?terminate"
    r"|(?:shall|will)\s+not\s+(?:be\s+entitled\s+to\s+)?terminate"
    # a heading that denies it: "10.1 No Termination for Convenience."
    + "|"
    + _EN_NO_TERMINATION
    # "The right of either Party to terminate this Agreement without cause ... is excluded"
    + r"|right\s+(?:of\s+[^.;]{1,60}?)?to\s+terminate\b[^.;]{0,120}?\b(?:is|are|shall\s+be)"
    r"\s+(?:hereby\s+)?(?:excluded|waived)"
    # "The Parties waive any right of unilateral termination without cause"
    r"|waive[sd]?\s+(?:any|all|each|the|their)\s+(?:[\w-]+\s+){0,2}?rights?\s+(?:of|to)\s+"
    r"(?:[\w-]+\s+){0,2}?terminat" + "|" + _EN_STRUCK_OUT
)
_EN_NO_RIGHT = (
    _EN_DENIED + r"|agrees?\s+not\s+to\s+terminate"
    # survival and mutual termination are not a unilateral right
    r"|termination\s+or\s+expiration|expiration\s+or\s+termination|upon\s+(?:the\s+)?termination"
    r"|following\s+(?:the\s+)?termination|after\s+(?:the\s+)?termination|surviv"
    r"|by\s+(?:the\s+)?(?:mutual\s+)?(?:written\s+)?agreement|mutual"
    # "may be terminated at any time by the unanimous written agreement of the Members"
    r"|unanimous"
)


def _for_cause(default: str) -> str:
    """The words of a right for cause (breach, insolvency), which is no termination for
    convenience, with `default` as the pattern for the word "default"."""
    return (
        r"|breach|" + default + r"|insolv|bankrupt|fail|cure|if\s+the\s+other\s+party|as\s+follows"
        r"|with\s+cause"
        # "may terminate this Agreement immediately upon written notice for Cause"
        r"|" + _EN_RIGHT_FOR_CAUSE
    )


_EN_FOR_CAUSE = _for_cause(r"default")
# The same, but not the proviso a lessor puts before a tenant's option: "Provided that no Event
# of Default has occurred and is continuing, Lessee may terminate this Lease ..." names no cause.
_EN_FOR_CAUSE_NOT_IN_PROVISO = _for_cause(r"(?<!no\sevent\sof\s)(?<!no\s)default")
# Words that grant no right of their own: a reference to one ("if X terminates ... without
# cause pursuant to Section 8.2"), a reason named ("for any reason other than"), an event.
_EN_REFERS_OR_REASON = (
    r"|for\s+(?:any|whatever)\s+reason\s+other|for\s+cause\b"
    # (not a proviso on the grant before it: "Either party may terminate this Agreement for
    # any reason or no reason upon thirty (30) days' prior written notice; provided, however,
    # that if Client terminates ... before the end of the sixth Contract Month, Client shall pay")
    r"|(?<!provided\sthat\s)(?<!however,\sthat\s)\bif\s+(?:\w+\s+){0,8}?(?:terminates|cancels)"
    r"|in\s+the\s+event\s+(?:that\s+)?(?:\w+\s+){0,3}?(?:should|is|are|becomes?)\b"
    # a termination the contract forbids and names: "Any termination by Franchisee other than
    # in accordance with this Section 10.1 is a termination without cause and a material breach"
    r"|(?:is|be|constitutes?)\s+(?:deemed\s+)?(?:to\s+be\s+)?a\s+termination\s+without"
    # a termination as an event, not a right: "Termination of the Distribution Agreement for
    # any reason terminates the Sponsor Agreement at the same time"
    r"|\btermination\s+of\s+(?:the|this)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)\s+for\s+"
    r"(?:any|whatever)\s+reason"
)
# An item's mark: "(ii)", "(b)", "2)", but not a figure after its words, "twelve (12)"
_ITEM_MARK = r"\((?:[ivx]{1,4}|[a-h])\)|(?<!\()\b\d{1,2}\)"
# "may terminate this Agreement by ninety (90) days' written notice if the Plant ceases to
# produce ... for any reason": the words of convenience belong to the condition's event
# (not where a later item of a list grants them: "... 1) if ... or 2) without cause for any
# reason").
_EN_REASON_IN_CONDITION = (
    r"|terminat\w*\s[^.;]{0,160}?\b(?:if|in\s+the\s+event)\b"
    r"(?:(?!" + _ITEM_MARK + r")[^.;]){0,200}?"
    r"\bfor\s+(?:any|whatever)\s+(?:or\s+no\s+)?reason"
    # ... or to a condition before the right: "If any Race is cancelled or is not held on its
    # scheduled Race Day for any reason, ..., Sponsor may terminate this Agreement" (not "if
    # Licensee wishes to terminate this Agreement for any reason")
    r"|\bif\s+(?:(?!terminat|cancel\w*\s+(?:this|the)\s|wish|desire|elect|decide"
    r"|" + _ITEM_MARK + r")[^.;]){0,160}?"
    r"\bfor\s+(?:any|whatever)\s+(?:or\s+no\s+)?reason"
)
# A right open only in a window a notice received opens: "may terminate this Agreement upon
# ninety (90) days' written notice given within thirty (30) days after receiving a notice of a
# fee increase" (the rules and the assisting detector alike)
_EN_WINDOW_AFTER_RECEIPT = (
    r"within\s+[^.;]{0,40}?\b(?:after|following|of)\s+(?:its\s+|the\s+)?(?:receiv\w*|receipt)\b"
    # ... or after the other side's notice of an event: "upon sixty (60) days' written notice
    # given within ninety (90) days after Harrowdene's notice of a Devaluation"
    r"|within\s+[^.;]{0,40}?\b(?:after|following)\s+(?:the\s+)?(?:[\w&-]+\s+){0,2}?[\w&-]+['’]s\s+"
    r"(?:written\s+)?notice\s+of\s+(?:a|an|the|any|such)\s+(?!termination\b|intent)"
    # ... or after a change of control: "upon ninety (90) days' written notice given at any
    # time within twelve (12) months following a Change of Control"
    r"|within\s+[^.;]{0,40}?\b(?:after|following|of)\s+(?:a|an|the|any|such)\s+"
    r"change\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership)\b"
)
# Nor is a right that only an event opens ("if", "in the event that", "upon the occurrence
# of", a change of control, force majeure): convenience needs no reason at all.
_EN_ON_EVENT = (
    # "if" as a word, written so the branch opens with a literal (a faster scan)
    r"|if\b(?<![a-z]if)|in\s+the\s+event|(?:upon|after)\s+the\s+occurrence|should\b|following\s+the\s+\w+\s+of"
    # ("any proposed change in its control, and any such change without the Provider's prior
    # written consent shall entitle the Provider to terminate")
    r"|change\s+(?:of|in)\s+(?:its\s+|their\s+|the\s+)?control|force\s+majeure|acquired"
    r"|any\s+of\s+the\s+following"
    # a seller's board taking a better offer: "may ... terminate this Agreement ... in response to
    # a Superior Proposal"
    r"|superior\s+proposal"
    # "with three (3) months' notice in the case described in Section 4.2(b)"
    r"|" + _EN_IN_CASES_DESCRIBED + r"|" + _EN_WINDOW_AFTER_RECEIPT
)
# A month by its name, as a date in words opens: "not later than January 31, 2010"
_EN_MONTH_NAME = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
)
# A notice by either name: "written notice", "written notification".
_EN_NOTICE = r"noti(?:ce|fication)"
# The right must be to end this agreement, not an offering or a purchase order.
_EN_TERMINATE_AGREEMENT = (
    # ... whole or in part: "terminate all or any part of this Subcontract"
    r"(?:terminat|cancel)\w*\s+(?:all\s+or\s+(?:any\s+)?part\s+of\s+)?(?:this|the)\s+"
    r"(?:\w+\s+){0,2}?(?:agreement|contract)"
    # plain drafting: "Either party may end this Agreement at any time on written notice",
    # "may withdraw from this Agreement upon sixty (60) days written notice"
    r"|\bend\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)"
    # Commonwealth drafting's word for it: "The Licensee may determine this Agreement at any
    # time, for any reason, by giving the Licensor not less than 30 days' written notice"
    r"|determine\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)"
    r"|withdraw\s+from\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)"
    # ... or by the document's own short name: "Either Party may end this CRADA at any time,
    # without cause", "terminate this MOU", "terminate this Lease", "terminate this Task Order"
    # (a subcontract's own "this Subcontract")
    r"|(?:terminat\w*|cancel\w*|end)\s+(?:all\s+or\s+(?:any\s+)?part\s+of\s+)?this\s+"
    r"(?:crada|mou|memorandum|lease|(?:task|delivery)\s+order|sub-?contract)\b"
    # a consultant's or producer's contract by what it sets up: "may at any time ... cancel the
    # Program and terminate Producer's engagement by written notice"
    r"|(?:terminat|cancel)\w*\s+(?:the\s+)?(?:[\w-]+['’]s?\s+)?engagement\b"
    # ... or a member's: "After the Initial Term, either of us may end the membership for any
    # reason by giving the other at least thirty (30) days' written notice"
    r"|(?:terminat\w*|cancel\w*|end)\s+(?:the|your|its|their)\s+membership\b"
    # an aircraft or engine lease's own words: "the Lessee may terminate the leasing of the
    # Aircraft with effect on the sixth (6th) anniversary of the Delivery Date"
    r"|terminat\w*\s+the\s+leasing\s+of\b"
    # a joint venture's participant leaving it: "A Participant may withdraw from the Joint
    # Venture at any time by giving not less than 90 days' notice"
    # ... or a consortium's member: "Any Member may withdraw from the Consortium for any reason"
    r"|withdraw\s+from\s+the\s+(?:(?:joint\s+)?venture|consortium|alliance|partnership)\b"
    r"|opt\s+out\s+of\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)"
    # "may discontinue this Agreement upon sixty (60) days notice" (not a product discontinued)
    r"|discontinue\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)"
    r"|(?:agreement|contract)\s+(?:\w+\s+){0,3}?(?:may|shall|will|can)\s+(?:also\s+)?be\s+(?:terminated|cancell?ed)"
    r"|(?:agreement|contract)\s+(?:\w+\s+){0,3}?(?:be|is)\s+terminable"
    # "may, at its option, terminate", "may, in its sole discretion, terminate"
    # (not one of many things ordered under it: "Customer may cancel a confirmed session")
    r"|(?:may|can)(?:\s*,[^,;.]{1,40},)?\s+(?:unilaterally\s+|also\s+)?(?:elect\s+to\s+)?"
    r"(?:terminate|cancel(?!\s+(?:a|an|each)\s))"
    # "shall have the right to terminate", "shall have the option to terminate", "is free to"
    r"|(?:right|option|free)\s+to\s+(?:terminate|cancel)"
    r"|entitled\s+to\s+(?:unilaterally\s+)?(?:terminate|cancel)"
    # "sixty (60) days' written notice of termination of this Agreement"
    r"|" + _EN_NOTICE + r"\s+(?:in\s+writing\s+)?of\s+(?:its\s+|their\s+)?"
    r"(?:termination|cancellation|intent\w*\s+to\s+(?:terminate|cancel))"
    r"\s+(?:of\s+)?(?:this|the)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)"
    r"|(?:terminated|cancell?ed)\s+by\s+(?:either|any|each)\s+(?:of\s+the\s+)?part(?:y|ies)"
    # ... the sides by their names: "until terminated by either Seller or Buyer upon not less
    # than one hundred eighty (180) days' prior written notice"
    r"|(?:terminated|cancell?ed)\s+by\s+either\s+(?:[\w&.-]+\s+){1,4}?or\s+(?:[\w&.-]+\s+){1,4}?"
    # (British drafting's "until terminated by either the Company or the Manager giving to the
    # other not less than ninety (90) days' notice in writing")
    r"(?:upon|on|by\s+giving|giving|with)\s"
    r"|terminat(?:e|ion)\s+(?:by\s+\w+\s+)?(?:for\s+convenience|without\s+(?:cause|reason))"
    # an evergreen's end by the word for it: "shall continue in effect indefinitely until either
    # party terminates it, with or without cause, by giving ... ninety (90) days' ... notice"
    r"|\buntil\s+(?:either|any|each)\s+(?:[\w&.-]+\s+){1,5}?terminates\s+it\b"
)
# What a notice is after its period: "prior written", "advance", "irrevocable prior written"
_EN_NOTICE_KIND = r"(?:irrevocable\s+)?(?:prior\s+|advance\s+)?(?:written\s+)?"
# A notice period: "sixty (60) days' prior written notice", "[***] written notice".
_EN_NOTICE_PERIOD = (
    r"(?:at\s+least\s+|not\s+less\s+than\s+|no\s+less\s+than\s+)?"
    # "one hundred eighty (180) days' prior written notice", "a month's notice in writing"
    r"(?:(?:[\w-]+\s+){0,3}?(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?(?:days?|weeks?|months?)"
    r"(?:['’]s?)?\s+|\[\*+\]\s+(?:days?['’]?\s+)?)" + _EN_NOTICE_KIND + _EN_NOTICE
)
# No condition in the words that follow a grant: "..., if", "in the event of".
_EN_NO_CONDITION_AFTER = (
    r"(?!(?:(?!\((?:[ivx]{1,4}|[a-z]|\d{1,2})\))[^;.]){0,80}?\b(?:if|in\s+the\s+event"
    r"|upon\s+the\s+occurrence|in\s+case|following|provided)\b)"
)
# One's own wish is no condition: "in the event that the Company desires to terminate the
# Agreement ..., it shall provide ... 60 days prior written notice".
_EN_WISH_TO_TERMINATE = (
    r"(?:desires|wishes|decides|chooses|wants)\s+to\s+(?:terminate|cancel|end)\s"
)
_RU_DISPUTE = r"спор|разноглас|рассматрива|подсуд|разреша|претензи|\bиск"
# Arbitration as the forum, not arbitration costs in an indemnity list.
_EN_ARBITRATION_FORUM = (
    r"(?:settled|resolved|submitted|referred|determined|decided|conducted)\s+(?:\w+\s+){0,4}?"
    r"(?:by|to|through|in|under)\s+(?:\w+\s+){0,3}?arbitrat|binding\s+arbitration"
    r"|arbitration\s+(?:shall|will)|arbitral|arbitrators?\b"
)
# Renewal by choice (an option, an approval, a new agreement) is not automatic.
# An amendment that strikes the renewal out: "Elimination of Automatic Renewal", "Section 11.2
# ..., which provided for the automatic renewal ... unless either party gave notice of
# non-renewal, is deleted in its entirety"
_EN_RENEWAL_STRUCK_OUT = r"|\beliminat\w*|\bdelet(?:e|ed|es|ion)\b"
_EN_RENEWAL_BY_CHOICE = (
    r"approv|mutual(?:ly)?\s+agree|may\s+be\s+renewed|may\s+be\s+extended|may\s+(?:renew|extend)"
    r"|\boption\b|elect\s+to|by\s+mutual|upon\s+(?:the\s+)?(?:written\s+)?agreement"
    r"|(?:shall|will)\s+not\s+relieve|surviv|coverage|insurance|right\s+to\s+(?:renew|extend)"
    # an insurer's own renewals: "notice of any intention not to renew a policy"
    r"|renew\w*\s+(?:a|the|any|such|each)\s+polic(?:y|ies)\b"
    r"|(?:at|in)\s+(?:its|their|\w+['’]s)\s+(?:sole\s+|absolute\s+)?discretion"
    r"|(?:do|does|shall|will)\s+not\s+(?:be\s+)?automatically"
    r"|not\s+(?:be\s+)?(?:renewed|extended)\s+(?:automatically|tacitly)"
    # ("This Agreement shall not be tacitly renewed", "no tacit renewal")
    r"|not\s+(?:be\s+)?tacitly|\bno\s+tacit\b"
    # "This Agreement will not renew automatically."
    # ("This Agreement shall not renew or extend automatically.")
    r"|(?:do|does|shall|will)\s+not\s+(?:renew|extend)\w*(?:\s+or\s+(?:renew|extend)\w*)?"
    r"\s+automatically"
    # "There shall be no automatic renewal", "without any automatic extension"
    r"|(?:\bno|without)\s+(?:any\s+)?automatic\s"
    # a renewal one side asks for and the other grants: "If the other party accepts the
    # request in writing within thirty (30) days after receiving it, this Agreement will be
    # renewed for the further term"
    r"|\baccepts?\s+(?:the|such|a|that)\s+(?:request|proposal)"
    # ... or renews by a letter the other side countersigns: "If the Agent countersigns that
    # letter and returns it ..., this Agreement shall be renewed for that period"
    r"|\bcountersigns?\b"
    # a deadline tolled or a licence tied to patents is not the term renewing
    r"|extended\s+by\s+(?:the|a)\s+(?:number|period)|last\s+to\s+expire"
    # a pledge held open until what it secures is done: "the term of this Agreement shall be
    # automatically extended until the date on which all Contractual Obligations have been
    # fully performed"
    r"|exten\w*\s+until\b[^.;]{0,120}?\b(?:(?:have|has)\s+been|are|is)\s+"
    r"(?:fully\s+|completely\s+|finally\s+|irrevocably\s+)?"
    r"(?:performed|paid|repaid|discharged|satisfied|fulfilled|released)" + _EN_RENEWAL_STRUCK_OUT
)
# How long or how often a term is renewed: "for a 1 year period", "for like periods",
# "annually", "each year", or simply "unless" a party says no.
_EN_RENEWED_HOW = (
    r"(?:for\s+(?:an?\s+|one\s+)?(?:[\w()-]+\s+){0,5}?(?:terms?|periods?|years?|months?)\b"
    r"|annually|yearly|(?:each|every)\s+year|from\s+year|unless)"
)
# What else "shall be extended for a period": a deadline moved by a delay, a warranty.
_EN_NOT_TERM_EXTENDED = r"|delay|force\s+majeure|time\s+(?:required|for)|warrant"
# Renewal that only a notice stops runs on by itself, however the sentence words the
# renewal ("may be renewed ... unless either Party provides notice of non-renewal"):
# only a renewal that needs both sides' consent or one side's election is by choice.
_EN_RENEWAL_BY_AGREEMENT = (
    r"mutual(?:ly)?\s+agree|by\s+mutual|\boption\b|elect\s+to|upon\s+(?:the\s+)?(?:written\s+)?agreement"
    r"|(?:do|does|shall|will)\s+not\s+(?:be\s+)?automatically|surviv" + _EN_RENEWAL_STRUCK_OUT
)
# Until a side ends it: "until terminated by either party", "until either party gives notice",
# "until either of us ends it"
_EN_UNTIL_A_SIDE_ENDS = r"\buntil\b[^.;]{0,80}?(?:terminat|notice|notif|\bends?\s+(?:it|this)\b)"
# What makes a term run on by itself: the agreement "shall continue"/"shall be renewed"
# for a further period, or it does so "unless" a party gives notice.
_EN_RUNS_ON = (
    # "shall thereafter be extended by successive periods of one year"
    r"(?:shall|will)\s+(?:thereafter\s+)?(?:automatically\s+)?(?:be\s+)?(?:renew|extend)"
    # not "deemed extended": a deadline moved by a delay
    r"|(?:shall|will)\s+be\s+deemed\s+(?:to\s+(?:be|have\s+been)\s+)?renewed"
    r"|(?:shall|will|to)\s+(?:automatically\s+)?continue\s+(?:in\s+(?:full\s+)?(?:force|effect)"
    r"|(?:thereafter\s+)?(?:for|from|on)\b|thereafter)"
    r"|\bunless\b[^.;]{0,160}?(?:notice|notif|terminat|cancel|not\s+to\s+renew)"
    # "will roll over for additional twelve-month periods"
    r"|(?:shall|will)\s+(?:automatically\s+)?roll[\s-]?over\b"
    r"|notice\s+of\s+(?:its\s+)?(?:non-?\s?(?:renewal|extension)|intent\w*\s+not\s+to\s+(?:renew|extend))"
    r"|non-?\s?(?:renewal|extension)\s+notice|not\s+to\s+(?:renew|extend)"
    r"|" + _EN_UNTIL_A_SIDE_ENDS
)
# More ways a renewal says how long it runs: "on a yearly basis", "on a five (5) year basis",
# "by an additional year", "by one (1) year" (a delay's "by the number of days" is turned
# away by the rejects).
_EN_RENEWED_BY_A_YEAR = (
    r"|on\s+an?\s+(?:[\w()-]+\s+){0,2}?(?:yearly|annual|monthly|year|month)"
    r"(?:[\s-]+to[\s-]+(?:year|month))?\s+basis"
    r"|by\s+(?:an?\s+(?:additional\s+|further\s+)?|one\s+|two\s+|three\s+)?(?:\(\d+\)\s+)?(?:years?|months?)\b"
)
_RU_LIABILITY = r"неустойк|штраф|пен[иья]|ответственност|отвеча|убытк|ущерб|возмещ"
_RU_NOT_MORE = (
    r"не\s+(?:(?:может|могут|должн\w+)\s+(?:быть\s+|составлять\s+)?)?(?:более|больше|свыше)"
)

# Order inside a clause is priority: the first rule that holds supplies the evidence.
# The term going on after its first period, and until what: "thereafter shall continue in force
# unless and until terminated"
_EN_GOES_ON = (
    r"(?:continue|remain)\s+(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?(?:\s+|(?=,)))?"
    # "shall continue in force indefinitely until terminated"
    r"(?:indefinitely\s+)?"
    # ("shall continue in effect, without a fixed date of expiration, until either party ...",
    # "without any fixed end date")
    r"(?:,?\s*without\s+(?:a|any)\s+fixed\s+(?:date\s+of\s+)?(?:expiration|expiry|term|end)(?:\s+date)?,\s+)?"
)
# ("until determined by either party giving ... notice", as Commonwealth drafting ends it)
_EN_UNTIL_ENDED = (
    r"(?:unless\s+and\s+)?until\s+(?:terminated|determined|either|one\s+party|any\s+party)\b"
)

RULES: tuple[ClauseRule, ...] = (
    # --- penalty: неустойка, пени, штраф / liquidated damages, late-payment interest
    _rule(
        "penalty",
        (r"неустойк", r"пен(?:и|я|ей|ю)\b", r"штраф"),
        language="ru",
        rejects=_RU_PENALTY_NEGATION,
    ),
    # English: CUAD's "liquidated damages": an agreed sum payable on breach or termination
    # (liquidated damages, a termination or cancellation fee, a contractual penalty),
    # never interest on money paid late. A sum named as liquidated damages proves itself;
    # a fee counts where its sentence states the sum paid, or else only where the learned
    # detector (`clause_model`) also finds the clause in the document, at a gate low enough
    # to keep 39 in 40 of the contracts that have it; a "penalty" only where its sentence
    # states what is owed (`_EN_PENALTY_OWED`). On contracts nobody tuned on, the fee and
    # "penalty" branches had flagged about as many contracts wrongly as rightly.
    _rule(
        "penalty",
        # "as liquidated and agreed damages"; "agreed and liquidated damages" holds the words;
        # "stipulated damages", their other name (in construction and public contracts)
        # "Liquidated Damages. If ..., the Seller shall pay $500 a day": a heading read with
        # the sentence under it
        (
            r"liquidated\s+(?:and\s+agreed\s+)?damages",
            r"stipulated\s+damages",
            r"agreed\s+damages",
            r"liquidated\s+damages\s*[.:][ \t]*\n?[ \t]*[\w(]",
        ),
        language="en",
        requires=(_EN_CLAUSE_VERB, _EN_LD_AGREED),
        # "...shall be deemed liquidated damages and not a penalty" affirms them
        rejects=_EN_LD_NAME_REJECTS,
        # a lessor's remedies: "Lessor may ... exercise any one or more of the following
        # remedies: ...; and (e) recover from Lessee, as liquidated damages for loss of a
        # bargain and not as a penalty, an amount equal to ..."
        reads_lead_in=True,
    ),
    # "Delay damages" for work done late, which are agreed damages; not the same name for
    # interest on money paid late, as Japanese and German drafting has it ("Any amount not
    # paid when due shall bear delay damages at the rate of 14.6% per annum")
    _rule(
        "penalty",
        (r"delay\s+damages",),
        language="en",
        requires=(_EN_CLAUSE_VERB, _EN_LD_AGREED),
        rejects=_EN_LD_NAME_REJECTS
        + _EN_LATE_PAYMENT
        # (and on a shortfall an audit finds: "shall pay the shortfall with delay damages")
        + r"|per\s+annum|underpa|shortfall",
    ),
    # A sum recovered "as damages for loss of a bargain and not as a penalty": the words that
    # make an agreed sum of what a lease's default clause sets (the Stipulated Loss Value)
    # (opening with "penalty", a word the shared index finds in a few places, not with "and")
    _rule(
        "penalty",
        (r"penalty\b",),
        language="en",
        # (the interest such a clause adds on the sum from demand does not make it interest)
        # (or "constitutes a lump-sum compensation ... and not a penalty", as Belgian and Dutch
        # drafting calls an agreed sum, its "forfaitaire schadevergoeding")
        requires=(
            r"\band\s+not\s+(?:as\s+)?a\s+penalty\b",
            r"\bas\s+damages\b|lump[\s-]sum\s+compensation",
            r"amount|\bsum\b|value|\bfee\b",
        ),
    ),
    # A sum the parties call their estimate of the harm, whatever its name: "which is a
    # reasonable estimate of the damages we would incur", "a genuine pre-estimate of such loss"
    _rule(
        "penalty",
        (
            # ("pre-estimate" holds the word)
            # ("a reasonable estimate of Distributor's damages and not a penalty")
            r"estimate\s+of\s+(?:the\s+|such\s+|those\s+|its\s+|our\s+|any\s+)?"
            r"(?:[\w'’]+\s+){0,3}?(?:damages?|loss(?:es)?)\b",
            # English law's own words, whatever is estimated: "a genuine pre-estimate of the
            # margin Lumencask will lose" (or joined up where a hard-wrapped line broke it: "a
            # reasonable pre-\nestimate of Operator's unrecovered fixed costs", read as
            # "preestimate")
            r"pre-estimate\s+of\b",
            r"preestimate\s+of\b",
            # ... or what a side loses, said with its verb: "a reasonable estimate of the
            # contribution Manufacturer loses on the production capacity it reserves"
            r"estimate\s+of\s+(?:the\s+|such\s+|its\s+)?(?:[\w'’]+\s+){1,4}?(?:loses|would\s+lose"
            r"|will\s+lose|suffers|would\s+suffer|will\s+suffer)\b",
        ),
        language="en",
        requires=(_EN_CLAUSE_VERB, r"reasonable|genuine|good[\s-]faith|\bfair\b|pre-?estimate"),
        rejects=_EN_LD_DENIED + _EN_NOT_OWED,
    ),
    # ... or its agreed compensation for a failure: "the Concessionaire shall pay the Store
    # Company £[***] for each such day as agreed compensation for the loss of Concession Fee and
    # the harm to the appearance and reputation of the Store" (not "the agreed compensation for
    # the Services", a price)
    _rule(
        "penalty",
        (r"as\s+agreed\s+(?:and\s+liquidated\s+)?compensation\s+for\b",),
        language="en",
        requires=(r"\bpa(?:y|ys|id|yable)\b", r"\bloss|damage|harm|delay|fail|breach"),
        rejects=_EN_LD_DENIED + _EN_NOT_OWED,
    ),
    # The recital of liquidated damages: the harm is hard to measure, so a sum stands for it
    # ("actual damages would be impracticable or extremely difficult to fix, and the amount in
    # Schedule C is a fair estimate of them"); not the same words before an injunction
    # ("damages would be difficult to ascertain and the Company may seek injunctive relief").
    _rule(
        "penalty",
        tuple(
            word + r"\s+(?:or\s+(?:extremely\s+)?\w+\s+)?"
            r"to\s+(?:ascertain|fix|determine|calculate|estimate|quantify|measure|compute)\b"
            for word in ("impracticable", "impossible", "difficult")
        ),
        language="en",
        requires=(r"damages?|loss", r"\bsum\b|amount|estimate|liquidated|\bfee\b"),
        rejects=_EN_LD_DENIED
        + _EN_NOT_OWED
        + r"|injunct|equitable|specific\s+performance|irreparabl|inadequate",
    ),
    _rule(
        "penalty",
        (
            # not "pre-termination payments", paid before any termination
            r"termination(?<!-termination)\s+(?:for\s+\w+\s+)?(?:fee|charge|penalty|payment)s?\b",
            # ... and as a heading, read with the sentence under it: "4.3 Early Termination
            # Payment. If the Company terminates ..., the Company shall pay the Consultant ... a
            # lump sum equal to three (3) months of the Monthly Retainer"
            r"termination\s+(?:fee|charge|payment)\s*[.:][ \t]*\n?[ \t]*[\w(]",
            r"exit\s+fees?\b",
            # a member's leaving a consortium or venture: "a withdrawal fee equal to fifty
            # percent (50%) of the Annual Contribution"
            r"withdrawal\s+(?:fee|charge|payment)s?\b",
            r"buy-?out\s+(?:fee|payment|price)s?\b",
            r"cancellation\s+(?:fee|charge|penalty|payment)s?\b",
            r"break(?:-?up)?\s+fees?\b",
            # media's fee for work cancelled: "a kill fee equal to twenty-five percent (25%) of
            # the Monthly Fees that would have become payable for the remainder of the Term"
            r"kill\s+fees?\b",
        ),
        language="en",
        # ("by giving Landlord written notice ... and paying Landlord, together with the notice,
        # a termination fee of $[***]")
        requires=(
            _EN_CLAUSE_VERB,
            r"\bpa(?:y|ys|id|ying|yable|yment)\b|\bremit|\bowe|\bdue\b|\bequal",
        ),
        rejects=_EN_FEE_NEGATION + _EN_NOT_OWED + r"|(?:shall|will)\s+mean|\bmeans\b",
        learned_gate="liquidated_damages",
        reads_lead_in=True,
    ),
    # The fees of the rest of the term, owed at once when a side ends it early: "If Customer
    # terminates under this Section 8.4, all Subscription Fees that would have become payable
    # for the remainder of the then-current Subscription Term shall become immediately due and
    # payable" (not a refund for the remainder, nor fees pro rata)
    _rule(
        "penalty",
        (r"remainder\s+of\s+the\s+(?:then[\s-]+current\s+|initial\s+)?(?:[\w-]+\s+)?term\b",),
        language="en",
        requires=(
            r"terminat",
            r"(?:become|be|are|is)\s+(?:immediately\s+)?(?:due|payable)|shall\s+(?:\w+\s+)?pay\b",
            r"would\s+have\s+(?:become\s+|been\s+)?(?:due|payable)|all\s+(?:remaining\s+)?fees"
            r"|(?:fees|amounts|payments)\s+(?:\w+\s+){0,4}?(?:for|during)\s+the\s+remainder",
        ),
        rejects=_EN_FEE_NEGATION
        + _EN_NOT_OWED
        # (a refund for the remainder, not "no obligation to refund any prepaid fees")
        + r"|(?<!to\s)refund(?:ed|s)?\s+(?:of\s+|to\s+)?(?:any\s+|the\s+|all\s+)?"
        + r"(?:prepaid|unused|fees)"
        + r"|credit|prorat|pro\s+rata|no\s+(?:obligation|liability)\s+to\s+pay",
    ),
    # A fixed sum owed because the contract ends early, whatever it is called: "If a
    # termination occurs under this Section 11(a), then BPA shall pay to Seller ... an amount
    # equal to one million eight hundred thousand dollars ($1,800,000)"; not what was owed
    # anyway (fees accrued to the day it ends, a refund, a pro rata share).
    _rule(
        "penalty",
        (
            r"if\s+(?:a\s+|the\s+|such\s+|this\s+|any\s+)?(?:[\w-]+\s+){0,3}?terminat",
            r"upon\s+(?:a\s+|the\s+|such\s+|any\s+)?(?:early\s+)?terminat",
            r"event\s+(?:of\s+(?:a\s+|an\s+|any\s+|such\s+)?(?:early\s+)?terminat|that\s+"
            r"(?:\w+\s+){0,4}?terminat)",
        ),
        language="en",
        requires=(
            r"\b(?:shall|will|must)\s+(?:\w+\s+)?pay\b",
            # ("The Company shall pay Consultant a fee of $15,000 if this Agreement is terminated
            # by the Company before August 1, 2019")
            r"(?:amount|sum|fee)\s+(?:equal\s+to|of)\s+(?:[a-z-]+\s+){0,8}?\(?(?:us)?\$\s?\d",
        ),
        rejects=_EN_FEE_NEGATION
        + _EN_NOT_OWED
        + r"|accru|unpaid|outstanding|earned|refund|prorat|pro\s+rata|rendered|delivered"
        + r"|through\s+the\s+(?:effective\s+)?date\s+of|prior\s+to\s+(?:the\s+)?(?:date|effective)"
        # goods bought back, costs made good: a price, not a sum for ending early
        + r"|inventory|per\s+unit|purchase|incurred|expenses|\bcosts?\b",
    ),
    _rule(
        "penalty",
        (r"penalt(?:y|ies)\b",),
        language="en",
        requires=(_EN_CLAUSE_VERB, _EN_PENALTY_OWED),
        # a tax or a regulator's penalty, a loan's prepayment charge: no agreed damages
        rejects=_EN_PENALTY_NEGATION
        + _EN_LATE_PAYMENT
        + _EN_NOT_OWED
        + r"|\btax|governmental|regulatory|imposed\s+by\s+(?:any\s+)?(?:law|statute)|prepay"
        + r"|laws\s+or\s+regulations|penalt\w*\s+(?:statute|act|law)\b"
        + r"|(?:assessments?|taxes|levies)\s+(?:and|or)\s+penalt"
        # one item of a list of claims and losses, as in an indemnity
        + r"|(?:claims?|lawsuits?|losses|obligations|liabilit\w*),\s+penalt|penalt\w*,\s+"
        + r"(?:claims?|actions?|judgments?|costs|fines|losses|liabilit)"
        # a concentrate's price deductions for impurities ("less the treatment charge and
        # penalties provided for below", "penalties for deleterious elements")
        + r"|treatment\s+charges?|refining\s+charges?|deleterious|impurit",
    ),
    # A contractual fine, as Brazilian and other civil-law drafting names in English the sum a
    # party in breach pays ("shall pay to the other Party a non-compensatory fine equal to
    # R$[***]"; "compensatory" also finds "non-compensatory"); not a fine a public body imposes
    # (Quebec's civil law calls it a penal clause: "shall pay to the Manufacturer, as a penal
    # clause within the meaning of article 1622 of the Civil Code of Quebec, an amount equal to")
    _rule(
        "penalty",
        (r"compensatory\s+fines?\b", r"contractual\s+fines?\b", r"penal\s+clauses?\b"),
        language="en",
        requires=(_EN_CLAUSE_VERB, r"\bpa(?:y|ys|id|yable)\b|\bequal\s+to\b|\bamount\s+of\b"),
        rejects=r"\bno\s+(?:[\w-]+\s+){0,3}?fines?\b|without\s+(?:any\s+)?(?:\w+\s+)?fines?\b"
        + r"|governmental|regulatory|imposed\s+by"
        + _EN_NOT_OWED,
    ),
    # --- unilateral termination: односторонний отказ / termination for convenience
    _rule(
        "unilateral_termination",
        (r"одностороннем\s+(?:внесудебном\s+)?порядке",),
        language="ru",
        requires=r"расторг|расторж|отказ|прекра",
        rejects=_RU_NO_RIGHT,
    ),
    _rule(
        "unilateral_termination",
        (r"односторонн\w*\s+(?:внесудебн\w*\s+)?(?:отказ|расторжени)",),
        language="ru",
        rejects=_RU_NO_RIGHT,
    ),
    _rule(
        "unilateral_termination",
        (
            # "отказаться от исполнения Договора", "в случае отказа Заказчика от исполнения
            # Договора" (the one who refuses may stand between), "от исполнения обязательств
            # по Договору" (ст. 782 п. 2 ГК)
            r"отказ\w*\s+(?:[а-яё]+\s+)?от\s+(?:(?:его|её|ее)\s+)?(?:исполнения\s+"
            r"|дальнейшего\s+исполнения\s+)?(?:настоящего\s+)?(?:договора|соглашения|контракта"
            r"|оферты|услуг|ремонта|работ|обязательств\s+по\s+(?:настоящему\s+)?(?:договору"
            r"|соглашению|контракту))",
            r"прекратить\s+действие",
            # a consumer's «вправе отказаться от Товара в любое время до его передачи»
            r"отказ\w*\s+от\s+товара\s+в\s+любое\s+время",
            # «вправе отказаться от участия в Выставке и от исполнения Договора»
            r"отказ\w*\s+от\s+[^.;]{1,60}?\s+и\s+от\s+исполнения\s+(?:настоящего\s+)?"
            r"(?:договора|соглашения|контракта)",
            # "Любая Сторона может выйти из настоящего Договора, уведомив ..." (a partnership's
            # "выход из договора простого товарищества", ст. 1051 ГК)
            r"вы(?:йти|ход\w*)\s+из\s+(?:настоящего\s+)?(?:договора|соглашения|контракта"
            r"|товарищества)",
        ),
        language="ru",
        rejects=_RU_NO_RIGHT + _RU_ONLY_THROUGH,
    ),
    # "Арендодатель вправе расторгнуть Договор, уведомив Арендатора за 30 дней": a right to end
    # the contract without a court, though the word "односторонний" is not there.
    _rule(
        "unilateral_termination",
        (
            r"вправе\s+(?:[\w,]+\s+){0,12}?(?:досрочно\s+)?расторгнуть",
            r"имеет\s+право\s+(?:[\w,]+\s+){0,12}?(?:досрочно\s+)?расторгнуть",
            # «Наниматель в любое время может расторгнуть настоящий Договор» (ст. 101 ЖК)
            r"(?:может|могут)\s+(?:в\s+любое\s+время\s+)?(?:досрочно\s+)?расторгнуть",
        ),
        language="ru",
        rejects=_RU_NO_RIGHT + _RU_NOT_ALONE,
    ),
    # "Договор может быть досрочно расторгнут Заказчиком путем направления уведомления":
    # a contract ended by a notice alone is ended one-sidedly (ст. 450.1 ГК), though neither
    # "вправе" nor "односторонний" is there. Not notice of non-renewal.
    _rule(
        "unilateral_termination",
        (
            r"расторгнут\w*" + _RU_BY_NOTICE_ALONE,
            r"расторгнут\w*" + _RU_WITH_NOTICE,
        ),
        language="ru",
        rejects=_RU_NO_RIGHT + _RU_NOT_ALONE + r"|продл|пролонг",
    ),
    # The same for a contract "прекращен" by notice, or on one side's application: "Действие
    # Договора может быть прекращено любой из Сторон путем направления уведомления", "Договор
    # может быть досрочно прекращен по заявлению любой из Сторон"; and the notice of an
    # intended termination a side must send ("уведомление о намерении расторгнуть Договор").
    # Not the notice that stops a renewal.
    _rule(
        "unilateral_termination",
        (
            r"прекращен\w*" + _RU_BY_NOTICE_ALONE,
            r"прекращен\w*" + _RU_WITH_NOTICE,
            # "по (письменному) заявлению любой из Сторон", opening on the rarer word
            r"заявлению\s+(?:одной|любой|каждой)\s+из\s+сторон",
            r"требованию\s+(?:одной|любой|каждой)\s+из\s+сторон",
            r"уведомлени\w*\s+о\s+(?:сво[её]м\s+)?намерении\s+(?:досрочно\s+)?(?:расторгнуть|прекратить)",
            r"уведомлени\w*\s+о\s+(?:досрочном\s+|одностороннем\s+)?расторжении",
        ),
        language="ru",
        requires=r"расторг|прекра|отказ",
        rejects=_RU_NO_RIGHT
        + _RU_NOT_ALONE
        + r"|продл|пролонг|(?:истечени|окончани)\w*\s+(?:\w+\s+){0,2}?срока|тот\s+же\s+срок",
    ),
    # "Исполнитель оставляет за собой право в любое время прекратить оказание услуг": a
    # reserved right to stop performing is a one-sided refusal (ст. 310 ГК).
    _rule(
        "unilateral_termination",
        (r"оставля\w*\s+за\s+собой\s+право\s+(?:[\w,]+\s+){0,8}?прекра(?:тить|щать)",),
        language="ru",
        rejects=_RU_NO_RIGHT + _RU_NOT_ALONE,
    ),
    # Комитент or доверитель ends the contract by revoking the commission (ст. 977, 1003 ГК).
    _rule(
        "unilateral_termination",
        (r"отмен(?:ить|ы|ой)\s+(?:\w+\s+){0,3}?поручени",),
        language="ru",
        rejects=_RU_NO_RIGHT,
    ),
    # "Договор может быть расторгнут по инициативе Заказчика", ст. 782 / 450.1 ГК РФ.
    _rule(
        "unilateral_termination",
        (r"по\s+инициативе", r"450\.1", r"782\s+(?:гк|гражданск)"),
        language="ru",
        requires=r"расторг|прекра|отказ",
        rejects=_RU_NO_RIGHT,
    ),
    _rule(
        "unilateral_termination",
        (
            # "for its (own) convenience", and public procurement's "for the convenience of
            # the Government" (one trigger per opening word: each is one more scan)
            # ("for its sole convenience", the Government's reserved right)
            r"for\s+(?:(?:its|their)\s+(?:own\s+|sole\s+)?|the\s+)?convenience",
            # ("without giving any reason", as English drafting has it)
            r"without\s+(?:cause|(?:(?:giving|assigning|stating|specifying)\s+)?(?:any\s+)?reasons?\b)",
            # "for any reason", "for any or no reason", "for whatever reason"
            r"for\s+(?:any|whatever)\s+(?:or\s+no\s+)?reason",
            r"for\s+no\s+reason",
            r"with\s+or\s+without\s+cause",
            r"for\s+non-?\s?cause",
            # "may terminate this Agreement at will" (opening on "will", the rarer word)
            # (a justified line's two spaces too)
            r"will\b(?:(?<=\bat will)|(?<=\bat  will))",
            # public procurement (FAR 52.249): "whenever the Government determines that a
            # termination is in the Government's interest"
            r"termination\s+is\s+in\s+(?:the\s+)?(?:its\s+|their\s+|[\w-]+['’]s\s+)?"
            r"(?:best\s+)?interests?\b",
        ),
        language="en",
        requires=_EN_TERMINATE_AGREEMENT,
        # "If the Manufacturer terminates ... without cause pursuant to Section 8.2" only
        # refers to a right granted elsewhere; "for any reason other than" names one.
        rejects=_EN_NO_RIGHT + _EN_REFERS_OR_REASON + _EN_REASON_IN_CONDITION,
    ),
    _rule(
        "unilateral_termination",
        (
            r"at\s+any\s+time",
            # "days' notice", "a month's notice", "months notice in writing"
            r"days?(?:['’]s?)?\s+" + _EN_NOTICE_KIND + _EN_NOTICE,
            r"weeks?(?:['’]s?)?\s+" + _EN_NOTICE_KIND + _EN_NOTICE,
            # ("nine (9) months' irrevocable prior written notice")
            r"months?(?:['’]s?)?\s+" + _EN_NOTICE_KIND + _EN_NOTICE,
            r"upon\s+(?:prior\s+|advance\s+)?(?:written\s+"
            + _EN_NOTICE
            + r"|notice\s+in\s+writing)",
            # "on prior written notice": "on" is too common a word to look for, so the
            # trigger opens at "written" and looks back for it
            r"(?<=\bon\s)written\s+" + _EN_NOTICE,
            r"(?<=\bon\sprior\s)written\s+" + _EN_NOTICE,
            r"years?(?:['’]s?)?\s+" + _EN_NOTICE_KIND + _EN_NOTICE,
            # a period blacked out in the filing: "upon [***] prior written notice"
            r"\]\s+(?:(?:prior|advance)\s+(?:written\s+)?|written\s+)" + _EN_NOTICE,
        ),
        language="en",
        requires=_EN_TERMINATE_AGREEMENT,
        # (a term "extended by two (2) years in each case, unless terminated by either Party
        # with twelve (12) months' written notice" renews as much as one "renewed")
        rejects=_EN_NO_RIGHT
        + _EN_FOR_CAUSE_NOT_IN_PROVISO
        + _EN_ON_EVENT
        # (not the notice's own end on a day: "..., such notice to expire on the last day of a
        # calendar month"; but a notice "to expire at the end of the initial period or at the
        # end of any subsequent year" ends a term, not any day)
        # ("... which notice may be given so as to expire on or at any time after the last day
        # of the Initial Period": any day after the first period, not only its end)
        # ("provided that such notice shall not expire before the first anniversary of the
        # Commencement Date": the notice's own first day, not the term's end)
        # (nor "by ... three (3) months' notice in writing expiring on or at any time after the
        # last day of the Initial Period")
        + r"|(?<!notice\sto\s)(?<!notice\sshall\s)(?<!notice\swill\s)(?<!so\sas\sto\s)"
        # (nor an evergreen "without a fixed date of expiration")
        r"(?<!notice\sshall\snot\s)(?<!notice\swill\snot\s)(?<!fixed\sdate\sof\s)expir"
        r"(?!(?:ing|e|es)\s+on\s+or\s+(?:at\s+)?(?:any\s+(?:time|day)\s+)?after\b)"
        r"|renew|be\s+extended"
        + r"|notice\s+(?:to|shall|will)\s+expire\s+at\s+the\s+end"
        # ("such notice to expire on the last day of the Initial Period or on any subsequent
        # anniversary of the Commencement Date")
        + r"|notice\s+(?:to|shall|will|may\s+be\s+given\s+so\s+as\s+to)\s+expire\s+on\s+"
        r"(?:the\s+last\s+day\s+of\s+)?(?:the\s+)?"
        r"(?:initial|primary|original|minimum)\s+(?:term|period)"
        # ... and a pipeline's "from year to year thereafter until terminated by either Party
        # upon twelve (12) months' notice, effective at the end of the Primary Term or at the
        # end of any yearly extension period": an end of a term, not any day
        + r"|(?:end|close)\s+of\s+the\s+(?:initial|primary|original|then[\s-]+current)\s+term"
        + r"|extension\s+(?:period|term)"
        # an acquisition's "may be terminated at any time before the Closing: (a) by mutual
        # written consent ...; (b) ... if the Closing has not occurred": its grounds follow in
        # a list, cut off as sentences of their own (not "prior to the Effective Time by
        # Parent, in its sole discretion")
        + r"|at\s+any\s+time\s+(?:before|prior\s+to)\s+(?:the\s+)?(?:closing|consummation"
        r"|effective\s+time)(?:\W*$|\s*(?::|,?\s*\((?:a|i|1)\)))"
        # ... nor the grounds listed after the notice: "Supplier may terminate this Agreement
        # upon thirty (30) days' written notice to Distributor (a) as provided in Section
        # 4.2(b); (b) if Distributor undergoes a change of control ..."
         + r"|notice\s+(?:to\s+(?:the\s+)?[\w-]+\s+)?\(\s*(?:a|i|1)\s*\)\s+(?:as\s+provided|if\b"
        r"|in\s+the\s+event|upon\b|on\s+the\s+occurrence)",
    ),
    # An option to end the contract early whose notice is timed against the day it ends, not
    # written as a period: "Lessee may terminate this Lease ... on the thirty-sixth (36th) Rent
    # Payment Date ... by giving Lessor written notice at least one hundred eighty (180) days
    # before the Early Termination Date"; "a one-time right to terminate this Sublease effective
    # as of July 31, 2010 ... by giving Sublandlord written notice not later than January 31,
    # 2010". Not a notice against the end of a term, which stops a renewal.
    _rule(
        "unilateral_termination",
        (
            r"notice\s+(?:to\s+(?:the\s+)?[\w-]+\s+)?(?:given\s+)?(?:at\s+least|not\s+less\s+than"
            r"|no\s+less\s+than)\s+(?:[\w-]+\s+){1,4}?(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?"
            r"(?:days|months)\s+(?:before|prior\s+to)\s+(?:the\s+|such\s+|any\s+)?(?:[\w-]+\s+){0,3}?"
            r"(?:date|day)\b",
            # ("by delivering written notice to Landlord (the "Termination Notice") on or before
            # July 31, 2005": the notice named, its last day "on or before")
            r"notice\s+(?:to\s+(?:the\s+)?[\w-]+\s+)?(?:\(\s*the\s+[\"“][\w ]{1,30}[\"”]\s*\)\s+)?"
            r"(?:given\s+)?(?:(?:not|no)\s+later\s+than|on\s+or\s+before)\s+" + _EN_MONTH_NAME,
        ),
        language="en",
        # (the contract itself, not an order placed under it)
        # (not "extend this Agreement to apply to the 2004 Crop by giving Seller written notice
        # on or before December 1, 2003": "end" as a word)
        requires=r"\b(?:terminat\w*|cancel\w*|end)\s+(?:this|the)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:agreement|contract|lease|sublease|licen[cs]e)\b",
        rejects=_EN_NO_RIGHT
        + _EN_FOR_CAUSE_NOT_IN_PROVISO
        + _EN_ON_EVENT
        + r"|expir|renew|be\s+extended"
        + r"|(?:end|close)\s+of\s+(?:the|any|such|each|a)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:term|period|year)\b",
    ),
    # A convenience right granted as one item of a list of termination rights ("Sekisui
    # may terminate this Agreement (i) ... in the event of ..., or (ii) at any other time
    # upon ninety (90) days' prior written notice"): the item names no condition, whatever
    # its neighbours do, so the sentence's other items are not held against it.
    _rule(
        "unilateral_termination",
        (
            r"\((?:[ivx]{1,4}|[a-z]|\d{1,2})\)\s+(?:by\s+(?:either\s+party|the\s+\w+|\w+)\s+)?"
            r"(?:(?:at\s+)?any\s+(?:other\s+)?time\s+(?:during\s+the\s+(?:initial\s+)?term\s+"
            # "(c) at any time after the third (3rd) anniversary of the Commencement Date, for
            # any reason or for no reason, upon one hundred eighty (180) days' prior written notice"
            r"|after\s+the\s+(?:[\w()-]+\s+){1,2}?anniversary\s+of\s+the\s+(?:[\w-]+\s+){1,3}?"
            r"date,?\s+)?)?"
            r"(?:(?:and\s+)?for\s+(?:any|no|whatever)(?:\s+(?:reason\s+)?or\s+(?:for\s+)?no)?\s+reason,?\s+)?"
            r"(?:upon|on|by\s+giving|with|after)\s+" + _EN_NOTICE_PERIOD + _EN_NO_CONDITION_AFTER,
            # the items set apart by semicolons: "...; by Licensor or Licensee upon sixty (60)
            # days' written notice to the other party;"
            # (the trigger opens on "by": a match must not start inside a word)
            *(
                r"by(?<=" + before + r"by)\s+(?:either\s+party|the\s+\w+|\w+(?:\s+or\s+\w+)?)\s+"
                r"(?:at\s+any\s+time\s+)?(?:upon|on|by\s+giving|with|after)\s+"
                + _EN_NOTICE_PERIOD
                + _EN_NO_CONDITION_AFTER
                for before in ("; ", "; or ")
            ),
        ),
        language="en",
        requires=_EN_TERMINATE_AGREEMENT + r"|terminable",
        reads_lead_in=True,
        rejects=_EN_DENIED,
    ),
    _rule(
        "unilateral_termination",
        # the trigger opens with a literal word (a fast scan); the wish is checked after
        (r"to\s+(?:terminate|cancel|end)\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)",),
        language="en",
        requires=(_EN_WISH_TO_TERMINATE, r"notice|notif"),
        rejects=_EN_DENIED
        + _EN_FOR_CAUSE
        # a reference, an event, or the end of a term that is not renewed
        + r"|(?:agreement|contract)\s+(?:\w+\s+){0,2}?(?:pursuant|in\s+accordance|as\s+provided"
        r"|under\s+(?:this\s+)?(?:section|article|clause))"
        + r"|any\s+of\s+the|occur|renew"
        + r"|(?:expiration|end)\s+of\s+the\s+(?:initial\s+|then[\s-]+current\s+|renewal\s+)?term\b",
    ),
    # An item of a list under a heading such as "This Agreement may be terminated:", set
    # apart on its own line: "(a) by Magenta for any reason upon [***] written notice".
    _rule(
        "unilateral_termination",
        (
            r"\((?:[ivx]{1,4}|[a-h]|\d{1,2})\)\s+by\s+(?:either\s+party|the\s+\w+|\w+)\s+"
            r"(?:at\s+any\s+time\s+)?(?:for\s+(?:any|no|whatever)(?:\s+or\s+no)?\s+reason"
            r"|for\s+(?:its\s+)?convenience|without\s+(?:cause|reason))" + _EN_NO_CONDITION_AFTER,
        ),
        language="en",
        requires=r"notice|notif|terminat",
        rejects=_EN_DENIED + r"|other\s+than",
    ),
    # --- dispute forum: третейский / арбитражный суд / суд; arbitration / courts
    _rule(
        "dispute_forum",
        (
            r"третейск",
            # «Арбитражный институт Торговой палаты г. Стокгольма», «в арбитраже ICC»
            r"арбитражн\w*\s+(?:центр|учреждени|институт)",
            r"арбитраж(?:е|а|у|ем)?\b",
            r"мкас\b",
            r"коммерческ\w+\s+арбитраж",
        ),
        language="ru",
        requires=_RU_DISPUTE,
        detail="arbitration",
    ),
    _rule(
        "dispute_forum",
        (r"arbitrat(?:ion|ors?|ed)\b", r"jams\b"),
        language="en",
        requires=_EN_ARBITRATION_FORUM,
        rejects=r"arbitrary",
        detail="arbitration",
    ),
    _rule(
        "dispute_forum",
        (r"арбитражн\w*\s+суд",),
        language="ru",
        requires=_RU_DISPUTE,
        detail="arbitrazh",
    ),
    _rule(
        "dispute_forum",
        # «подлежат исключительной юрисдикции судов штата»: the plural's cases too
        (r"суд(?:е|а|у|ом|ы|ах|ов|ам|ами)?\b", r"судебн\w*\s+порядк"),
        language="ru",
        # (not "a court of competent jurisdiction" that orders a disclosure)
        requires=r"спор|разноглас|претензи|\bиск|исключительн\w*\s+(?:\w+\s+)?юрисдикци"
        r"|подчин\w*\s+(?:\w+\s+){0,2}?юрисдикци",
        detail="court",
    ),
    _rule(
        "dispute_forum",
        (r"courts?\b", r"jurisdiction\b", r"venue\b"),
        language="en",
        requires=r"exclusive|submit|consent|brought|venue|resolved|heard|located|sitting|irrevocabl",
        rejects=r"held\s+(?:to\s+be\s+)?(?:invalid|unenforceable|illegal)"
        r"|invalid\s+or\s+unenforceable|regulatory|governmental|order\s+of\s+a\s+court"
        r"|required\s+by\s+law|arbitra",
        detail="court",
    ),
    # --- liability cap: ответственность ограничена, не более N% / aggregate liability
    _rule(
        "liability_cap",
        # not the legal form "общество с ограниченной ответственностью"
        # "ограничена", "ограничивается", not "за соблюдение ограничений"
        (
            # (a clause's number among the words: «включая ответственность по гарантиям
            # пункта 3.3, ограничивается»)
            r"(?<!ограниченной\s)ответственност\w*\s+(?:(?:[\w,]+|\d+(?:\.\d+)+,?)\s+){0,12}?"
            r"ограни(?:чива|чен(?:а|о|ы|ный|ная)?\b)",
            # «несет материальную ответственность … в пределах своего среднего месячного
            # заработка» (ст. 241 ТК), «… в пределах стоимости услуг»
            r"(?<!ограниченной\s)ответственност\w*\s+(?:[\w,]+\s+){0,8}?в\s+пределах\s+"
            r"(?:сво\w+\s+)?(?:среднего|стоимост|сумм|размер|цены)",
        ),
        language="ru",
        # "без ограничений", "не ограничена": uncapped, said outright
        rejects=r"без\s+ограничени|не\s+ограничива|не\s+ограничен",
    ),
    # "не может превышать", "не превышает", "в размере, не превышающем", "не превысит"
    _rule(
        "liability_cap",
        (r"превыша", r"превыс"),
        language="ru",
        # what may not exceed is the liability, the penalty or the loss named before it, not
        # a period ("Срок устранения недостатков не может превышать 10 дней, а за просрочку
        # ... неустойку")
        requires=rf"(?:{_RU_LIABILITY})[^;]{{0,200}}?не\s+(?:(?:может|могут|должна|должно|должен"
        r"|должны|будет|будут)\s+)?превы(?:ша|с)",
    ),
    # "но не более 10% (10 (десяти) процентов)", "не свыше объявленной ценности груза",
    # "не может быть более цены Договора"
    _rule(
        "liability_cap",
        (
            r"более\s+\d+(?:[.,]\d+)?\s*(?:\([^()\n]{1,40}\)\s*)?(?:%|процент)",
            r"больше\s+\d+(?:[.,]\d+)?\s*(?:\([^()\n]{1,40}\)\s*)?(?:%|процент)",
            r"свыше\s+\d+(?:[.,]\d+)?\s*(?:\([^()\n]{1,40}\)\s*)?(?:%|процент)",
            r"(?:более|больше|свыше)\s+(?:\w+\s+){0,2}?(?:суммы|стоимости|цены|размера|ценности)\b",
        ),
        language="ru",
        requires=rf"(?:{_RU_LIABILITY})[^;]{{0,200}}?(?:{_RU_NOT_MORE})",
    ),
    _rule(
        "liability_cap",
        (r"пределах\s+(?:суммы|стоимости|цены|размера)",),
        language="ru",
        requires=r"ответственност|убытк",
    ),
    _rule(
        "liability_cap",
        (
            r"ответственност\w*\s+за\s+(?:любые\s+)?(?:[\w,]+\s+){0,3}?(?:убытк|ущерб|упущенн)",
            r"ответственност\w*\s+не\s+нес[её]т",
        ),
        language="ru",
        requires=r"не\s+нес[её]т|не\s+отвеча|отказ\w*\s+от\s+ответственности",
    ),
    # "возмещению подлежит только реальный ущерб": lost profit excluded, liability limited
    _rule(
        "liability_cap",
        (r"реальн\w+\s+ущерб",),
        language="ru",
        requires=r"(?:только|лишь|исключительно)\s+(?:\w+\s+){0,2}?реальн|пределах\s+реальн"
        r"|ограничива\w*\s+(?:\w+\s+){0,2}?реальн",
    ),
    # indirect losses or lost profit not owed: "не возмещается", "Стороны освобождаются от
    # возмещения косвенных убытков", "все убытки, за исключением упущенной выгоды"
    _rule(
        "liability_cap",
        (r"косвенн", r"упущенн"),
        language="ru",
        requires=r"не\s+(?:нес|отвеча|возмещ|подлеж)|освобожда\w*\s+от|за\s+исключением"
        r"|исключа(?:ется|ются)",
    ),
    # "Ограничение ответственности" names the clause that limits it (not the legal form
    # "общество с ограниченной ответственностью", whose stem differs).
    _rule(
        "liability_cap",
        (r"ограничени\w*\s+ответственност",),
        language="ru",
        rejects=r"без\s+ограничени|не\s+примен|не\s+распростран|не\s+допуска",
    ),
    # "Максимальный размер ответственности Исполнителя составляет ...", "совокупная сумма
    # ответственности не превысит ...": the clause names the ceiling itself.
    _rule(
        "liability_cap",
        (
            *(
                stem + r"\w*\s+(?:(?:размер|сумм)\w*\s+)?(?:\w+\s+){0,2}?ответственност"
                for stem in ("максимальн", "предельн", "совокупн")
            ),
            r"лимит\w*\s+(?:\w+\s+){0,2}?ответственност",
        ),
        language="ru",
        requires=r"составля|не\s+(?:может\s+|должн\w+\s+)?(?:более|превы)|ограни|равн|пределах",
        rejects=r"без\s+ограничени|не\s+ограничива|не\s+ограничен",
    ),
    # "Размер неустойки ограничивается 5% от суммы задолженности": a ceiling on the penalty
    # counts as one on liability, as the labels count "но не более 10%".
    _rule(
        "liability_cap",
        (
            *(
                word + r"\s+(?:[\w,()]+\s+){0,6}?ограни(?:чива|чен(?:а|о|ы)?\b)"
                for word in (r"неустойк\w*", r"штраф\w*", r"пен(?:и|ей|я)")
            ),
        ),
        language="ru",
        rejects=r"без\s+ограничени|не\s+ограничива|не\s+ограничен",
    ),
    # "Исполнитель несет ответственность только в размере стоимости услуг": liability
    # that reaches no further than a named sum.
    _rule(
        "liability_cap",
        (
            r"ответственност\w*\s+(?:[\w,]+\s+){0,4}?(?:только|лишь|исключительно)\s+"
            r"в\s+(?:размере|пределах|сумме)",
        ),
        language="ru",
    ),
    _rule(
        "liability_cap",
        (r"liability\s+(?:[\w’',]+\s+){0,8}?(?:(?:shall|will)\s+)?(?:be\s+)?limited\s+to",),
        language="en",
    ),
    _rule(
        "liability_cap",
        (r"liability",),
        language="en",
        requires=r"(?:aggregate|total|cumulative|maximum|entire)\s+(?:[\w’']+\s+){0,3}?liability"
        r"[^.]{0,200}(?:exceed|limited\s+to|(?:more|greater)\s+than|in\s+excess)",
    ),
    _rule(
        "liability_cap",
        (r"in\s+no\s+event\s+(?:shall|will)",),
        language="en",
        requires=r"liab|damages",
    ),
    _rule(
        "liability_cap",
        (
            r"liable\s+(?:to\s+(?:\w+\s+){1,3}?)?for\s+(?:any\s+)?"
            r"(?:indirect|incidental|consequential|special|punitive|exemplary|lost\s+profits)",
        ),
        language="en",
        requires=r"(?:not|never|neither|nor|no\s+event)\b[^.]{0,80}liable",
    ),
    # an exclusion of liability for damages limits it as much as a sum does
    _rule(
        "liability_cap",
        (r"liability\s+for", r"disclaim\w*"),
        language="en",
        requires=(
            r"(?:\bno|\bnot|neither|disclaim\w*)\b[^.;]{0,200}?liabilit",
            r"damages|losses",
        ),
        rejects=r"force\s+majeure|acts\s+of\s+god|delay\s+in|failure\s+to\s+perform|indemnif",
    ),
    # --- auto-renewal: пролонгируется / automatically renews
    _rule(
        "auto_renewal",
        (
            r"пролонгир",
            r"пролонгаци",
            r"продл[её]нн",
            r"автоматическ\w*\s+(?:\w+\s+){0,2}?продл",
            r"продлева\w*\s+на\s+(?:тот\s+же|каждый|следующ|очередн|аналогичн|такой)",
        ),
        language="ru",
        # «Пролонгация Договора не допускается»: denied, the noun before its negation
        # an amendment that strikes the renewal out: «Пункт 8.2 Договора (об автоматическом
        # продлении …) исключить»
        rejects=r"не\s+(?:пролонгир|продлева)|не\s+подлежит\s+(?:пролонгац|продлен)"
        r"|\bисключить\b|утрачивает\s+силу|утратившим\s+силу"
        r"|(?:пролонгаци|продлени)\w*\s+(?:\w+\s+){0,3}?не\s+(?:допуска|предусм|производ|осуществ)"
        r"|продл[её]нн\w+\s+на\s+срок\s+действия\s+обстоятельств",
    ),
    _rule(
        "auto_renewal",
        (
            # "automatically prolonged": the word of contracts translated from European and
            # Asian languages
            r"automatic(?:ally)?\s+(?:\w+\s+){0,3}?(?:renew|exten[ds]|prolong)",
            r"renew\w*\s+automatically",
            r"extend\w*\s+automatically",
            r"prolong\w*\s+automatically",
            r"evergreen",
            # "renewed tacitly", "tacit renewal" (not "Tacit renewal is excluded")
            r"tacit(?:ly)?\b(?!\s+(?:renewal|extension|prolongation)\s+(?:is|shall\s+be)\s+excluded)",
            # Italian drafting's conversion into an evergreen: "this Agreement shall be converted
            # into an agreement for an indefinite period of time"
            r"converted\s+into\s+an?\s+(?:agreement|contract)\s+for\s+an\s+indefinite\s+period",
            r"self[\s-]?renew",  # "shall be self-renewing for periods of one year"
        ),
        language="en",
        # what renews is the contract or its term, not "its subscription to a newsletter"
        requires=(
            r"renew|exten[ds]|continu|prolong|converted",
            r"agreement|contract|\bterm|licen[cs]e|period|year|month|annual|renewal",
        ),
        rejects=_EN_RENEWAL_BY_CHOICE,
    ),
    # No "automatically", but the term runs on by itself: "shall continue from year to
    # year", "shall be renewed for successive one-year periods unless either party ...".
    _rule(
        "auto_renewal",
        (
            # and the British "will renew year on year unless cancelled", and "shall thereafter
            # continue from Contract Year to Contract Year until terminated"
            r"year[\s-]+(?:to|on)[\s-]+(?:(?:contract|agreement|lease|operating|calendar)\s+)?year",
            # "shall continue from Season to Season", "from quarter to quarter"
            r"season[\s-]+to[\s-]+season",
            r"quarter[\s-]+to[\s-]+quarter",
            r"month[\s-]+to[\s-]+month",
            # "shall continue in effect for renewal terms of one (1) year each unless ..."
            r"renewal\s+(?:terms|periods)\s+of\b",
            # (the words between say how long, not what follows: not "subsequent employment
            # during the period of enforcement")
            *(
                word + r"\s+(?:(?!(?:the|during|of|in|for|after|to|with|by|on|at|from)\b)"
                r"[\w()-]+\s+){0,3}?(?:renewal\s+)?(?:terms?|periods?|increments?)\b"
                for word in ("successive", "consecutive", "subsequent", "additional")
            ),
            r"non-?\s?(?:renewal|extension)",
            r"intent(?:ion)?\s+not\s+to\s+renew",
            r"deemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:renewed|extended)",
        ),
        language="en",
        # "shall thereafter continue in force from year to year", "shall continue year to year
        # thereafter", "shall remain in effect year-to-year after the Initial Term"
        requires=_EN_RUNS_ON
        + r"|(?:shall|will)\s+thereafter\s+continue"
        # "shall remain in force for successive renewal periods of two (2) years"
        + r"|(?:shall|will)\s+(?:thereafter\s+)?remain\s+in\s+(?:full\s+)?(?:force|effect)"
        r"\s+(?:thereafter\s+)?for\s+(?:\w+\s+){0,2}?(?:successive|consecutive|subsequent|additional"
        r"|renewal)\b"
        + r"|(?:continue|remain\s+in\s+(?:full\s+)?(?:force|effect))\s+(?:thereafter\s+)?"
        r"(?:year|month)[\s-]+to[\s-]+(?:year|month)",
        rejects=_EN_RENEWAL_BY_CHOICE,
    ),
    # The British "rolls over": "This Agreement will roll over for further twelve-month terms
    # unless cancelled in writing 30 days before the anniversary date".
    _rule(
        "auto_renewal",
        (r"roll(?:s|ed)?[\s-]+over",),
        language="en",
        requires=(
            r"\b(?:terms?|periods?|agreement|contract)\b",
            r"\bunless\b|successive|consecutive|further|additional|automatic",
        ),
        rejects=_EN_RENEWAL_BY_CHOICE,
    ),
    # The term itself renewed or extended by the contract's own words, with no notice clause:
    # "this Term shall be extended for a 1 year period provided ...", "the Agreement shall
    # renew for one-year terms"; a deadline moved by a delay or a warranty's reach is not.
    _rule(
        "auto_renewal",
        (
            # each opens with its own literal word: "shall" is too common to start from
            # "renewed thereafter for a like period", "extended automatically for one year",
            # "renew this Agreement for another year", "renew on a yearly basis", "be
            # extended by one (1) year"
            *(
                verb + r"(?:ed|s)?\s+(?:thereafter\s+|automatically\s+|(?:this|the)\s+"
                r"(?:agreement|contract|term)\s+)?"
                # ("shall be renewed on the same terms and conditions for further periods of
                # two (2) years each")
                r"(?:on\s+the\s+same\s+terms(?:\s+and\s+conditions)?,?\s+)?(?:"
                + _EN_RENEWED_HOW
                + _EN_RENEWED_BY_A_YEAR
                + r")"
                for verb in ("renew", "extend")
            ),
        ),
        language="en",
        requires=(
            # "will continue to renew for twelve-month periods", "the Agreement renews annually",
            # "shall auto-renew for one-year terms"
            # ("shall then be renewed annually")
            r"(?:shall|will)\s+(?:thereafter\s+|then\s+)?(?:automatically\s+)?"
            r"(?:be\s+|continue\s+to\s+)?(?:auto[\s-]?)?(?:renew|extend)|\b(?:renews|extends)\b",
            r"\bterm\b|(?:this|the)\s+(?:agreement|contract)",
        ),
        rejects=_EN_RENEWAL_BY_CHOICE + _EN_NOT_TERM_EXTENDED,
    ),
    # A renewal that goes on unless a side says no ("may be renewed for additional one-year
    # periods unless either Party gives notice of non-renewal"), or a term that continues
    # automatically after the first one ("shall continue automatically for successive annual
    # periods", "shall automatically continue in effect until either party gives notice"):
    # an annual approval (as investment-company law requires) does not make it optional.
    _rule(
        "auto_renewal",
        (
            r"non-?\s?(?:renewal|extension)",
            r"not\s+to\s+renew",
            r"automatically\s+continue",
            # ("Unless either party gives ... notice ... before December 31, 2026, this Agreement
            # shall continue in effect after that date, without any fixed term, until terminated")
            r"continues?\s+in\s+(?:full\s+)?(?:force|effect)\s+after\s+(?:that|such)\s+date\b",
            # ("It shall be extended by a further twelve (12) months in each case unless either
            # Party terminates it by giving three (3) months' notice", as German drafting has it)
            # (each time, or until a side ends it: not an extension this document makes, "is
            # hereby extended by a further six (6) months, so that, unless sooner terminated")
            r"(?:extended|renewed|prolonged)\s+(?:automatically\s+)?by\s+(?:a\s+)?further\s+"
            r"(?:[\w()-]+\s+){0,3}?(?:years?|months?)\b(?=\s+(?:in\s+each\s+case|each\s+time"
            r"|at\s+a\s+time|unless\s+(?:either|any|one|a)\s+part))",
            # "shall continue on an annual basis thereafter unless ...", "shall continue
            # thereafter for further periods of twelve months unless terminated by either party"
            # (not an obligation going on for a further period after termination), all in
            # one scan for "continue"
            # ("shall continue in effect on an annual basis unless terminated")
            # ("After the Initial Term it continues automatically from month to month until either
            # of us ends it")
            r"continues?\s+(?:automatically|(?:thereafter\s+)?(?:(?:in\s+(?:full\s+)?(?:force|effect)\s+)?"
            r"on\s+an?\s+(?:annual|yearly"
            r"|year[\s-]+to[\s-]+year|month[\s-]+to[\s-]+month)\s+basis"
            r"|(?:in\s+(?:full\s+)?(?:force|effect)\s+)?(?:thereafter\s+)?for\s+(?:a\s+)?further\s+"
            r"(?:[\w()-]+\s+){0,3}?(?:terms?|periods?)\b"
            r"(?![^.;]{0,80}?(?:after|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:its\s+)?"
            r"(?:termination|expiration|expiry))))",
            # The term going on once its first period is over: "thereafter until terminated",
            # "for two years and thereafter unless and until terminated by either party", and a
            # sentence opening "Thereafter, this Agreement shall continue in effect until either
            # party gives notice" (not "effective on signing and shall thereafter continue until
            # terminated", a contract that runs until terminated from its first day)
            # ("... shall continue for the Initial Period. Thereafter it shall continue in force
            # unless and until terminated by either party giving the other not less than twelve
            # months' written notice")
            r"thereafter(?:,?\s+it\s+(?:(?:shall|will)\s+)?"
            + _EN_GOES_ON
            # (with or without its comma: "Thereafter this Agreement shall continue in effect
            # indefinitely until terminated by either party upon ... notice")
            + r"|(?:,\s+(?:(?:this|the)\s+(?:agreement|contract)\s+)?"
            r"|\s+(?:this|the)\s+(?:agreement|contract)\s+)(?:(?:shall|will)\s+)?"
            r"(?:automatically\s+)?" + _EN_GOES_ON + r"|\s+)" + _EN_UNTIL_ENDED,
            # ... or "Following the Initial Term, this Agreement shall continue in effect until
            # terminated by either Party", "After the expiration of the original term, the
            # Agreement shall remain in effect until ..." (the first term named before the
            # comma is what it goes on after)
            # ("After the Initial Term, this Agreement shall continue for an indefinite period,
            # and either party may terminate it by giving ... notice"; "Upon the expiry of the
            # Initial Period, this Agreement shall continue in force for an indefinite period")
            *(
                # ("When the Initial Term ends, this Agreement will continue in effect, ...")
                first + r"\s+(?:term|period)(?:\s+(?:ends|expires))?,\s+"
                r"(?:(?:this|the)\s+(?:agreement|contract)\s+)?"
                r"(?:(?:shall|will)\s+)?(?:automatically\s+)?"
                + _EN_GOES_ON
                + r"(?:"
                + _EN_UNTIL_ENDED
                + r"|for\s+an\s+indefinite\s+period\b)"
                for first in ("initial", "original")
            ),
            # ... or for an indefinite period unless notice ends it first: "If neither party
            # has given written notice of termination at least three (3) months before May 31,
            # 2018, this Agreement shall thereafter continue for an indefinite period"
            # (opening with "thereafter": a pattern that opens with a group is a scan of the
            # whole text)
            r"thereafter\s+(?:continue|remain\s+in\s+(?:full\s+)?(?:force|effect))"
            r"\s+for\s+an\s+indefinite\s+period",
            # ... without the comma: "On expiry of the Initial Term this agreement shall
            # continue in force unless and until terminated by either party giving ... notice"
            *(
                r"(?<=of\sthe\s)" + first + r"\s+(?:term|period)\s+(?:this|the)\s+"
                r"(?:agreement|contract)\s+(?:(?:shall|will)\s+)?" + _EN_GOES_ON + _EN_UNTIL_ENDED
                for first in ("initial", "original")
            ),
        ),
        language="en",
        requires=(
            r"renew|exten[ds]|continu|remain\s+in",
            r"\bunless\b|successive|consecutive|further"
            # "for additional annual periods", not "an additional insured"
            r"|additional\s+(?:[\w()-]+\s+){0,3}?(?:terms?|periods?)\b"
            r"|" + _EN_UNTIL_A_SIDE_ENDS + r"|indefinite\s+period\b[^.;]{0,160}?"
            r"(?:terminat|notice|notif)"
            r"|(?:notice|notif)[^.;]{0,200}?indefinite\s+period\b",
        ),
        rejects=_EN_RENEWAL_BY_AGREEMENT,
    ),
    # The same with no comma, after a first period the sentence gives: "shall continue for an
    # initial period of twelve (12) months and thereafter shall continue in force unless and
    # until terminated" (a first period's length is what tells it from a contract that runs
    # until terminated from its first day)
    _rule(
        "auto_renewal",
        (r"thereafter\s+(?:(?:shall|will)\s+)?" + _EN_GOES_ON + _EN_UNTIL_ENDED,),
        language="en",
        requires=(
            r"\b(?:initial|first|minimum)\s+(?:period|term)\b"
            r"|\bfor\s+(?:a\s+period\s+of\s+)?[\w-]+\s+(?:\(\s*\d+\s*\)\s+)?(?:years?|months?)\b",
        ),
        rejects=_EN_RENEWAL_BY_AGREEMENT,
    ),
)
# Every rule's opening word joins the shared word index, which `_matches` reads.
word_index.index_words(
    word_index.opening_word(trigger) for rule in RULES for trigger in rule.triggers
)


def find_clauses(
    text: PreparedText,
    languages: tuple[str, ...],
    *,
    can_judge: bool,
    clauses: tuple[str, ...] = CLAUSES,
) -> dict[str, ClauseFlag | None]:
    """Each clause: present with evidence, absent only in a contract long enough to tell.

    A short or non-contract text can still show a clause, but not prove its absence,
    so there a clause not found stays None. Only the `clauses` asked for are looked for
    (a caller that decides one otherwise need not pay for its rules).
    """
    result: dict[str, ClauseFlag | None] = {}
    readings: dict[str, ClauseFinding | None] = {}  # each assisting detector, run once
    for clause in clauses:
        found = None
        for rule in RULES:
            if rule.clause == clause and rule.language in languages:
                found = _first_proof(text, rule)
                if found is not None and rule.learned_gate is not None:
                    found = (
                        found if _gate_passed(text, rule.learned_gate, found, readings) else None
                    )
                if (
                    found is not None
                    and clause == "auto_renewal"
                    and _renews_support_only(text, found)
                ):
                    found = None
                if found is not None:
                    break
        if found is None and clause in _EN_ASSISTED and "en" in languages and can_judge:
            found = _assisted_flag(
                _assist_reading(text, _EN_ASSISTED[clause], readings), clause, text
            )
        result[clause] = found or (ClauseFlag(present=False) if can_judge else None)
    return result


# A perpetual licence's support that renews year by year ("Maintenance Services shall renew
# automatically for successive one (1) year periods"): the service renews, not the contract,
# which never ends (the licence "perpetual", or the agreement continuing "perpetually")
# (the sentence's subject: "Support Services shall be provided for an initial period of one
# (1) year from Acceptance and shall renew for successive one-year periods")
# ("The Licensor shall provide the Support Services for an initial period of twelve (12)
# months ... and thereafter for successive periods of twelve (12) months, unless ...": the
# side that gives them first)
_SUPPORT_SERVICES = (
    r"(?:support|maintenance)(?:\s+(?:and|&)\s+(?:support|maintenance))?\s+services?\b"
)
_SUPPORT_RENEWS = re.compile(
    r"^[\d.\s]*(?:thereafter,?\s+)?(?:the\s+)?" + _SUPPORT_SERVICES + r"[^.;]{0,160}?\brenew"
    r"|^[\d.\s]*(?:the\s+)?[\w-]+\s+(?:shall|will)\s+provide\s+(?:the\s+)?"
    + _SUPPORT_SERVICES
    + r"[^.;]{0,160}?\b(?:renew|successive)"
)
_PERPETUAL_LICENCE = word_index.indexed(
    # ("a perpetual (subject to termination in accordance with Section 11), non-exclusive,
    # non-transferable licence": an aside in brackets)
    re.compile(
        r"perpetual(?:ly)?\b(?:\s*\([^()]{1,80}\))?[^.;]{0,60}?\blicen[cs]e|perpetual,\s"
        # ... or a licence agreement that runs until it is ended: "This Agreement shall come
        # into force on the Effective Date and shall continue in force unless and until
        # terminated in accordance with this Clause 11"
        r"|(?<=this\sagreement\s)shall\s+(?:come\s+into\s+force[^.;]{0,60}?\s+and\s+shall\s+)?"
        r"continue\s+in\s+(?:full\s+)?force\s+(?:and\s+effect\s+)?(?:unless\s+and\s+)?until\s+"
        r"terminated\s+(?:in\s+accordance\s+with|under|pursuant\s+to)\b"
    )
)


def _renews_support_only(text: PreparedText, found: ClauseFlag) -> bool:
    """Whether the renewal found is a perpetual licence's support, not the contract's."""
    return bool(
        found.evidence
        and _SUPPORT_RENEWS.search(found.evidence.lower())
        and word_index.search(_PERPETUAL_LICENCE, text.low)
    )


# English termination for convenience: the rules read a grant without a condition, but
# miss grants worded otherwise (a third of them on contracts nobody tuned on); the
# learned detector, fitted on CUAD's spans, flags a contract the rules found nothing in
# only where its best sentence scores as high as the model alone is right 9 times in 10.
_EN_ASSISTED = {"unilateral_termination": "termination_for_convenience"}


def _assist_reading(
    text: PreparedText, name: str, readings: dict[str, ClauseFinding | None], *, first: bool = False
) -> ClauseFinding | None:
    if name not in readings:
        readings[name] = assist_finding(name, text.raw, first=first, low=text.raw_low)
    return readings[name]


# A sentence that states the sum paid ("shall pay a penalty of 0.5% of the price", "a
# cancellation fee equal to ...") proves an agreed sum by itself: the gate is not asked.
_GATE_WAIVED_BY = {"liquidated_damages": re.compile(_EN_SUM_PAID)}


def _gate_passed(
    text: PreparedText, name: str, found: ClauseFlag, readings: dict[str, ClauseFinding | None]
) -> bool:
    """Whether a rule's proof stands: its sentence states the sum, or the assisting
    detector finds the clause in the document (a missing model vetoes nothing)."""
    waived_by = _GATE_WAIVED_BY.get(name)
    if waived_by is not None and found.evidence and waived_by.search(found.evidence.lower()):
        return True
    # a gate asks only whether the clause is there: the first sentence that shows it will do
    reading = _assist_reading(text, name, readings, first=True)
    return reading is None or reading.present


# A side's own choice, which is no condition: "if it so elects", "If Licensee wishes to ..."
_EN_CHOOSES = r"(?:elects?|wish(?:es)?|desires?|chooses?|decides?)"
# A right the notice gives only on a condition that follows it: "Owner may terminate this
# Agreement upon thirty (30) days' written notice if System Availability is less than 95.0%",
# "... on sixty (60) days' written notice to the Manufacturer if (i) ..." (not "if it so
# elects": a choice is no condition).
_EN_NOTICE_IF = (
    r"terminat\w*\s+(?:this|the)\s+(?:\w+\s+){0,2}?(?:agreement|contract)\s+(?:upon|on|by|with)\s+"
    # ("upon sixty (60) days' notice in writing if it permanently closes the Mill")
    r"(?:giving\s+)?[^.;]{0,60}?\b"
    + _EN_NOTICE
    + r"(?:\s+in\s+writing)?(?:\s+to\s+[^.;,]{1,40}?)?,?\s+if\s+"
    r"(?!(?:it|he|she|they|\w+)\s+(?:so\s+)?" + _EN_CHOOSES + r"\b)"
)
# A sentence that opens on the event the right waits for: "If the Facility PPA terminates for
# any reason, or the Facility is permanently retired, Buyer may terminate this Agreement by
# giving Supplier ninety (90) days' written notice" (not a wish: "If Licensee wishes to
# terminate this Agreement, it shall give ...")
_EN_OPENS_ON_AN_EVENT = (
    r"^(?:[\d.]+\s+)?(?:\(\w{1,4}\)\s+)?(?:if|in\s+the\s+event\s+(?:that|of))\s+"
    r"(?![^.;,]{0,40}?\b" + _EN_CHOOSES + r"\b)"
    r"[^.;]{1,200}?,\s+(?:then\s+)?(?:[\w&.'’-]+\s+){1,4}?(?:may|shall\s+have\s+the\s+right\s+to"
    r"|(?:shall|will)\s+be\s+entitled\s+to)\s+(?:\w+\s+){0,2}?(?:terminate|cancel)"
)
# Words that deny the right outright, which the detector's words alone may not outweigh:
# "Neither party may terminate ...", "AIG agrees not to terminate this Agreement unless".
# ("Party A may not terminate" is not among them: it often stands beside the other
# party's grant, "Party B shall have the right to terminate ...; Party A may not".)
_ASSIST_DENIED = {
    # and, as the rules read them, a heading that denies the right, a right for cause, a right
    # only in the cases another clause describes
    "unilateral_termination": re.compile(
        r"neither\s+party\s+(?:may|shall|will|can)\b"
        + _EN_NOT_BEFORE
        + r"|agrees?\s+not\s+to\s+terminate"
        + "|"
        + _EN_NO_TERMINATION
        + "|"
        + _EN_RIGHT_FOR_CAUSE
        + "|"
        + _EN_IN_CASES_DESCRIBED
        + "|"
        + _EN_STRUCK_OUT
        + "|"
        + _EN_NOTICE_IF
        + "|"
        + _EN_WINDOW_AFTER_RECEIPT
        + "|"
        + _EN_OPENS_ON_AN_EVENT
        # "15.3 This agreement may not be terminated by either party except in accordance with
        # this clause 15. Neither party is entitled to terminate this agreement for convenience."
        + r"|neither\s+party\s+(?:is|shall\s+be|will\s+be)\s+entitled\s+to\s+terminate"
        r"|(?:may|shall|will)\s+not\s+be\s+terminated\s+by\s+(?:either|any)\s+party"
    ),
}


def _assisted_flag(
    reading: ClauseFinding | None, clause: str, text: PreparedText
) -> ClauseFlag | None:
    """The detector's best sentence as the proof, unless its words, or the heading it stands
    under, deny the right."""
    if reading is None or not reading.present or not reading.evidence:
        return None
    evidence = " ".join(reading.evidence.split())
    denied = _ASSIST_DENIED.get(clause)
    if denied is not None and denied.search(evidence.lower()):
        return None
    # (the detector read the caller's text: its sentence stands there as written)
    if clause in _DENIED_BY_A_HEADING:
        at = text.raw.find(reading.evidence)
        if at != -1 and _heading_denies(text, clause, at):
            return None
    return ClauseFlag(present=True, evidence=evidence)


def _first_proof(text: PreparedText, rule: ClauseRule) -> ClauseFlag | None:
    """The first trigger of the rule, in text order, whose sentence passes the checks."""
    best: tuple[int, int] | None = None
    for trigger in rule.triggers:
        # only where the trigger's opening word stands (`word_index.finditer`)
        for count, found in enumerate(word_index.finditer(trigger, text.low)):
            if count >= _MAX_CANDIDATES or (best is not None and found.start() > best[0]):
                break
            if found.start() and text.low[found.start() - 1].isalpha():
                continue  # inside a longer word: "venue" in "revenue", "пени" in "ступени"
            if _passes(text, rule, found.start(), found.end()):
                best = min(best or (found.start(), found.end()), (found.start(), found.end()))
                break
    if best is None:
        return None
    return ClauseFlag(present=True, evidence=text.evidence(*best), detail=rule.detail)


# Clauses a recital only tells of: an amendment's "WHEREAS, ... the Agreement provides for
# automatic renewal for successive one-year periods", which the amendment then deletes
_NOT_FROM_RECITALS = frozenset({"auto_renewal"})


def _passes(text: PreparedText, rule: ClauseRule, start: int, end: int) -> bool:
    sentence = text.sentence(start, end)
    if len(sentence.split()) < _MIN_WORDS:
        return False
    # An item of a list cut off at its semicolon ("...; and (c) a termination fee equal to
    # fifteen percent (15%) of ...") has its verb in the list's lead-in ("In that event,
    # Pemberton will pay Developer (a) ..."): for the rules that read it, what the item
    # needs may stand there. What turns it away must stand in the item itself.
    needs = sentence
    if rule.reads_lead_in and _LIST_ITEM.match(sentence):
        needs = _with_list_lead_in(text, start, end)
    if not all(needed.search(needs) for needed in rule.requires):
        return False
    if rule.rejects is not None and rule.rejects.search(sentence):
        return False
    if rule.language == "en" and _heading_denies(text, rule.clause, start):
        return False
    # (asked last, the dearest check)
    return not (rule.clause in _NOT_FROM_RECITALS and in_recital(text, start, end))


# A section whose heading names the cause it may be ended for: "11.4 Termination for Failure
# to Meet Minimums. Quarrington may terminate this Agreement upon sixty (60) days' written
# notice", "Termination upon Change of Control." (not "Termination for Convenience.", nor an
# event that is no fault: "Termination upon Sale.", which the blind sets label a convenience)
_CAUSE_HEADING = re.compile(
    r"[ \t]*(?:(?:section|article|clause)\s+)?[\d.()a-z]{0,12}\s*termination\s+(?:by\s+\w+\s+)?"
    r"(?:for|upon|on|due\s+to|in\s+the\s+event\s+of)\s+(?:(?:a|an|the|material|uncured)\s+)*"
    r"(?:breach|default|fail\w*|insolvency|bankruptcy|cause|change\s+(?:of|in)\s+control"
    r"|force\s+majeure|non-?payment|non-?performance)\b"
    r"(?:(?!convenience)[\s\w'’,-]){0,60}[.:]\s*$"
    # ... or the cause alone: "12.3 Minimum Purchases. The Manufacturer may terminate this
    # Agreement on sixty (60) days' written notice given in accordance with Article 4."
    r"|[ \t]*(?:(?:section|article|clause)\s+)?[\d.()a-z]{0,12}\s*(?:(?:material\s+)?breach"
    r"|default|insolvency|bankruptcy|change\s+(?:of|in)\s+control"
    r"|(?:failure\s+to\s+(?:meet|achieve)\s+)?minimum\s+(?:purchases?|volumes?|sales|performance"
    r"|requirements?|quantit(?:y|ies)))\s*[.:]\s*$"
)


# The clauses an English section's heading can deny, whichever reader found them: a right to
# terminate under a heading that names its cause is no convenience
_DENIED_BY_A_HEADING = frozenset({"unilateral_termination"})


def _heading_denies(text: PreparedText, clause: str, start: int) -> bool:
    """Whether the heading over the sentence at `start` says it is no such clause."""
    return clause in _DENIED_BY_A_HEADING and _for_a_cause(text, start)


def _for_a_cause(text: PreparedText, start: int) -> bool:
    """Whether the sentence at `start` follows, on its line, a heading that names a cause."""
    # (a sentence that opens at `start` is found from the character after its first, where
    # the end before it and the capital after that end are both in reach)
    begin, _ = text.sentence_span(start + 1, start + 1)
    line, _ = text.line_span(begin, begin)
    return begin > line and _CAUSE_HEADING.fullmatch(text.low, line, begin) is not None


# An item of a list that opens after a semicolon: "and (c) ...", "(ii) ...", "or (b) ..."
_LIST_ITEM = re.compile(r"\s*(?:(?:and|or)\s+)?\((?:[a-h]|[ivx]{1,4}|\d{1,2})\)\s")
_MAX_LIST_ITEMS = 8
_ITEM_JOINED = re.compile(r";\s*(?:and|or)$")


def _with_list_lead_in(text: PreparedText, start: int, end: int) -> str:
    """The list's sentence from its lead-in through the item around [start, end): back over
    the items before it, each ended by a semicolon, and over the colon that opens the list
    ("Lessor may exercise the following remedies: (a) ...")."""
    begin, finish = text.sentence_span(start, end)
    for _ in range(_MAX_LIST_ITEMS):
        before = text.low[:begin].rstrip()
        # (an item on a line of its own, whose "and" ends the item before: "(b) the
        # demobilisation charge; and" over "(c) an early termination fee of $35,000")
        joined = _ITEM_JOINED.search(before)
        if joined is not None:
            before = before[: joined.start() + 1]
        if not before.endswith((";", ":")):
            break
        begin = text.sentence_span(len(before) - 1, len(before) - 1)[0]
        if before.endswith(":"):
            break  # the lead-in
    return text.low[begin:finish]
