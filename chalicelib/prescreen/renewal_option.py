"""A renewal that someone must choose: a party's option to renew or extend the term.

Auto-renewal (`clauses.py`) is a term that runs on by itself. Many contracts instead
give one party the right to renew ("Licensee may renew this Agreement for two
additional five-year terms by giving notice", "the term may be extended at Company's
option for one year"). A lawyer treats these differently from an evergreen clause, so
they are a fact of their own; CUAD's "Renewal Term" column counts both kinds. A
renewal the parties may only agree on ("may be extended upon the mutual written
agreement of the parties") is no one's right, and CUAD's train labels mostly leave
it out, so it is not flagged.

A trigger phrase (a modal or an option word next to "renew"/"extend") is looked for in
the lower-case text around those two words; its sentence must then be about the
contract's term (the term, this agreement, a further period of years) and not about
something else that is renewed or extended (insurance, a warranty, a deadline, a patent).
Each trigger opens with a literal word and has only bounded gaps, it is matched only in
short windows, and a bounded number of candidates is checked, so the work stays linear
in the length of the text.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chalicelib.models import ClauseFlag
from chalicelib.prescreen.recitals import in_recital
from chalicelib.prescreen.word_index import SHARED, index_words

if TYPE_CHECKING:
    from chalicelib.prescreen.text import PreparedText

_MAX_CANDIDATES = 60
_MIN_WORDS = 6  # a heading ("2.2 Option to Renew") proves nothing

# "prolong": the word of contracts translated from European and Asian languages.
_RENEW = r"(?:renew|extend|prolong)"
_RENEWED = r"(?:renewed|extended|prolonged)"
# A side's choice between options, the renewal one of them: "elect to", "elect either (a) to"
# ... or the options listed after a colon: "elect to: (a) renew this Lease for ... one (1) renewal
# term of twelve (12) months ...; or (b) purchase ... the Equipment"
_ELECT_TO = r"elect\s+(?:either\s+)?(?:\(\w\)\s+)?to\s*(?::\s*\(\w\)\s*)?\s"
# The phrases that offer a renewal to a party rather than impose one.
_TRIGGER = re.compile(
    # "Licensee may renew", "Customer may, at its option, renew"
    r"may(?:\s*,\s*|\s+)(?:at\s+its\s+(?:sole\s+|own\s+|absolute\s+)?(?:option|discretion|election)"
    r"\s*,?\s+)?(?:"
    + _ELECT_TO
    + r")?"
    + _RENEW
    # "Cisco may, by written notice to Distributor given at least thirty (30) days prior to
    # the end of the then-current term, extend the term": the way of choosing set off by commas
    # ("The Licensee may, by giving written notice to the Licensor not less than six months
    # before the expiry of the Initial Term or of any Renewal Term, renew this agreement");
    # the aside may hold a date's comma ("may, by written notice given on or before September
    # 30, 2018, extend the Term")
    + r"|may\s*,(?:[^,;.]|,(?=\s*(?:19|20)\d\d\b)){1,160},\s*(?:"
    + _ELECT_TO
    + r")?"
    + _RENEW
    # "may be renewed", "may thereafter be extended", "can be renewed"
    + r"|(?:may|can)\s+(?:thereafter\s+|further\s+|also\s+)?be\s+(?:further\s+)?"
    + _RENEWED
    # "the option to renew", "the right to extend", "options to extend", "the option to
    # continue the franchise relationship" (not "the right to continue", said of much else),
    # "the right, exercisable in its sole discretion, to extend"
    # "the right (but not the obligation) to extend", the same aside in brackets; "the option,
    # exercisable by giving written notice to the Athlete not less than sixty (60) days before
    # 28 February 2018, to extend the Term"
    # "the option, exercisable by written notice given no later than April 1, 2007, to extend
    # the Term": an aside may hold a date's comma
    # "the option, exercisable once by written notice delivered to Servicer not less than one
    # hundred twenty (120) days before the expiration of the Initial Term, to extend the term"
    # ... with its name in brackets before the aside: 'the option (the "Option"), exercisable by
    # written notice to Lender on or before October 31, 2010, to extend the Term'
    + r"|(?:option|options|right)(?:\s*(?:\([^().;]{1,60}\)\s*)?,"
    + r"(?:[^,.;]|,(?=\s*(?:19|20)\d\d\b)){1,160},\s*"
    + r"|\s*\([^().;]{1,60}\)\s*|\s+)to\s+"
    + r"(?:further\s+)?"
    + _RENEW
    + r"|option\s+to\s+continue"
    # "Distributor shall be entitled to renew", "the renewal option", "a right of renewal",
    # "the option of extending the term"
    + r"|entitled\s+to\s+(?:(?:one|a|an)\s+)?(?:further\s+)?"
    + _RENEW
    + r"|renewal\s+options?\b|(?:option|right)s?\s+of\s+(?:renewal|extension|renewing|extending)"
    # "the right to one (1) renewal term", "options for two additional extension periods":
    # a number of renewals granted to a party
    + r"|(?:option|right)s?\s+(?:to|for)\s+(?:a|an|one|two|three|four|five)\s+(?:\(\d\)\s+)?"
    + r"(?:additional\s+|successive\s+|further\s+)?(?:renewal|extension)"
    # "elects to renew", "election to extend" (not "wishes to extend", which in train
    # contracts mostly only sets the notice for an extension the parties must agree on)
    + r"|elect(?:s|ion)?\s+to\s+(?:seek\s+to\s+)?"
    + _RENEW
    # "at Rogers' option, this Agreement shall renew", "at the option of the Licensor"
    + r"|at\s+(?:the\s+)?(?:sole\s+)?option\s+of"
    + r"|at\s+(?:its|their|[a-z]+['’]s?)\s+(?:sole\s+|own\s+)?option"
    # "shall be renewable for one-year terms", "is renewable on an annual basis"
    + r"|(?:is|be|are)\s+renewable|renewable\s+(?:for|on|at|by|upon|annually)"
    + r"|extendable|extendible"
    # "may, by notice ..., require the Licensor to grant a renewal of this licence" (an English
    # lease's or licence's option)
    + r"|grant\s+(?:a\s+|the\s+)?renewal"
    # A franchise's renewal in US franchise practice: "you may acquire a successor franchise"
    + r"|(?:obtain|acquire|receive)\s+(?:a\s+|one\s+(?:\(1\)\s+)?|an\s+additional\s+)?"
    + r"successor\s+franchise"
)
# The triggers are looked for only around the words "renew" and "extend": one regex of
# many alternatives over the whole text costs milliseconds, str.find microseconds.
# "At Rogers' option, this Agreement shall renew" puts the trigger ~50 characters before, "may,
# by written notice ... , extend" up to ~170.
_BEFORE_ANCHOR = 180
_AFTER_ANCHOR = 20
_MAX_ANCHORS = 200
# The sentence must be about the contract's own term lasting longer.
_ABOUT_TERM = re.compile(
    r"\bterm\b|(?:this|the)\s+(?:agreement|contract)|franchise"
    r"|(?:additional|further|successive|subsequent|renewal|extension|another)\s+"
    r"(?:[\w()-]+\s+){0,3}?(?:terms?|periods?|years?)\b"
)
# ... and say for how long, or that it is for one more term: "for two additional
# five-year terms", "for an additional period", "on a yearly basis".
_FOR_A_PERIOD = re.compile(r"\b(?:year|years|month|months|term|terms|period|periods|basis)\b")
# What a party may renew or extend must be the term or the contract, not a date or a
# deadline ("TAG may extend the Conversion Date").
_OBJECT = re.compile(
    r"term|agreement|franchise|contract|licen[cs]e|arrangement|relationship|period|year|lease"
    r"|\bit\b|\bfor\b|\bby\b"
)
_OBJECT_REACH = 50
# A renewal the parties may agree on is no one's right: any contract can be extended
# by a new agreement, and CUAD's train labels mostly leave these out. An extension "by request"
# of one side needs the other's yes as much.
_BY_AGREEMENT = re.compile(
    r"mutual|both\s+parties|(?:the\s+)?parties\s+(?:may\s+|must\s+|shall\s+)?agree"
    r"|agreement\s+of\s+(?:the|both)\s+parties|(?:common|written)\s+agreement"
    r"|agreed\s+in\s+writing|amendment|addendum|negotiat|consent\s+of\s+(?:both|the\s+parties)"
    r"|satisfactory\s+agreement|to\s+be\s+agreed|by\s+request"
    # "The Parties may renew this Agreement for such further period and on such terms as they
    # may agree in writing"
    r"|\bthe\s+parties\s+may\s+(?:\w+\s+)?(?:renew|extend)|\bagree\s+in\s+writing"
    # "The parties may, by agreement in writing made not later than ninety (90) days before the
    # expiry of the Term, extend this Agreement for such further period ... as they may then
    # agree"
    r"|\bby\s+(?:written\s+)?agreement\b|\bagreement\s+in\s+writing"
    r"|\bas\s+they\s+may\s+(?:then\s+)?agree"
    # a joint venture's members or board all agreeing: "may extend the term of the Company only
    # by their unanimous written consent"
    r"|unanimous"
    # "may be extended only by a written instrument executed by Landowner and Company"
    r"|only\s+by\s+(?:a\s+|an\s+)?(?:written\s+)?(?:instrument|writing|document)\b"
    # "may extend the Flight ... only by a new or amended insertion order executed by Publisher"
    r"|only\s+by\s+(?:a\s+|an\s+)?(?:new|separate|further|amended|subsequent)\b"
    r"|(?:signed|executed)\s+by\s+(?:both|all|each\s+of)\b"
)
# What else gets renewed or extended, and phrases that deny the right.
_REJECT = re.compile(
    r"insurance|polic(?:y|ies)\b|warrant(?:y|ies)|letter\s+of\s+credit|\bcredit\b|\bnotes\b"
    r"|deadline|time\s+(?:for|to|period)|cure\s+period|due\s+date|payment\s+terms?"
    # (a permit renewed, not "a permitted transferee")
    r"|patent|registration|trademark\s+application|\bpermits?\b|whereas"
    # a director's or an officer's: "their term of office may be renewed"
    r"|term\s+of\s+office"
    # a sublease, another contract's lease wherever it is named (and another contract's lease
    # in a document that is no lease: `_another_lease`)
    r"|\bsublease"
    # the lease a sublease sits under: "the Master Lease grants Sublandlord two (2) options to
    # extend the term of the Master Lease"
    # (not this document's own: "the term of this Ground Lease", "this Master Lease")
    r"|(?<!this\s)\b(?:master|prime|head|underlying|ground)\s+lease\b|\boverlease"
    # (not "the right, but not the obligation, to renew": the right is granted)
    # (not "shall have no right to any further extension" after the one granted)
    r"|no\s+(?:right|option|obligation)(?!\s+to\s+(?:any\s+)?(?:further|additional|other"
    r"|subsequent)\s+(?:extension|renewal))|neither\s+party\s+(?:shall\s+|will\s+)?(?:have|has|may)\b"
    # ("this Agreement does not grant any right to renew or extend the Term")
    r"|(?<!but\s)(?:not|never)\s+(?:have\s+|(?:grant|give|confer|create)s?\s+(?:[a-z]+\s+)?)?"
    r"(?:any\s+|the\s+)?(?:right|option|obligation)"
    r"|(?:shall|will|does|do)\s+not\s+(?:be\s+)?(?:obligated|required)"
    r"|(?:shall|will)\s+not\s+(?:be\s+)?(?:renew|extend)|non-?\s?renewable"
    r"|exclusivity|offer\s+to\s+extend|no\s+(?:renewal|extension)\b"
    # the definition of a period inside the contract, not its term: '"Research Term" means the
    # period commencing on the Effective Date and ending on the third anniversary ..., as it may
    # be extended under Section 3.2'
    r"|[\"“](?!(?:initial\s+|original\s+)?term[\"”])[a-z][\w -]{1,30}?(?:term|period)[\"”]\s+"
    r"(?:shall\s+)?means?\b"
    # ... or its extension: "Takamori may extend the Research Term once for an additional period"
    r"|(?:renew|extend)\s+the\s+(?:research|development|exclusivity|evaluation|option|warranty"
    r"|trial|pilot|transition|discovery|royalty|cure|notice)\s+(?:term|period)"
    # ... or an advertisement's run, its make-good: "shall, at Brambleton's option, either extend
    # the display of the Promotions without charge until the Guaranteed Impressions are
    # delivered or refund ..."
    r"|extend\s+the\s+(?:display|run|campaign|flight|placement)\s+of\b"
    # a table of contents run together: "3.2 Options to Renew 3 3.3 Renewal of ..."
    r"|[a-z]\s+\d{1,3}\s+\d{1,2}\.\d{1,2}\s+[a-z]"
)


def find_renewal_option(text: PreparedText, *, can_judge: bool) -> ClauseFlag | None:
    """A party's option (or right) to renew or extend the term.

    Present with the sentence that offers it; absent only where the text is long
    enough to tell, else None (a fragment cannot prove that no option exists).
    """
    checked: set[int] = set()
    for anchor in _anchors(text.low):
        # Every trigger ends at (or, for "renewable", starts with) the anchor's word.
        lo, hi = max(0, anchor - _BEFORE_ANCHOR), anchor + _AFTER_ANCHOR
        for found in _TRIGGER.finditer(text.low, lo, hi):
            start, end = found.span()
            if start in checked or (start and text.low[start - 1].isalpha()):
                continue  # seen from an earlier anchor, or inside a longer word
            checked.add(start)
            if len(checked) > _MAX_CANDIDATES:
                return ClauseFlag(present=False) if can_judge else None
            if _proves_option(text, found):
                return ClauseFlag(present=True, evidence=text.evidence(start, end))
    return ClauseFlag(present=False) if can_judge else None


_ANCHOR_WORDS = ("renew", "extend", "prolong", "option to continue", "successor franchise")
index_words(_ANCHOR_WORDS)


def _anchors(low: str) -> list[int]:
    """Where "renew", "extend", "prolong", "option to continue" or "successor franchise" occurs,
    in text order (from the shared word index: none of them can overlap itself, so its
    occurrences are those `str.find` finds one after another)."""
    found: list[int] = []
    for word in _ANCHOR_WORDS:
        found += SHARED.positions(low, word)[: _MAX_ANCHORS - len(found)]
    return sorted(found)


# A reference to an extension set elsewhere, as a tolling clause sets one: "shall terminate
# upon the expiration of the Restricted Period, as it may be extended under Section 3.4" (the
# trigger itself, not its sentence: the grant may follow in the same paragraph)
_AS_MAY_BE_EXTENDED = re.compile(
    r"\bas\s+(?:it|they|such\s+\w+|the\s+same)\s+(?:may|can)\s+be\s+(?:renewed|extended)$"
)
_REFERENCE_REACH = 30


# A price the parties will negotiate leaves the renewal the side's own: "The Hospital shall have
# the option to renew this Agreement for one (1) further term of five (5) years ... except the
# Service Fee, which shall be negotiated in accordance with Section 5.4"
_PRICE_NEGOTIATED = re.compile(
    r"\b(?:fees?|prices?|rent|rates?|pricing|compensation)\b[^.;]{0,40}?\b(?:shall|will|to)\s+be\s+"
    r"(?:re)?negotiated\b"
)


# Another contract's lease, in a document that is no lease itself (not a lease's own "on all of
# the terms of this Lease", its "Lease Term", or "the lease of the Equipment")
_ANOTHER_LEASE = re.compile(r"(?<!this\s)\blease\b(?!\s+term)")
_LEASE_TITLE = re.compile(r"\blease\b")
_TITLE_REACH = 400


def _another_lease(text: PreparedText, sentence: str) -> bool:
    """Whether the sentence renews a lease, and the document, by its opening, is no lease."""
    return bool(_ANOTHER_LEASE.search(sentence)) and not _LEASE_TITLE.search(
        text.low, 0, _TITLE_REACH
    )


def _proves_option(text: PreparedText, found: re.Match[str]) -> bool:
    start, end = found.span()
    if _AS_MAY_BE_EXTENDED.search(text.low, max(0, start - _REFERENCE_REACH), end):
        return False
    if found.group().endswith(("renew", "extend", "prolong", "continue")) and not _OBJECT.search(
        text.low, end, end + _OBJECT_REACH
    ):
        return False
    sentence = text.sentence(start, end)
    return (
        len(sentence.split()) >= _MIN_WORDS
        and _ABOUT_TERM.search(sentence) is not None
        and _FOR_A_PERIOD.search(sentence) is not None
        and not _BY_AGREEMENT.search(_PRICE_NEGOTIATED.sub(" ", sentence))
        and not _REJECT.search(sentence)
        and not _another_lease(text, sentence)
        # (an amendment's recital of the option it deletes: "under clause 3.2 of the Agreement
        # the Distributor has an option to renew the Agreement for a further term of two years";
        # asked last, the dearest check)
        and not in_recital(text, start, end)
    )
