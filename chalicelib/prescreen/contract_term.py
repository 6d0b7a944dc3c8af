"""The end of a contract computed from its stated term: "for a period of five (5) years"."""

from __future__ import annotations

import calendar
import heapq
import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

from chalicelib.prescreen.dates import find_dates, month_end, ordinal_suffix
from chalicelib.prescreen.number_words import words_to_number
from chalicelib.prescreen.text import JOINED_BREAK, name_pattern
from chalicelib.prescreen.word_index import finditer, indexed

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.prescreen.text import PreparedText

# The first term by its names ("the initial term", "an original term of ten years"), as a
# fragment of the patterns here and in `contract_dates`.
INITIAL = r"(?:initial|original)"
# What a cover page or an order form calls the contract's own term or dates: "Subscription
# Period:", "MNDA Term:", "Pilot Period:", "Service Start Date:", "SOW End Date:", "BAA
# Effective Date:", a support agreement's "Initial Support Term:" (not "Renewal Term:",
# "Payment Period:" or "Warranty End Date:", which are no term of the contract).
COVER_QUALIFIER = (
    r"(?:initial|original|contract|agreement|subscription|service|services|license|licence"
    r"|order|sow|mnda|nda|baa|dpa|engagement|project|pilot|trial|evaluation|base|lease|support"
    r"|maintenance)"
)
# A schedule's field whose label stands on a line of its own, the value on the next ("Item 3
# Initial Term" over "Thirty-six (36) months ...", "Item 2    Commencement Date" over "1
# September 2012."): the label's line, and the label's line right before where the value
# starts (`{label}` is the label's pattern; a blank line may stand between).
LABEL_LINE = r"\n[^\n.;:]{{0,30}}?\b{label}[ \t]*:?[ \t]*\n"
LABEL_ABOVE = LABEL_LINE + r"(?:[ \t]*\n)?[ \t]*$"
# The contract naming itself: "this Agreement", "this Master Services Agreement", and the
# documents screened as contracts that call themselves otherwise: "this Addendum", "this
# Statement of Work", "this SOW" (not "this Contractor")
THIS_CONTRACT = (
    r"this\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract|amendment|addendum|attachment"
    # a letter of intent's "This letter shall terminate on the earlier of ..." (not a letter
    # of credit)
    r"|statement\s+of\s+work|sow|memorandum|mou|letter(?:\s+of\s+intent)?(?!\s+of\s+credit)"
    # the short names agreements call themselves by: "This CRADA shall become effective on
    # ... and shall expire thirty-six (36) months after the Effective Date", "this MSA"
    r"|msa|crada|nda|mnda|loi|jda|ppa|dpa|mta"
    # ... and an advertising buy's: "This IO shall become effective on the IO Date"
    r"|io|insertion\s+order"
    # ... and a government buyer's: "This BPA shall be in effect for a period of five (5) years",
    # "This Task Order"
    r"|bpa|(?:task|delivery)\s+order"
    # ... and Australian and English drafting's "This document starts on the Commencement Date",
    # "This deed ends on"
    r"|document|deed)\b"
)
# What the contract calls its own term in brackets after it ('(the "Term")'), and a
# consultant's engagement by the service: 'for twelve (12) months thereafter (the "Consulting
# Period")', 'ending on December 31, 2018 (the "Consulting Period")'
TERM_NAME = r"(?:term|(?:consulting|engagement)\s+(?:period|term))"
# The term named by the deal: "The marketing term shall commence on the Effective Date and ...
# continue through August 31, 2013", "the subscription term"; a carrier's, a host's or an
# outsourcer's ("The charter of the Aircraft shall commence ... and shall expire ... on June 30,
# 2008 (the "Charter Term")")
DEAL = (
    r"(?:marketing|supply|license|licence|lease|services?|distribution|agency|sponsorship"
    r"|management|consulting|subscription|engagement|franchise|program|programme|charter|hosting"
    r"|carriage|transportation|warehousing|outsourcing|cooperation|co-operation|delivery)"
)
# The unit is the literal anchor; the number and its preposition are read backwards.
# Units: "years?|months?|года?|лет|месяц(а|ев)?", each at a word's end. One pattern per
# word, merged in text order: each opens with its literal, which the regex engine skips
# to, where their alternation is tried at every position (a third slower).
_UNITS = tuple(
    indexed(re.compile(unit))
    for unit in (
        r"years?\b",
        r"months?\b",
        r"года?\b",
        r"лет\b",
        r"месяц(?:а|ев)?\b",
        # a term in days, only where it runs from the start: "shall continue for a period of
        # five hundred forty (540) days thereafter (the "Initial Term")"
        r"days\b(?=\s+(?:thereafter|(?:after|from|following)\s+the\s+(?:effective|commencement)"
        r"\s+date))",
    )
)
_LENGTH_BEFORE = re.compile(
    # "shall expire ten (10) years from the Effective Date"
    # "shall end on the date falling three (3) years after the Effective Date"
    r"(?:for|of|until|through|be|is|have|has|during|ending|expire[sd]?(?:\s+in)?|date"
    r"|date\s+falling|на|течение"
    # «Срок действия договора – 1 (один) год», «составляет 11 месяцев», «действует один год»
    r"|[-–—]|составля\w+|составит|действует|срок"
    # "shall end on the last day of the month three (3) years from the Effective Date"
    r"|(?P<month_end>last\s+day\s+of\s+the\s+(?:calendar\s+)?month)"
    # "shall expire on the earlier of (a) five (5) years after the Effective Date and (b) ...":
    # only from the start, as a verb's (not "the later of (a) twelve (12) months from the
    # Launch Date")
    r"|(?P<limb>(?:earlier|later)\s+of\s*:?\s*\(\s*(?:i|a|1)\s*\))"
    # "shall terminate five (5) years after the Effective Date": only with the start after it
    # ("The SOW Term begins on the SOW Date and ends: <br> 6 months after the SOW Date", a
    # cover cell's line break)
    r"|(?P<verb>(?:terminate[sd]?|end|ends|lapses?)(?::\s*<br>)?)"
    # a cover sheet's "Term: 3 years", "Term of Agreement: 3 years", a table's "| Term | 3 years"
    # ("Term of NDA: 2 years from the Effective Date")
    r"|term(?:\s+of\s+(?:the\s+|this\s+)?(?:agreement|contract|nda|mnda))?\s*[:|]"
    # a schedule's label on its own line above the value: "Item 3    Initial Term" over
    # "Thirty-six (36) months commencing on the Commencement Date."
    r"|" + INITIAL + r"\s+term(?=[ \t]*\n|[ \t]{3,}\S)"
    # "Validity: 12 months from the date of signing"
    r"|validity(?:\s+period)?\s*[:|]"
    # a cover's "End Date: 3 years after the Effective Date"
    r"|(?:end|expiration|expiry)\s+date\s*[:|]"
    r"|" + COVER_QUALIFIER + r"\s+period\s*[:|])\s+"
    r"(?:at\s+least\s+)?(?:an?\s+|the\s+)?(?:" + INITIAL + r"\s+)?"
    r"(?:(?:term|period)\s+of\s+)?"
    # any word (or tens and a unit): `_length_of` reads it ("sixty", "forty-eight", "twenty
    # four") or drops it ("several", "successive")
    # "one hundred twenty (120) months": hundreds only with a number after them
    r"(?P<number>\d{1,3}"
    r"|(?:(?:one|two|three|four|five|six|seven|eight|nine)\s+hundred\s+(?:and\s+)?)?"
    r"(?:(?:twenty|thirty|forty|fifty|sixty)\s+[a-z]+|[a-zа-яё]+(?:-[a-zа-яё]+)?))\s*"
    # "five (5) years", "2 (два) года": the bracket repeats the number
    r"(?:\(\s*(?:(?P<digits>\d{1,3})|[а-яёa-z -]{1,30})\s*\)\s*)?"
    # "a five-year term", "a three (3)-year period": the hyphen joins number and unit
    # "three (3) consecutive years", "five (5) full calendar years"
    r"(?:full\s+|consecutive\s+)?(?:calendar\s+|календарн\w+\s+)?-?$"
)
# "the fifteen (15) year term of this Agreement": the words after the unit name the term.
# "... for two (2) years from and after the Effective Date (the "Initial Term")": the length
# the contract names its term.
_TERM_AFTER = re.compile(
    r"[\s-]*(?:" + INITIAL + r"\s+)?term\s+(?:of\s+this\s+(?:agreement|contract)|hereof)"
    r"|[^.;()]{0,80}?\(\s*(?:hereinafter,?\s+(?:(?:referred\s+to\s+as|called)\s+)?)?"
    r"(?:the\s+|such\s+)?\W{0,2}(?:" + INITIAL + r"\s+)?" + TERM_NAME + r"\W{0,2}\s*\)"
)
# "the Agreement" as the contract names itself, right before its verb (not "the Contract
# Price shall be firm for twenty-four (24) months", not "the Supply Agreement shall")
THE_CONTRACT_ACTS = r"\bthe\s+(?:agreement|contract)(?=\s+(?:shall|will|is)\b)"
# The sentence must set the term of the contract itself.
_CONTRACT_TERM = re.compile(
    r"(?:"
    + THIS_CONTRACT
    + r"|"
    + THE_CONTRACT_ACTS
    # a definition: '"Term" means the period commencing on the Effective Date and ending on
    # the fifth anniversary ...', '"Initial Term" shall mean ...'
    + r"|(?:"
    + INITIAL
    # an energy contract's "primary term" (not among the lengths `_LENGTH_BEFORE` reads: such a
    # term mostly runs from first deliveries, an event, as train's one pipeline contract's does)
    # ... and an equipment lease's "base term" ("The base term of this Lease (the "Base Term")
    # shall commence on July 1, 2007 ... and shall continue for sixty (60) months thereafter")
    + r"|primary|base)\s+term|the\s+term|[\"“']term"
    # the term named by the deal ("the initial subscription term shall commence on March 1,
    # 2016")
    r"|the\s+(?:" + INITIAL + r"\s+)?" + DEAL + r"\s+term"
    # a consultant's or a licence's term by its name: "The Consulting Period commenced on
    # January 6, 2014 and shall end on September 30, 2015", "The Licence Period shall commence"
    # (a Chinese joint cooperation's: "The cooperation period under this Agreement shall be ten
    # (10) years")
    # (a charter party's: "The Charter Period shall commence on the Delivery Date and shall
    # expire on the fifth (5th) anniversary of the Delivery Date")
    # (a timber sale's: "The Contract Period shall commence on the Effective Date")
    r"|the\s+(?:consulting|engagement|licen[cs]e|co-?operation|charter|contract)\s+period"
    # a government contract's: "The base ordering period begins on the Effective Date and
    # continues for three (3) years", "The base period of performance of this Task Order is
    # twelve (12) months"
    r"|the\s+base\s+(?:ordering\s+)?period(?:\s+of\s+performance)?"
    # ... or its engagement: "The Engagement shall commence on the Commencement Date and shall
    # continue for a fixed term of 12 months"; an adviser's letter's: "Stanmore Grey's engagement
    # hereunder shall terminate on the earlier of ...")
    r"|(?:the|[\w-]+['’]s)\s+engagement(?:\s+hereunder)?(?=\s+(?:shall|will)\b)"
    # a lease of equipment by what it leases: "The lease of the Transponders shall commence on
    # the Commencement Date and ... shall continue until the twelfth (12th) anniversary"
    r"|the\s+lease\s+of\s+(?:the\s+|each\s+)?[\w-]+(?=\s+(?:shall|will)\s+(?:commence|begin|start)))"
    # (with an aside of its own: "the Term, unless earlier terminated ..., shall continue"; a
    # section's number is no sentence's end: "The term of the concession granted in Section 2.1
    # (the "Concession Term") shall commence")
    r"[\"”']?(?:\s|,\s+(?=(?:unless|subject|except)\b))(?:[^.]|\.(?=\d)){0,160}?"
    r"(?:commenc|continu|remain|extend|(?:shall|will)\s+be|be\s+for|begin|began|start"
    r"|in\s+(?:full\s+)?(?:force|effect)|valid|expire|terminat\w*\s+(?:automatically\s+)?on"
    # "This Agreement shall enter into force on 1 June 2015 ... for an initial period of three
    # (3) years"
    r"|(?:enter|come)s?\s+into\s+(?:force|effect)"
    r"|end(?:s|ing)?\s+on"
    # "shall end at midnight on", "terminate at 5:00 p.m. on"
    r"|(?:terminat\w*|end(?:s|ing)?)\s+at\s+[^;]{1,40}?\s+on\b|\bis\s|\bmean"
    # "shall terminate automatically at the end of the Trial Period"
    # (read up to "at" by the term grammar's carrier; not "may terminate at any time")
    r"|(?:terminat\w*|end(?:s|ing)?|expir\w*)\s+(?:automatically\s+)?at"
    r"(?:\s+the\s+(?:end|expiration|expiry)\s+of\b|\s*$)"
    # "this Agreement shall terminate upon the expiration of the Restricted Period"
    r"|terminat\w*\s+(?:automatically\s+)?upon(?:\s+the\s+(?:end|expiration|expiry)\s+of\b|\s*$)"
    r"|(?:shall|will)\s+have|effective\s+for|(?:shall|will)\s+(?:run|last)\b"
    # "This Agreement runs for three years", "has been entered into for a period of"
    r"|\b(?:runs|lasts)\s+(?:for|until|through)\b|entered\s+into\s+for\b"
    # "This Agreement has a term of five (5) years" (not "Bank of America has installed")
    r"|\bhas\s+(?:an?\s+)?(?:" + INITIAL + r"\s+)?(?:term|duration)\s+of)"
    # "shall extend for an initial term of two (2) years": the first term is the contract's
    r"|\ban?\s+" + INITIAL + r"\s+term\s+of\b"
    # a joint venture's or a company's life is its agreement's term: "The Company shall
    # continue in existence until December 31, 2035"
    r"|\b(?:company|partnership|joint\s+venture)\s+(?:shall|will)\s+(?:continue|remain)\s+in"
    r"\s+existence\b"
    # "The Joint Venture commenced on 2 July 1997 and continues until the earliest of: (a) 30
    # June 2012; ..."
    r"|\bthe\s+(?:joint\s+)?venture\s+(?:(?:shall|will)\s+)?(?:commenc\w*|continu\w*)\b"
    r"|(?:договор|контракт|соглашени)\w*[^.]{0,120}(?:действ|заключ)"
    # «Срок действия Договора», not «Срок действия Лицензии – 1 год» (the licence's own term)
    r"|срок\w*\s+действия\s+(?:настоящего\s+|данного\s+)?(?:договора|контракта|соглашения)"
    # a lease's term is the contract's: «Помещение передается в аренду на срок 5 (пять) лет»,
    # «Срок аренды – 11 месяцев»
    r"|(?:переда\w*|предоставля\w*|сда\w*)\s+в\s+(?:аренду|наем|наём)|срок\w*\s+(?:аренды|найма)"
    # a cover sheet's "Term: 3 years from the Effective Date", "Expiration Date: at midnight on
    # the last day of the month fifteen (15) years from the Effective Date", a table's row;
    # in text whose lines were joined by runs of spaces, the field after such a run
    # ("Initial Service Term:")
    # (a numbered item of a schedule: "6. Base Term: Sixty (60) months from ...")
    r"|(?:^|\n|"
    + JOINED_BREAK
    # (an Australian schedule's item: "Item 7 Initial term: 10 years from the Commencement Date")
    + r")[\s*#|-]*(?:\d{1,2}\.[ \t]+|item[ \t]+\d{1,2}[ \t]+)?(?:(?:"
    + COVER_QUALIFIER
    + r"\s+){0,2}term"
    r"(?:\s+of\s+(?:the\s+|this\s+)?(?:agreement|contract|nda|mnda))?|"
    + COVER_QUALIFIER
    + r"\s+period"
    r"|validity(?:\s+period)?|(?:expiration|expiry|termination|end)\s+date)\s*[:|]"
    # ... or over it: "Item 3    Initial Term" on its line above "Thirty-six (36) months ...",
    # or beside it in a schedule's columns: "Item 4   Initial Term    Twenty-four (24) months"
    r"|"
    + LABEL_LINE.format(label=INITIAL + r"\s+term")
    + r"|(?:^|\n)[ \t]*(?:item\s+\d{1,2}[ \t]+)?"
    + INITIAL
    + r"\s+term[ \t]{3,}\S"
)
# A duty that outlives the contract ("shall survive the termination of this Agreement and
# continue for a period of three (3) years") runs after its end, not for its term.
_NOT_CONTRACT_TERM = re.compile(
    r"confidential|конфиденциальн|warrant|гарант|exclusiv|surviv"
    r"|(?:prior\s+to|after|following|upon)\s+(?:the\s+)?(?:expiration|termination)"
    # a rider's or an order's own term under a master agreement: "The term of the lease of the
    # Cars covered by this Rider shall be one hundred twenty (120) months"
    r"|(?:covered\s+by|under)\s+(?:this|each|such|any)\s+(?:rider|(?:purchase\s+|work\s+)?order"
    r"|statement\s+of\s+work|sow)\b"
    # ... or another agreement's: "each Unit Franchise Agreement then in effect, each of which
    # shall continue for its own term of ten (10) years"
    r"|\beach\s+of\s+which\b|\bits\s+own\s+term\b"
    # ... or the successor agreement a renewal signs: "executes the Franchisor's then-current
    # form of franchise agreement, except that ... the term shall be five (5) years"
    r"|then[\s-]*current\s+(?:standard\s+)?form\b"
    # ... nor the time to bring a claim: "No action or proceedings arising under this agreement
    # shall be commenced against the Agent after the expiry of six years from Project Completion"
    r"|\b(?:actions?|claims?|proceedings?|suits?)\b[^.;]{0,80}?\b(?:commenced|brought|instituted)\b"
    # ... nor a notice's: "provided that such notice shall not expire before the date 18 months
    # after the Commencement Date"
    r"|\bnotice\s+(?:period\s+)?(?:shall|will|may)\s+(?:not\s+)?(?:expire|end)\b"
    # ... nor the term an amendment changes, as it stood: "Section 4(a), which currently
    # provides that the Consulting Period will continue through December 31, 2016, is hereby
    # amended"
    r"|\b(?:currently|presently|originally)\s+(?:provides?|states?|reads?|scheduled|set|due)\b"
    # ... nor an officer's: "The general manager ... shall be appointed by the Board of Directors
    # for a term of four (4) years", "The term of office of the directors ... is four (4) years"
    r"|\bterm\s+of\s+office\b|\b(?:appointed|elected|nominated)\b[^.;]{0,60}?\bfor\s+a\s+term\b"
)


# The kinds of the contract's own years ("Contract Year", "Program Year", "Fiscal Year"), which
# `contract_years` reads from their definitions
OWN_YEAR_KINDS = (
    r"contract|agreement|program|programme|lease|licen[cs]e|sponsorship|service|fiscal|operating"
)
# The words before a start or an end that make it a part's, not the contract's term's: a year of
# the term ("the first calendar year of the Term shall begin on the Effective Date and end on
# December 31, 2019", "the first Agreement Year shall begin on the date of this Agreement and
# end on January 31, 2012"), each order's term ("With respect to each of the Services, the term
# thereof will be for a period commencing ... and shall continue until 12 months following the
# Commencement Date"), a renewal's
_A_PART_OF_THE_TERM = re.compile(
    # (a year the royalties are counted by: "the first Royalty Year shall begin on the
    # Effective Date and end on December 31, 2012")
    # (a school's: "The first Academic Year under this Agreement ... begins on July 1, 2014 and
    # ends on June 30, 2015")
    r"\b(?:(?:first|last|final)\s+(?:(?:calendar|royalty|academic|school|"
    + OWN_YEAR_KINDS
    + r")\s+)?(?:year|quarter|month)"
    r"|(?:calendar|contract|fiscal|lease)\s+(?:year|quarter|month)s?\s+of\s+the\s+term"
    r"|(?:each|any)\s+(?:of\s+the\s+)?(?:services?|(?:purchase\s+|work\s+)?orders?"
    r"|statements?\s+of\s+work|sows?)"
    # ... nor a renewal's: "shall be renewed for an additional term ending on December 31, 2019"
    # (not an extension this document makes: "The term of the Consulting Agreement is hereby
    # extended for one (1) additional year, commencing on January 1, 2016 and ending on
    # December 31, 2016")
    r"|(?<!hereby\s)(?:renewed|extended)\s+for"
    r"|(?:additional|renewal|extension)\s+(?:term|period)"
    r"|successive)\b"
)


# The term this document extends or renews itself, as an extension letter or an addendum does:
# "the Term is extended for an additional period of thirty-six (36) months", "The term of the
# Franchise Agreement is renewed for a renewal term commencing on the Renewal Date and expiring
# on the tenth (10th) anniversary of the Renewal Date", "The Franchisor hereby renews the
# franchise ..." (its end is the contract's, not a renewal's that may come)
EXTENDED_HERE = re.compile(
    r"\b(?:is|are)\s+(?:hereby\s+)?(?:extended|renewed)\b|\bhereby\s+(?:extends|renews)\b"
)
# (not a renewal on a condition: "if the Term is extended for a Renewal Term, ...")
_ON_A_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|once|in\s+the\s+event)\b")


# ... nor the days before the base term begins, in the limb of the sentence that tells of them:
# "shall consist of (a) an interim period (the "Interim Period") running from the Acceptance Date
# through the last day of the calendar month ..., and (b) a base term ... ending on ..."
_INTERIM = re.compile(r"\b(?:interim|stub)\s+(?:term|period)\b")
_LIMB = re.compile(r"\(\s*(?:[a-h]|i{1,3}|iv|v|vi)\s*\)\s")


def of_a_part_of_the_term(low: str, begin: int, end: int) -> bool:
    """Whether the words from begin to end name a part of the term, not the term itself
    (`_A_PART_OF_THE_TERM`, unless this document extends the term itself: `EXTENDED_HERE`;
    or, in the last limb of a list, `_INTERIM`)."""
    limb = max((found.start() for found in _LIMB.finditer(low, begin, end)), default=begin)
    if _INTERIM.search(low, limb, end) is not None:
        return True
    if _A_PART_OF_THE_TERM.search(low, begin, end) is None:
        return False
    renewed = EXTENDED_HERE.search(low, begin, end)
    return renewed is None or _ON_A_CONDITION.search(low, begin, renewed.start()) is not None


def sets_the_term(sentence: str) -> bool:
    """Whether a sentence (up to the words read) sets the contract's own term, not a duty
    that outlives it (`_CONTRACT_TERM`, `_NOT_CONTRACT_TERM`)."""
    return bool(_CONTRACT_TERM.search(sentence)) and not _NOT_CONTRACT_TERM.search(sentence)


# A length after "terminate", "end" or "lapse", or in the first limb of "the earlier of",
# counts only from the contract's own start: "shall terminate one (1) year from the Rig
# Release Date" runs from an event whose day no text gives.
_FROM_START = re.compile(
    r"\s*(?:\(\s*\w+\s*\)\s*)?(?:after|from|following)\s+(?:the\s+)?(?:effective\s+date"
    r"|commencement\s+date|execution\s+date|sow\s+date"
    r"|date\s+(?:hereof|of\s+(?:this|the)\s+agreement|of\s+(?:execution|signing)))"
    r"|\s+thereafter"
)
# ... and only where the contract or its term is what ends, not a party's right to end it
_ENDS_ITSELF = re.compile(
    r"(?:" + THIS_CONTRACT + r"|\bterm)\s+(?:(?:shall|will)\s+)?"
    r"(?:automatically\s+)?(?:terminate|end|lapse)"
)
_FROM_A_DAY = re.compile(
    r"\s*(?:\(\s*\w+\s*\)\s*)?(?:after|from|following)\s+the\s+(?:[a-z-]+\s+){1,3}?date\b"
)
_A_RIGHT = re.compile(r"\bmay\s|right\s+to\b|\belect")
# The first day a notice of termination may be given, not the term's end: "Either Party may
# terminate this Agreement for convenience upon ninety (90) days' prior written notice ...;
# provided that no such notice may be given before the date that is six (6) months after the
# Program Launch Date"
_NOTICE_NOT_BEFORE = re.compile(
    r"\b(?:given|delivered|served|sent|exercised)\s+(?:before|until|prior\s+to|earlier\s+than)\s+"
    r"the\s+date(?:\s+(?:that|which))?\s+$"
)
# A length counted back from something is no term: "the royalties received during the twelve
# (12) months preceding the event giving rise to the liability", "one (1) year prior to"; nor
# one counted on from the end of a term.
_COUNTED_BACK = re.compile(
    r"\s+(?:immediately\s+)?(?:preceding|prior\s+to|before)\b"
    # ... or on from the end of something, as a duty that survives: "shall continue ... in any
    # case for at least ten (10) years after the end of the Research Term"
    r"|\s+(?:after|following|beyond)\s+(?:the\s+)?(?:end|expiration|expiry|termination)\b"
    # ... or a person's standing: "an arbitrator who shall be an attorney of at least fifteen (15)
    # years' standing", "ten (10) years of experience"
    r"|'?\s+(?:standing|experience)\b|\s+of\s+(?:\w+\s+)?experience\b"
)
# The length of a renewal, which follows the term: "successive periods of", "additional terms of".
_RENEWAL_LENGTH = re.compile(
    r"\b(?:successive|additional|renewal|consecutive|further)\s+(?:[\w()-]+\s+){0,3}?(?:periods?|terms?)"
    r"(?:\s+of)?(?:\s+up\s+to)?\s*$"
    # "this Agreement shall be automatically extended for one (1) year, and so on thereafter"
    # (not a renewal this document makes: "The Agreement is renewed for a term of two (2)
    # years commencing on January 1, 2020", "is hereby extended for a period of two (2) years")
    r"|\b(?:renewed|extended|prolonged)\s+automatically\s*$"
    r"|(?<!hereby\s)(?<!\bis\s)(?<!\bare\s)\b(?:renewed|extended|prolonged)\s*$"
)
# A length that runs on past the term: "irrevocable for the term of this Agreement and for one
# (1) year", "during the Term and for five (5) years"
_BEYOND_THE_TERM = re.compile(r"\b(?:term|agreement|hereof)\s*,?\s+and\s+$")
# A long sentence whose subject is the contract, the length in its last clause: "This
# Agreement shall come into force on the date on which it is signed by the legal
# representatives ... of both Parties, and shall be valid for three (3) years."
_LASTS_AS_WELL = re.compile(
    r",?\s+and\s+(?:shall|will)\s+(?:be\s+valid|remain\s+(?:valid|in\s+(?:full\s+)?(?:force|effect))"
    # ("The term of this Agreement shall commence on the date on which it has been signed by
    # both parties, as shown by ... (the "Effective Date"), and shall continue for a period of
    # two (2) years thereafter")
    r"|continue(?:\s+in\s+(?:full\s+)?(?:force|effect))?|be\s+in\s+(?:full\s+)?(?:force|effect))\s*$"
)
_OPENS_WITH_THE_CONTRACT = re.compile(
    r"[\W\d]*(?:article\s+\d+\s+)?(?:this|the)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)\b"
)
# The contract as "it", as civil-law drafting goes on from the sentence that names it: "11.1 This
# Agreement shall enter into force on the Effective Date. 11.2 It is entered into for an initial
# period of five (5) years from the Effective Date."
_IT_IS_CONCLUDED = re.compile(
    r"[\W\d]*it\s+(?:is|shall\s+be|has\s+been)\s+(?:entered\s+into|concluded|made)\s+for\b"
)
_MAX_UNITS = 60
_MAX_YEARS = 100  # "one hundred (100) years" and more: no term anyone computes an end from
# "the date on which" an event happens, not the contract's own day: the day it is signed or
# executed, or takes effect ("commencing from the date on which this Agreement takes effect")
_NOT_ITS_OWN_DAY = (
    r"(?![^.;]{0,60}?\b(?:sign|execut|takes\s+effect|becomes\s+effective"
    r"|comes\s+into\s+(?:force|effect)|enters\s+into\s+force))"
)
# "for a period of twenty four (24) months to commence on the launch date of January 4, 1999",
# "five years from January 1, 2010": the term runs from the date written right after it.
# ("Eighteen (18) months, beginning on the First Airing Date")
_RUNS_FROM = re.compile(
    r"(?:\s+period)?,?\s*(?:\([^()]{0,40}\)\s*)?(?:to\s+)?"
    r"(?:(?:commenc\w*|begin\w*|start\w*)(?:\s+on\b)?|(?:measured\s+)?from)\b"
)
_RUNS_FROM_REACH = 70
# ... or after the day of an event the text names but never dates: "shall expire on the date
# that is twelve (12) years after the date of Delivery of the Picture" (not the contract's own
# day: "of this Agreement", "of execution", "of the last signature")
_AFTER_AN_EVENT = re.compile(
    r"\s+(?:after|from|following)\s+the\s+date\s+of\s+(?!(?:this|its|execution|signature|signing"
    r"|the\s+(?:last|final|later|latest)\s|(?:the\s+)?(?:effective|commencement)\s"
    r"|the\s+(?:execution|signing)\b)|hereof|first\s|full\s)(?:the\s+)?[a-z]"
    # "shall expire ten (10) years after the date on which the Restaurant first opens for
    # business" (not the day the last side signs)
    r"|\s+(?:after|from|following)\s+the\s+(?:date|day)\s+(?:up)?on\s+which\s+" + _NOT_ITS_OWN_DAY
)
# "ten (10) years (the "Term") which shall commence on the date upon which the Company
# delivers the last Sample": the length runs from an event whose day no text gives.
_RUNS_FROM_EVENT = re.compile(
    r"[^.;]{0,40}?\b(?:commenc\w*|begin\w*|start\w*|run\w*)\s+(?:on|upon|from|with)\s+"
    r"(?:the\s+)?(?:date|day)\s+(?:up)?on\s+which\s+" + _NOT_ITS_OWN_DAY
)
# Words between that make the date another's: a date cited for a different document.
_NOT_RUNS_FROM = re.compile(r"dated|agreement|[(;]|\.\s")  # (or the sentence ended)
_TERM_REACH = 200
# ("... in any two (2) calendar months within a period of six (6) consecutive months")
_EACH_OF = re.compile(r"\b(?:each|within\s+(?:a|any)\s+(?:rolling\s+)?period)\s+$")
_EACH_REACH = 30
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "twenty-fifth": 25, "thirtieth": 30,
}  # fmt: skip
# (no ordinal is the start of another: the alternation may try them in any order)
# A Commencement Date the contract defines as an event, not as its start: '"Commencement
# Date" shall mean the date on which Conversion for all Banks has been completed'.
COMMENCEMENT_ON_EVENT = indexed(
    re.compile(
        r"commencement\s+date[\"”']?\s+(?:shall\s+)?means?\s+"
        r"(?!the\s+effective\s+date|the\s+date\s+(?:hereof|of\s+this|first\s+(?:above\s+)?written))"
    )
)
# "the fifth (5th) anniversary", "the 3rd anniversary", "the fifth annual anniversary"; "5t h",
# "1s t" as some PDFs split them, and a justified line's two spaces.
_SPLIT_SUFFIX = ordinal_suffix(r"\s{0,2}")
ORDINAL = (
    rf"(?P<ordinal>{'|'.join(ORDINALS)}|(?P<digits>\d{{1,2}}){_SPLIT_SUFFIX})\s*"
    rf"(?:\(\s*\d{{1,2}}(?:{_SPLIT_SUFFIX})?\s*\)\s*)?"
)
_WINDOW = 70
_LEAD_IN_GAP = 8  # the spaces between a colon and the list's first item


def end_from_term(
    text: PreparedText, start: date, *, day_named: Callable[[str], date | None] | None = None
) -> date | None:
    """Start plus the contract's stated term, when a sentence states one plainly. A length
    counted from a named day runs from the day `day_named` gives that name (by default, a
    day the definitions write: `named_day`).

    Measured and left out (issue 13): a detector learned from CUAD's "Expiration Date"
    spans (words and pairs of the sentences that name a year, a month or an anniversary)
    ranking the lengths this rule turns away, fitted on train's folds 0-3 and scored out of
    fold. It gave an end where the rule gave none in 3-5 of 342 train contracts, right in
    one, at every threshold from 0.3 to 0.9 (dev 0.912 -> 0.904-0.912, check 0.886 ->
    0.871). The rule's misses on train are contracts whose start is unknown or whose term
    is no length (an event, an addendum's date, contract years), not sentences it turns away.
    """
    units = heapq.merge(*(finditer(unit, text.low) for unit in _UNITS), key=lambda m: m.start())
    for count, unit in enumerate(units):
        if count >= _MAX_UNITS:
            break
        length = _LENGTH_BEFORE.search(text.low, max(0, unit.start() - _WINDOW), unit.start())
        if length is None or _COUNTED_BACK.match(text.low, unit.end()):
            continue
        if _EACH_OF.search(text.low, max(0, length.start() - _EACH_REACH), length.start()):
            continue  # a window of measure: "below 95% in each of three (3) consecutive months"
        # a renewal's length ("thereafter shall be extended ... for successive periods of one
        # (1) year"), or a notice's first day ("no such notice may be given before the date that
        # is six (6) months after")
        if any(
            later.search(text.low, max(0, length.start() - _WINDOW), length.start())
            for later in (_RENEWAL_LENGTH, _NOTICE_NOT_BEFORE)
        ):
            continue
        if text.low.startswith("for", length.start()) and _BEYOND_THE_TERM.search(
            text.low, max(0, length.start() - _WINDOW), length.start()
        ):
            continue  # "irrevocable for the term of this Agreement and for one (1) year"
        begin = _with_lead_in(text, text.sentence_span(unit.start(), unit.end())[0])
        # what follows the term is another matter; in a long sentence only the words just
        # before the length say what lasts that long ("... this Agreement is terminated
        # under 9.2 ...; 9.4.5.2 for a period of two (2) years")
        after = _TERM_AFTER.match(text.low, unit.end())
        sentence = text.low[
            max(begin, unit.start() - _TERM_REACH) : after.end() if after else unit.end()
        ]
        # (a length a verb counts from a day the contract names, where it dates that day)
        from_a_day = bool(
            (length.group("verb") or length.group("limb"))
            and not _FROM_START.match(text.low, unit.end())
        )
        sets_term = _length_sets_term(text, length, unit, begin, sentence, after=after)
        if not sets_term or _NOT_CONTRACT_TERM.search(sentence):
            continue
        number = _length_of(length)
        years = unit.group(0).startswith(("year", "год", "лет"))
        if not number or (years and number >= _MAX_YEARS):
            continue
        if _RUNS_FROM_EVENT.match(text.low, unit.end()):
            return None
        base = _length_base(
            text,
            unit.end(),
            begin,
            length.start(),
            day_named or (lambda name: named_day(text, {}, name)),
        )
        # (not where it runs from a named day the text never dates: "three years from the
        # Launch Date" counts from the start in CUAD's labels, 2 of 2 on train)
        if base is None and _AFTER_AN_EVENT.match(text.low, unit.end()):
            return None  # "twelve (12) years after the date of Delivery of the Picture"
        if base is None and from_a_day:
            continue  # "shall terminate one (1) year from the Rig Release Date", never dated
        end = _after_length(base or start, number, unit.group(0))
        to_month_end = length.group("month_end") or _MONTH_END_AFTER.match(text.low, unit.end())
        return month_end(end) if to_month_end else end
    return None


def _length_sets_term(
    text: PreparedText,
    length: re.Match[str],
    unit: re.Match[str],
    begin: int,
    sentence: str,
    *,
    after: re.Match[str] | None,
) -> bool:
    """Whether a length (its words `length`, its unit `unit`, in a sentence opening at `begin`,
    `sentence` the words read) is the contract's term."""
    if length.group("verb") or length.group("limb"):
        # only from the start, or from a day it names ("The term of this Agreement began on
        # the Effective Date and ... ends three (3) years after the First Delivery Date"), and
        # only where the contract or its term ends, not a party's right to end it
        return bool(
            (
                _FROM_START.match(text.low, unit.end())
                or (length.group("verb") and _FROM_A_DAY.match(text.low, unit.end()))
            )
            and (_ENDS_ITSELF.search(sentence) or _CONTRACT_TERM.search(sentence))
            and not _A_RIGHT.search(sentence)
        )
    return bool(
        after
        or _CONTRACT_TERM.search(sentence)
        or _IT_IS_CONCLUDED.match(text.low, begin)
        or (
            _LASTS_AS_WELL.search(text.low, max(begin, length.start() - _WINDOW), length.start())
            and _OPENS_WITH_THE_CONTRACT.match(text.low, begin)
        )
    )


def _after_length(day: date, number: int, unit: str) -> date:
    """The day `number` units (years, months or days, by the unit's word) after `day`."""
    if unit == "days":
        return day + timedelta(days=number)
    return add_months(day, number * 12 if unit.startswith(("year", "год", "лет")) else number)


def _length_base(
    text: PreparedText,
    after: int,
    begin: int,
    length: int,
    day_named: Callable[[str], date | None],
) -> date | None:
    """The day a length (its words ending at `after`, in a sentence opening at `begin`, the
    length's own words at `length`) runs from, where the text dates it; None for the start."""
    base = _runs_from(text, after)
    if base is not None:
        return base
    counted = _COUNTED_FROM.match(text.low, after)
    if counted is not None:
        # "until the date that is twelve (12) months after the Separation Date", where
        # '"Separation Date" means April 1, 2010': from the day the definitions give it
        # (or that its definition counts from the start: "twenty-four (24) months from the
        # Service Start Date", where '"Service Start Date" means the first day of the first
        # full calendar month following the Effective Date')
        name = _FROM_A_NAME.match(text.low, counted.end() - len("the"))
        return day_named(" ".join(name.group("name").split())) if name else None
    # "shall commence on April 1, 2011 ... and shall continue for a period of sixty (60) months
    # thereafter", "The initial subscription term shall commence on March 1, 2016 ... and shall
    # continue for thirty-six (36) months": from the day the sentence started it on (not where
    # the length names the day it runs from: "The term ... commenced on the Original Effective
    # Date and ... shall continue until the date that is sixty (60) months after the Second
    # Amendment Effective Date")
    return _started_before(text, begin, length)


# "Twenty-four (24) months from the Commencement Date, ending on the last day of the calendar
# month in which that twenty-four (24) month period ends"
_MONTH_END_AFTER = re.compile(
    r"[^.;]{0,60}?,?\s+ending\s+on\s+the\s+last\s+day\s+of\s+the\s+(?:calendar\s+)?month"
    r"\s+(?:in|during)\s+which"
)


# A schedule's label on its own line over the value that starts at `begin`: "Item 3
# Initial Term", then "Thirty-six (36) months commencing on the Commencement Date."
_LABEL_ABOVE = re.compile(LABEL_ABOVE.format(label=INITIAL + r"\s+term"))
_LABEL_REACH = 60


# A list of definitions' lead-in: "In this Agreement the following words shall have the
# following meanings:" opens no term ("1.1 "Agreement Year" means the period of twelve (12)
# months beginning on the Initial Shipment Date" is a year's, not the contract's)
_DEFINITIONS_LEAD_IN = re.compile(r"\bmeanings?\b|\bdefined\s+as\s+follows\b")


def _with_lead_in(text: PreparedText, begin: int) -> int:
    """Where a list's first item starts its sentence: back over the lead-in before a colon.

    "This Agreement shall remain in effect until the earlier of: (a) the fifth anniversary
    of this Agreement; and (b) ...": the item cut at the colon does not say what ends.
    Later items open after a semicolon and keep their own start. A schedule's value starts
    at its label on the line above (`_LABEL_ABOVE`).
    """
    label = _LABEL_ABOVE.search(text.low, max(0, begin - _LABEL_REACH), begin)
    if label is not None:
        return label.start()
    lead = max(0, begin - _LEAD_IN_GAP)
    head = text.low[lead:begin].rstrip()
    if not head.endswith(":"):
        return begin
    colon = lead + len(head) - 1
    start = text.sentence_span(colon, colon)[0]
    if _DEFINITIONS_LEAD_IN.search(text.low, start, colon):
        return begin  # each definition is its own sentence: no term is the lead-in's
    return start


# The name of a day, in lower case: "launch date", "service commencement date".
# (a phase's number among its words: "the Phase I Completion Date", "the Stage 2 Acceptance Date")
DAY_NAME = r"[a-z][a-z-]{1,20}(?:\s+(?:[ivx]{1,4}|\d{1,2}))?(?:\s+[a-z][a-z-]{1,20})?\s+date"
# "five (5) years from the Opening Date", where '"Opening Date" means May 28, 1999'
_FROM_A_NAME = re.compile(r"\s*the\s+(?!effective\s)(?P<name>" + DAY_NAME + r")\b")


def _runs_from(text: PreparedText, position: int) -> date | None:
    """The date a stated length runs from, when the words after it write one or name a day
    the definitions date."""
    opening = _RUNS_FROM.match(text.low, position)
    if opening is None:
        return None
    return _day_at(text, opening.end(), opening.end() + _RUNS_FROM_REACH)


_COUNTED_FROM = re.compile(r"\s*(?:after|from|following)\s+the\b")
# "shall commence on April 1, 2011", "shall begin on the Service Commencement Date": where a
# sentence says the day it starts the term on
# ("The Supplier shall provide the Services from the Service Commencement Date for an initial
# period of five years")
_STARTS_ON = re.compile(
    r"\b(?:commenc|begin|start)\w*\s+(?:on|as\s+of)\s+"
    r"|\bfrom\s+(?=the\s+(?:[a-z-]+\s+){0,3}date\s+(?:for\b|$))"
)


def _started_before(text: PreparedText, begin: int, end: int) -> date | None:
    """The day the words between begin and end last say the term starts on, if they date it."""
    starts = list(_STARTS_ON.finditer(text.low, begin, end))
    if not starts:
        return None
    last = starts[-1].end()
    return _day_at(text, last, min(end, last + _RUNS_FROM_REACH))


def _day_at(text: PreparedText, position: int, end: int) -> date | None:
    """The day the words from position (up to end) write or name: a day the definitions date
    ("the Opening Date", where '"Opening Date" means May 28, 1999'), or a date written with
    nothing of another document before it ("from the Effective Date (as defined in the
    Agreement dated ...)" gives none)."""
    name = _FROM_A_NAME.match(text.low, position)
    day = named_day(text, {}, name.group("name")) if name else None
    if day is not None:
        return day
    after = text.low[position:end]
    dates = find_dates(after, english=True)
    if not dates or _NOT_RUNS_FROM.search(after, 0, dates[0].start):
        return None
    return dates[0].value


def _length_of(length: re.Match[str]) -> int:
    """The number of a stated length: its digits in brackets, or the number it spells."""
    word = length.group("number")
    if length.group("digits"):
        return int(length.group("digits"))
    if word.isdigit():
        return int(word)
    spelled = int(words_to_number(word) or 0)
    # "a thousand years" is a figure of speech; "one hundred twenty months" a term
    return spelled if spelled < 100 or "hundred " in word else 0


def ordinal_count(ordinal: re.Match[str]) -> int:
    """The number an `ORDINAL` match writes: "fifth", "5th", "fifth (5th)"."""
    digits = ordinal.group("digits")
    return int(digits) if digits else ORDINALS[ordinal.group("ordinal")]


_DEFINITION_REACH = 240
_FIELD_VALUE_REACH = 60
_NAMED_REACH = 40
# Where a name's definition opens: '"Launch Date" means', '"Initial Term" shall mean', and in
# English drafting a colon: '"Initial Period": the period of five (5) years ...' (`{name}` is
# the name's pattern)
# (or two names at once: '"Effective Date" and "First Delivery Date" each mean July 9, 2001')
DEFINES = (
    r"[\"“]{name}[\"”](?:\s*:|(?:\s+and\s+[\"“][^\"”\n]{{1,40}}[\"”])?(?:\s+each)?"
    r"\s+(?:(?:shall|will)\s+)?means?)\s"
)


# ... and in Australian drafting, unquoted at a line's start: "Commencement Date means 1 March
# 2020." (and English drafting's list: "Expiry Date: the third anniversary of the Commencement
# Date.")
_DEFINES_UNQUOTED = r"(?:^|\n)[ \t]*{name}(?:\s+means\s|[ \t]*:[ \t]*(?=\S))"


def definition_of(text: PreparedText, words: str) -> re.Match[str] | None:
    """The first opening of a definition of the name `words` (a pattern) in the text."""
    return re.search(DEFINES.format(name=words), text.low) or re.search(
        _DEFINES_UNQUOTED.format(name=words), text.low
    )


def named_day(text: PreparedText, named: dict[str, date], name: str) -> date | None:
    """The day a name stands for: one the opening names (`named`, keyed by the name in lower
    case) or one its definition dates (`defined_day`)."""
    name = " ".join(name.split())
    return named.get(name) or defined_day(text, name)


# The hour a definition gives before its day: '"Effective Date" means 12:01 a.m., Eastern
# Time, on the Distribution Date'
HOUR_ON = r"(?:\d{1,2}(?::\d\d)?\s*[ap]\.?m\b\.?[^.;\d]{0,40}?\bon\s+)?"
_ANOTHER_DAY = re.compile(r"\s*" + HOUR_ON + r"the\s+(?P<name>" + DAY_NAME + r")\W*$")


_EITHER_OF = re.compile(r"\s*(?:the\s+)?(?:later|earlier|latest|earliest)\s+(?:to\s+occur\s+)?of\b")


def defined_day(text: PreparedText, name: str, *, depth: int = 0) -> date | None:
    """The one date a definition of `name` writes ('"Launch Date" means September 15, 2006',
    '"Start Date" means February 2, 2015, the date on which ...'), or else a schedule's field
    of that name ("Launch Date:          August 1, 2000", where the definition sends the reader
    to "the launch date set forth in the Launch Schedule"); None for an event with no day
    written, or several days. (A cover page's field needs no definition: "Service
    Commencement Date:      July 1, 2017".)"""
    words = name_pattern(name)
    definition = definition_of(text, words)
    if definition is not None:
        sentence_end = text.sentence_span(definition.end(), definition.end())[1]
        meaning = text.low[
            definition.end() : min(sentence_end, definition.end() + _DEFINITION_REACH)
        ]
        dates = find_dates(meaning, english=True)
        if dates and _EITHER_OF.match(meaning):
            # the later of a day and an event: '"Line Start-Up Date" means the later of (a)
            # January 2, 2006 and (b) the first day on which the Line has passed the Acceptance
            # Test' (no day to count from)
            return None
        if dates:
            return dates[0].value if len({found.value for found in dates}) == 1 else None
        # ... or another day it names, dated in turn: '"Commencement Date": the Acceptance
        # Date', '"Acceptance Date": 4 November 2019'
        other = _ANOTHER_DAY.match(meaning)
        if other is not None and depth == 0 and other.group("name") != " ".join(name.split()):
            return defined_day(text, other.group("name"), depth=1)
    # (an item of a list of basic terms: "(c) Opening Date: April 15, 2016")
    field = field_value(text, words)
    if field is not None:
        value = find_dates(text.low[field : field + _FIELD_VALUE_REACH], english=True)
        return value[0].value if value and value[0].start == 0 else None
    return _named_in_passing(text, words)


def field_value(text: PreparedText, words: str) -> int | None:
    """Where the value of a field labelled with a name (`words`: the name's pattern) starts: a
    schedule's or a cover page's "Start Date:          March 1, 2004", an item of a list of
    basic terms "(c) Opening Date: April 15, 2016", a table's "| Display Term | ..."."""
    field = re.search(
        # (or after the full stop of the field before it, where a schedule runs its fields on in
        # one paragraph: "Store available for testing: July 2, 2001. Launch Date: July 16, 2001.")
        rf"(?:^|\n|\||(?<=\.)[ \t]+)[ \t*]*"
        # (an Australian schedule's item, its number set off by a dash: "Item 2 - End Date: 31
        # March 2009")
        rf"(?:(?:\(?[a-z0-9]{{1,3}}[.)][ \t]*|item[ \t]+\d{{1,2}}(?:[ \t]*[-–—.:])?[ \t]+)?{words}"
        # (or set apart from its value by a column's spaces: "Item 2   Expiry Date   31 October
        # 2016"; a signature page's field may say what it is for: "PROGRAM LAUNCH DATE (for
        # purposes of Sections 1.4 and 10.1): May 1, 2001")
        rf"(?:[ \t]*\([^)\n]{{1,60}}\))?"
        # (or name it in brackets after its own words: a certificate's "Date signed (Acceptance
        # Date): June 18, 2001")
        rf"|[a-z][a-z \t]{{0,30}}?\([ \t]*(?:the[ \t]+)?{words}[ \t]*\))"
        rf"(?:[ \t*]*[:|][ \t|]*|[ \t]{{3,}}(?=\S))",
        text.low,
    )
    return field.end() if field is not None else None


def _named_in_passing(text: PreparedText, words: str) -> date | None:
    """A date the body names in passing (`words`: the name's pattern): 'Commercial Launch
    shall take place on November 20, 2013 (the "Commercial Launch Date")', '... on February 1,
    2009, which the Parties agree shall be the "Service Commencement Date"', or the name first:
    'the "First Commercial Shipment Date" for all purposes of this Agreement shall be
    September 18, 2006', or unquoted: "The Go-Live Date shall be November 2, 2009"."""
    for quoted in re.finditer(rf"[\"“]{words}[\"”]", text.low):
        named_as = _NAMED_AS_AFTER.match(text.low, quoted.end())
        if named_as is not None:
            value = find_dates(
                text.low[named_as.end() : named_as.end() + _NAMED_REACH], english=True
            )
            if value and value[0].start == 0:
                return value[0].value
        naming = _NAMING_BEFORE.search(
            text.low, max(0, quoted.start() - _NAMING_REACH), quoted.start()
        )
        if naming is None:
            continue
        window = text.low[max(0, naming.start() - _NAMED_REACH) : naming.start()]
        before = find_dates(window, english=True)
        if before and not window[before[-1].end :].strip(" ,"):
            return before[-1].value
    # (or by the name alone, where a schedule later fixes the day: "The Go-Live Date shall be
    # November 2, 2009")
    # (the pattern opens with the name's first word, a literal the regex engine skips to)
    # (or a memorandum's confirming it: "... confirm ... that the Commencement Date is January 1,
    # 2012")
    for stated in re.finditer(rf"{words}\s+(?:(?:shall|will)\s+be|is)\s+", text.low):
        if not _THE_BEFORE.search(text.low, max(0, stated.start() - 8), stated.start()):
            continue
        value = find_dates(text.low[stated.end() : stated.end() + _NAMED_REACH], english=True)
        if value and value[0].start == 0:
            return value[0].value
    return None


# What stands between a date and the name given to it: '(the "Launch Date")', ', which the
# Parties agree shall be the "Service Commencement Date"', ', being the "Closing Date"'
# (or the date itself before the verb: "and March 15, 2004 shall be the "First Shipment Date" for
# all purposes of this Agreement")
_NAMING_BEFORE = re.compile(
    r"(?:\(\s*(?:the\s+)?|,?\s+(?:(?:(?:which|that)\s+(?:the\s+parties\s+(?:hereby\s+)?agree\s+)?)?"
    r"(?:shall|will)\s+be|being)\s+(?:the\s+)?)$"
)
_NAMING_REACH = 60
_THE_BEFORE = re.compile(r"\bthe\s+$")
_NAMED_AS_AFTER = re.compile(r"[^.;\"“]{0,50}?\b(?:shall|will)\s+be\s+")


def add_months(start: date, months: int) -> date:
    """The same day N months later, or the month's last day when it has no such day."""
    total = start.month - 1 + months
    year, month = start.year + total // 12, total % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))
