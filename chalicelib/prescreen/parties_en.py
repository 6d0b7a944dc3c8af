"""Sides of an English contract: each side's name with the defined term it is given.

Read in this order, the first that names two sides winning:
- "Party A: <name>" / "Party B: <name>" headings (Chinese-style contracts);
- the preamble's list, side by side: after "by and between", "among", "BETWEEN:", a
  "PARTIES" heading, or in a paragraph that opens with the sides and ends "agree as
  follows", the list is cut at its top level into sides ("; ", "and" after a finished side,
  "," after a defined term, a number "(2)", a cover page's lines), and each side's head is its
  name and its first quoted term its role; a form's blank side leaves its one named side;
- the older reader that looks back from each defined term for a company name;
- the signature blocks ("ACME, INC. By: /s/ ...", "ADAM D. PORTNOY /s/ Adam D. Portnoy"),
  for texts without a preamble such as joint filing agreements.
A name that is an address, a role, a title, a number or a sentence is no name.
"""

from __future__ import annotations

import re

from chalicelib.models import Party
from chalicelib.prescreen.text import JOINED_BREAK, PreparedText, table_header

_PREAMBLE_REACH = 5000
_NAME_REACH = 350
_MAX_PARTIES = 6
# How far back from the first side's name its "between" may stand.
_BETWEEN_REACH = 400
# How far a side's description may run before the "and" that opens the next side.
_SIDE_REACH = 450

# The words that lead a defined term: (the "Company"), (hereinafter "Acme"), (hereinafter
# referred to as "Acme"), (referred to herein as "Acme"), (hereinafter called the "Buyer"),
# (hereafter: "Acme"), (also referred to as "Acme").
_TERM_LEAD = (
    r"(?:also\s+)?(?:(?:here(?:in)?after|herein)[:,]?\s+)?"
    r"(?:(?:referred\s+to|called|designated|known)\s+(?:herein\s+|hereinafter\s+)?(?:as\s+)?)?"
    r"(?:the\s+)?"
)
# ("Licensor"), (the "Company"), (hereinafter "Customer"), Hereinafter referred to as "Contractor",
# (including its Affiliates, "Customer"), ("Roche US"; Roche Basel and Roche US together ...).
_DEFINED_TERM = re.compile(
    r"\(\s*(?:[^()“\"‘'”’\n]{1,40}?[,;]\s*)?"
    rf"(?:{_TERM_LEAD})?[“\"‘'”`]+\s*"
    # (other names after it: ("Cobaltline," "we" or "us"), whose comma sits inside the quotes)
    r"(?P<term>[^”\"’'“\n()]{1,40}?)\s*[”\"’'“]+\s*(?:(?:[;,]|\bor\b|(?=[“\"‘]))[^()\n]{0,120})?\)"
    # (French drafting puts the article inside the quotes: hereinafter referred to as "the
    # Supplier")
    rf"|(?:hereinafter|herein|hereafter)[:,]?\s+(?:{_TERM_LEAD})?[“\"‘'](?:the\s+)?"
    r"(?P<term2>[^”\"’'\n]{1,40}?)[”\"’']",
    re.IGNORECASE,
)
# Defined terms that name the deal, not a side of it.
_NOT_A_PARTY = re.compile(
    # (a day's name is no side: "the "Award Date"", "the "Closing Date"")
    r"^(?:this\s+)?(?:agreement|amendment|(?:[\w-]+\s+){0,2}date|master\s+(?:agreement|contract)"
    r"|part(?:y|ies)|act|territory|products?|"
    r"services?|background|confidential\s+information|joint\s+venture|contract|term|"
    r"existing\s+agreement|affiliates?|recitals?|exhibit|schedule|work|project|program"
    # the sums and the instrument a SAFE or a note defines ("Purchase Amount", "Right")
    r"|purchase\s+(?:amount|price)|principal\s+amount|right|instrument)s?$",
    re.IGNORECASE,
)
_SUFFIX = (
    r"Inc|INC|Incorporated|INCORPORATED|Corp|CORP|Corporation|CORPORATION|LLC|L\.L\.C|Ltd|LTD"
    r"|Limited|LIMITED|Company|COMPANY|Co|CO|N\.V|B\.V|GmbH|AG|S\.A|SA|plc|PLC|LLP|L\.P|LP"
    r"|University|UNIVERSITY|Trust|TRUST|Bank|BANK|Association|Funds?|FUNDS?|Holdings?"
    r"|HOLDINGS?|Group|GROUP|Laboratories|LABORATORIES"
    # Forms abroad: Italian, German, Nordic, Asian, Latin American, Polish; "N.A." of a US bank.
    r"|S\.r\.l|SRL|S\.R\.L|SpA|SPA|S\.p\.A|S\.P\.A|GMBH|KG|AB|A/S|ASA|Oy|OY|K\.K|KK|Pte|PTE"
    r"|Pty|PTY|Ltda|LTDA|N\.A|P\.C|PLLC|LLLP|S\.L|S\.A\.S|S[Pp]\.?\s?[Zz]\s?[Oo]\.\s?[Oo]"
    # ... Chile's "Limitada" written out, and Norway's "AS" (only before the comma or bracket
    # that ends a name, the English word being "as": "HAVBRYN PELAGIC AS, a company
    # incorporated in Norway")
    r"|Limitada|LIMITADA|AS(?=,|\s+\()"
)
# A word of a name: capitalised, a number, or a brand like "iBio" / "eHealth".
_NAME_WORD = r"(?:[A-Z0-9]|[a-z][A-Z])[\w.&’'-]*"
# "Aduro Biotech, Inc.", "YOU ON DEMAND HOLDINGS, INC.", "Charles Webb & Company", "iBio Inc.".
# A place in brackets may follow a word of the name: "Oncology Fund (Cayman) Management L.P.";
# a signature form's field in brackets, "ABP TRUST /s/ ... (Signature)", is none.
_FORM_FIELD = r"(?i:date|name|title|signature|seal|print|corporate|its)\b"
_PLACE_AFTER_WORD = rf"(?:\s+\((?!{_FORM_FIELD})[A-Z][\w .&-]{{0,25}}\))?"
# The small words inside a name: "Banco de la Nación S.A.", "Caixa Geral de Depósitos",
# "Koninklijke Philips van Nederland B.V.", "The Board of Trustees of the Leland Stanford Junior
# University" (lower case only: a capitalised word is a word of the name anyway).
# (Written as a tree of first letters: a flat list of twenty words is tried word by word at
# every word of a contract's opening pages, and that was measurable.)
_PARTICLE = r"(?:of(?:\s+the)?|d(?:e(?:lla|l|s|r|n)?|i|as?|u|os?)|l(?:as?|os|e)|v[ao]n|y)"
_COMPANY = re.compile(
    rf"(?:(?:{_NAME_WORD}{_PLACE_AFTER_WORD},?|&|{_PARTICLE}|and)\s+){{1,8}}"
    rf"(?:{_SUFFIX})\b\.?(?:,?\s*(?:{_SUFFIX})\b\.?)?"
)
# Description words written in capitals, which no company's name holds: a preamble typed in
# capitals describes its sides with them ("HAVING ITS PRINCIPAL PLACE OF BUSINESS AT").
_CAPS_DESCRIPTION_WORDS = (
    r"HAVING|WITH|WHOSE|WHICH|LOCATED|RESIDING|RESIDENT|ORGANI[SZ]ED|EXISTING|ACTING|ON\s+BEHALF"
    r"|HEREINAFTER|HEREIN|HEREAFTER|REFERRED|FORMERLY|TOGETHER|THROUGH|WHEREBY"
)
# "A DELAWARE CORPORATION", "AN INDIVIDUAL", "A NATIONAL BANKING ASSOCIATION": what a side is.
_CAPS_ENTITY_OF_KIND = (
    r"(?:A|AN)\s+(?:[A-Z][A-Z.'-]*\s+){0,4}?(?:CORPORATION|COMPANY|PARTNERSHIP|ASSOCIATION|BANK"
    r"|TRUST|ENTITY|INDIVIDUAL|LIMITED|SOCIETY|INSTITUTION|CORP)"
)
# A name without a legal form, known by its description: "USA Managed Care Organization
# (USA MCO) A Texas Corporation", "Acme Widgets, a Delaware limited liability company".
_DESCRIBED = re.compile(
    rf"(?P<name>{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|&|{_PARTICLE}|for)){{0,7}}?)\s*(?:\([^()\n]{{1,40}}\)\s*)?"
    r",?\s+(?:an?|An?|AN?)\s+(?:[\w.-]+\s+){0,5}?"
    r"(?i:corporation|company|partnership|trust|bank|association|university|entity)\b"
)
_ARTICLE_BEFORE = re.compile(r"\b(?:an?|the|its|any|such|each)\s+$", re.IGNORECASE)
# A public institution's governing body, named with its article: "the Board of Regents of
# Sandhollow State University", "the Trustees of Columbia University"
_BODY_OF_AN_INSTITUTION = re.compile(
    r"(?:Board\s+of\s+(?:Regents|Trustees|Governors|Education|Supervisors)|Regents"
    r"|Trustees|Governors|President\s+and\s+Fellows)\s+of\b",
    re.IGNORECASE,
)
# EDGAR stamps "Source: INMODE LTD., F-1/A, 7/29/2019" on every page: the filer, not a side.
_FILING_STAMP_BEFORE = re.compile(r"Source:\s*$")
_LEADING_JOINERS = re.compile(
    r"^(?:(?:and|of|de|&|between|by|with)\s+|\(?\d{1,2}[.)]\s+)+", re.IGNORECASE
)
# "Contract" names the deal ("Supply Contract", "this Contract"), except where it names the
# trade of a side: "Oakhurst Contract Laboratories, Inc.", "Contract Pharmacal Corp.".
_CONTRACT_AS_A_DEAL = (
    r"contract(?!\s+(?:laborator|pharma|manufactur|research|packag|logistic|staffing|solutions"
    r"|engineer|design|interiors|furnish|cleaning|therap|freight|carrier|flooring)\w*)"
)
# A title or exhibit line glued in front of the first name: keep what follows it.
_TITLE_WORDS = re.compile(
    r"^.*\b(?:agreement|" + _CONTRACT_AS_A_DEAL + r"|exhibit\s+\S+),?\s+", re.IGNORECASE
)
# "...Republic of China. China Recycling Energy Corporation": a sentence ended before it.
# (not a legal form before another: "Acme Pte. Ltd.", "Beta Pty. Limited")
_SENTENCE_BEFORE = re.compile(
    rf"^.*\b(?!(?:{_SUFFIX})\.\s+(?:{_SUFFIX})\b)[A-Za-z]{{3,}}\.\s+(?=[A-Z])"
)
# "and, solely for purposes of Article 13 and Article 15, RENWICK HOLDINGS, INC.": a side
# that joins for some sections only, named after the last of them (read back from its
# defined term, or forward from where its side opens)
_SECTION = (
    r"(?:Articles?|Sections?|Clauses?|Paragraphs?|ARTICLES?|SECTIONS?|CLAUSES?)\s+[\dIVX][\w.()-]*"
)
_REFERENCE_BEFORE = re.compile(r"^.*\b" + _SECTION + r",\s+(?=[A-Z])")
_REFERENCE_LEAD = re.compile(
    r"(?:(?:solely|only)\s+(?:for\s+(?:the\s+)?(?:limited\s+)?purposes?\s+of|with\s+respect\s+to"
    r"|as\s+to)\s+)?"
    + _SECTION
    + r"(?:\s*(?:,|and|&|or)\s*(?:"
    + _SECTION
    + r"|[\dIVX][\w.()-]*))*,\s+(?=[A-Z])"
)
# "made on March 1, 2015 BY ACME LTD", "made on 14 August 2014 BETWEEN 1. KARRAWONG ...": a
# date and a joiner in capitals run into the name (a list's number `_LEADING_JOINERS` takes off)
_JOINERS_IN_CAPITALS = ("BY ", "WITH ", "BETWEEN", "AMONG")
_DATE_THEN_JOINER = re.compile(r"\b(?:19|20)\d\d,?\s+(?:BY|WITH|BETWEEN|AMONG)\s+(?=\S)")
# "... (the "Purchase Amount") on or about May 1, 2020, Acme Corp., a Delaware corporation":
# a date ends before the name (not "Acme 2000, Inc.", whose year is of the name)
_DATE_BEFORE = re.compile(rf"^.*\b(?:19|20)\d\d,\s+(?=[A-Z])(?!(?i:{_SUFFIX})\b)")
# "..., Rochester NY 14623 and Beijing CC-Pharming Ltd.": an address ends before " and ".
_ADDRESS_THEN_AND = re.compile(r"^.*\d.*?,?\s+and\s+", re.IGNORECASE)
_STACKED_AND = re.compile(r"\n[ \t]*(?:and|AND|And)[ \t]*\n")
# An "and" between the name and its term means the term belongs to the next side.
_ANOTHER_SIDE = re.compile(r"\b(?:and|AND|And)\s+(?:[A-Z]|\[|\(\d)")
# A person opening a side: "between X and John A. Doe[, an individual ...] (" right before
# the defined term; names only, a company would have been found first.
_PERSON_SIDE = re.compile(
    # (and a letter's addressee named where it speaks to them: "the terms on which you,
    # Anneliese M. Corbray, Ph.D. ("Consultant" or "you"), will provide", a degree after the
    # name)
    r"(?:\bbetween|[),”\"’]\s*(?:and|AND)|\byou,)\s+(?:(?:Mr|Mrs|Ms|Dr|Prof|Professor)\.?\s+)?"
    r"(?P<name>[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+){1,2})"
    r"(?:,\s*(?:Ph\.\s?D|M\.\s?D|Esq|J\.\s?D)\.?)?"
    r"\s*,?\s*(?:an?\s+individual\b[^()“\"]{0,160}?)?\s*$"
)
_INSTITUTION_WORD = re.compile(
    r"\b(?:Commission|Company|Bank|Association|Fund|Agency|Board|Department|Services?|Office"
    r"|Authority|University|Trust|Group|Holdings?|Partners|Capital|Institute|Council|Ministry"
    r"|Bureau|Court|Exchange|Insurance|Federal|National|State|City|County|Agreement)\b"
)
_ONLY_FORM = re.compile(rf"^(?:the\s+)?(?:(?:{_SUFFIX})\b\.?,?\s*)+$", re.IGNORECASE)
# What opens the next side: "A ("A"), and B", "A; B", "A\n\nAND:\n\nB".
# A guarantee or an undertaking is made "by A ... in favor of B".
_SIDE_JOINER = re.compile(r"\b(?:and|AND|And|in\s+favou?r\s+of|IN\s+FAVOU?R\s+OF)\b|;")
# Sides listed by commas, or "entered into by A ("Seller") with B ("Buyer")": the name right
# after "with" (not "together with", "with its parent B"), or an order's "issued by A
# ("Company"), to B ("Contractor")"
_LIST_GAP = re.compile(r"[\s,]*(?:(?:with|WITH|to|TO)\s+)?(?:the\s+)?")
# The preamble ends where the recitals or the operative part begin.
_PREAMBLE_END = re.compile(
    r"\b(?:WHEREAS|Whereas|RECITALS|Recitals|BACKGROUND|Background|WITNESSETH|Witnesseth"
    r"|NOW,?\s+THEREFORE|Now,?\s+[Tt]herefore|IN\s+CONSIDERATION|In\s+consideration"
    r"|For\s+good\s+and\s+valuable"
    r"|[Tt]he\s+parties\s+(?:hereto\s+)?(?:hereby\s+)?(?:agree|have\s+agreed))\b"
)
# "This Distributor Agreement ... is between", "THIS AGREEMENT is made ... by and among".
_BETWEEN = re.compile(r"\b(?:between|among|BETWEEN|AMONG|Between)\b\s*:?\s*")
_DEAL_BEFORE = re.compile(r"(?:agreement|amendment|contract)\b[^.]{0,300}$", re.IGNORECASE)
_LEADING_THE = re.compile(r"(?:the|The|THE)\s+")
# "Party A: Xi'an Zhonghong ... Co., Ltd." — the Chinese-style heading of each side.
# "Party A: <company>", "PARTY 1: <company>", a cover page's table row "| Party 1 | <company> |"
# ... or after the side's role: "Transferor (Party A): Huaiyang University of ..."
_PARTY_LABEL = re.compile(
    r"\b(?:Party|PARTY)\s+(?P<side>[AB12]|One|Two|ONE|TWO)\s*(?:\([^()\n]{1,30}\)\s*|\)\s*)?"
    r"[:：|]\s*"
)
# A labelled name runs to its line's end, a wide gap, the next label or its address.
_LABELLED_NAME_END = re.compile(
    r"\n|[ ]{3,}|\s+Party\s+(?:[AB12]|One|Two)\b|\s+(?:Address|Registered|Legal\s+Representative"
    r"|Tel|Attention|Domicile)\b|,\s+an?\s|\s*\||$"
)


_CONTENTS = re.compile(r"\b(?:TABLE\s+OF\s+CONTENTS|Table\s+of\s+Contents|CONTENTS|INDEX)\b")
_CONTENTS_REACH = 30000
# "THIS FRANCHISE AGREEMENT (the "Agreement") is made and entered into ...".
# "MASTER FRANCHISE AGREEMENT   AGREEMENT made as of the ___ day of ...".
_LATE_PREAMBLE = re.compile(
    r"(?:\b(?:THIS|This)\s+(?:[\w&,-]+\s+){0,8}?(?:AGREEMENT|Agreement|CONTRACT|Contract)\b"
    r"|(?<![^\n ])(?:AGREEMENT|CONTRACT))"
    r"(?:\s*\([^()\n]{0,60}\))?,?\s+(?:is\s+|are\s+)?(?:made|entered|dated|executed)\b"
)
_COVER_REACH = 2500
_COVER_SIDES = re.compile(
    r"(?:^|\n)[ \t]*(?P<first>[A-Z0-9][^\n]{2,100}?)[ \t]*\n\s*(?:-\s*)?(?:and|AND|And)(?:\s*-)?"
    r"[ \t]*\n\s*(?P<second>[A-Z0-9][^\n]{2,100}?)[ \t]*(?=\n|$)"
)
# A side's heading on a cover page or a form, at a line's start or a column's: "Company: ...".
# The gap before a heading is matched at its last three spaces only: tried at every space
# of a long run of them, it took a millisecond on a page of signature lines.
_ROLE_HEADING = re.compile(
    # (or a table's row: "| Customer | Acme Corp. |")
    # ("Name of Customer:", "The Buyer/End-User:")
    # (or a Markdown heading over its value, read as a field: "### Provider: Acme Corp.")
    # (or a table's cell after another: "|  | PROVIDER: Quarrymoor Health Software, Inc. |")
    r"(?:^|\n|\||" + JOINED_BREAK + r"(?![ ]))[ \t]*(?:\|[ \t]*)?(?:#{1,6}[ \t]+)?"
    r"(?i:name\s+of\s+(?:the\s+)?)?(?:The\s+)?"
    r"(?P<role>(?i:(?:sub-?)?licensor|(?:sub-?)?licensee|company|partner"
    r"|customer|supplier|vendor|client|sponsor|buyer|seller|purchaser|distributor|reseller"
    r"|franchisee|franchisor"
    r"|consultant|contractor|provider|agent|developer|manufacturer|publisher|owner|shipper"
    r"|sender|carrier|advertiser|operator|producer|lender|borrower|landlord|tenant|lessor"
    r"|lessee|recipient|employer|employee|executive|founder|investor|assignor|assignee"
    r"|grantor|grantee|discloser|affiliate|party(?=\s+name)))(?:[ \t]*/[ \t]*[A-Za-z-]{2,20})?"
    # "Supplier Name:", "Provider Organization:" (a transfer form's fields), "Affiliate legal
    # name:" (an enrolment form's)
    r"(?:\s+(?:(?i:legal\s+)?(?:Name|NAME|name)|Organi[sz]ation|ORGANI[SZ]ATION|Institution"
    r"|INSTITUTION))?"
    r"[ \t]*[:|][ \t]*"
    # a signature table's empty cells between the role and its name ("| Company |  | Acme |")
    r"(?:\|[ \t]*){0,2}"
    r"(?:(?:Name|NAME)[ \t]*:[ \t]*)?"
    r"(?=[A-Z0-9])"
)
# (a cover page's key terms can run 4,500 characters before the signature table that heads
# its sides: "|  | COMPANY: Maplecroft Ledger Systems Inc. |  | PARTNER: ... |")
_HEADING_REACH = 6000
# A headed name runs to its line's end, a wide gap or the next field of the form.
_HEADED_NAME_END = re.compile(
    r"\n|[ ]{3,}|\||<br>|\s+(?i:address|add(?=\s*:)|phone|telephone|tel|fax|e-?mail|attn|attention"
    r"|contact|agreement\s+number|effective\s+date)\b|$"
)


def find_parties_en(text: PreparedText) -> tuple[Party, ...]:
    """The sides named in the preamble, each with the defined term ("Licensee") it is given."""
    parties = tuple(
        party.model_copy(update={"name": _without_office(_LIST_NUMBER.sub("", party.name))})
        if _LIST_NUMBER.match(party.name) or _OFFICE_BEFORE_COMPANY.match(party.name)
        else party
        for party in _find_parties(text)
    )
    if "\u0130" not in text.raw:
        return parties
    return tuple(
        party.model_copy(update={"name": _as_written(text, party.name)}) for party in parties
    )


def _as_written(text: PreparedText, name: str) -> str:
    """The name as the document spells it where the prepared text changed a letter to keep
    its offsets: a Turkish dotted capital, "KARADERE BİLİŞİM", is read as "BILIŞIM"."""
    words = name.split()
    if not words or "I" not in name:
        return name
    found = re.search(r"\s+".join(re.escape(word) for word in words), text.norm)
    if found is None:
        return name
    return " ".join(text.raw[found.start() : found.end()].split())


# A side numbered under a "Parties:" heading: "1. Acme Widgets, Inc. ("Seller")".
_LIST_NUMBER = re.compile(r"^\d{1,2}[.)]\s+(?=\S)")
# The office of the person who appears for a company, read as part of its name: "President and
# Legal Representative of TERMINALES DEL ATLANTICO, S.A." (not "President and Fellows of
# Harvard College", a name in its own right)
_OFFICE = (
    r"(?:(?:Vice\s+|Executive\s+)?President|(?:Legal\s+)?Representative|(?:Managing\s+)?Director)"
)
_OFFICE_BEFORE_COMPANY = re.compile(rf"{_OFFICE}(?:\s+and\s+{_OFFICE})?\s+of\s+(?=[A-Z])")


def _without_office(name: str) -> str:
    """The company's name without the office of its representative before it."""
    office = _OFFICE_BEFORE_COMPANY.match(name)
    rest = name[office.end() :] if office else name
    return rest if office and _COMPANY_FORM_END.search(rest.rstrip(",. ") + ".") else name


def _find_parties(text: PreparedText) -> tuple[Party, ...]:
    found = _read_parties(text)
    if len(found) >= 2:
        return found
    # A franchise agreement's table of contents may push the preamble pages down.
    later = _after_contents(text)
    if later is not None:
        again = _read_parties(later)
        if len(again) >= 2:
            return again
    if len(found) == 1:
        # A letter agreement names its writer in the text and its addressee above "Dear".
        addressee = _letter_addressee(text.norm)
        if addressee is not None and not _known(addressee, list(found)):
            return (*found, Party(name=addressee, role=None))
    return found


# "Dear Gianluca:", "Dear Mr. Smith,": the salutation of a letter agreement.
_SALUTATION = re.compile(
    r"\bDear\s+(?:(?:Mr|Mrs|Ms|Dr|Miss|Prof|Professor)\.?\s+)?(?P<name>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s*[:,]"
)
# ... and one that names nobody: "Ladies and Gentlemen:", "Dear Sirs,"
# (read wherever a layout puts it: a text of joined lines has it mid-line)
_NAMELESS_SALUTATION = re.compile(
    r"\b(?:Ladies\s+and\s+Gentlemen\s*[:,]|Gentlemen\s*:|Dear\s+Sirs?(?:\s+or\s+Madam)?\s*[:,])"
)
_ADDRESS_BLOCK_REACH = 400
# The addressee's full name in the address block: "Gianluca Rotino", "John A. Doe".
_ADDRESSEE = re.compile(
    # (on one line: not the addressee's title on the next, "Franklin D. Osterhaus" / "President")
    r"\b(?:(?:Mr|Mrs|Ms|Dr|Prof|Professor)\.?\s+)?"
    # (a double-barrelled surname: "Dana Quintero-Hale")
    r"(?P<full>[A-Z][a-z]+(?:[ \t]+[A-Z]\.)?(?:[ \t]+[A-Z][a-z']+(?:-[A-Z][a-z']+)?){1,2})\b"
)


def _letter_addressee(norm: str) -> str | None:
    """The person a letter agreement is addressed to, by the name its salutation uses."""
    salutation = _SALUTATION.search(norm, 0, _PREAMBLE_REACH)
    if salutation is None:
        return None
    greeted = salutation.group("name")
    best = None
    lo = max(0, salutation.start() - _ADDRESS_BLOCK_REACH)
    for found in _ADDRESSEE.finditer(norm, lo, salutation.start()):
        if greeted in found.group("full").split() and _plausible_name(found.group("full")):
            best = found.group("full")
    return best


def _after_contents(text: PreparedText) -> PreparedText | None:
    """The text from the preamble on, where a table of contents stands before it."""
    if _CONTENTS.search(text.norm, 0, _PREAMBLE_REACH) is None:
        return None
    preamble = _LATE_PREAMBLE.search(text.norm, _PREAMBLE_REACH // 2, _CONTENTS_REACH)
    if preamble is None:
        return None
    start = preamble.start()
    return PreparedText(
        raw=text.raw[start:],
        norm=text.norm[start:],
        low=text.low[start:],
        mixed_script_words=0,
        spaces_only=text.spaces_only,
    )


def _read_parties(text: PreparedText) -> tuple[Party, ...]:
    """The sides as the first reader that finds two of them reads them (see the module)."""
    labelled = _labelled_parties(text.norm)
    if len(labelled) >= 2:
        return labelled
    listed, unnamed = _listed_parties(text.norm)
    if len(listed) >= 2:
        return _fields_over_roleless_list(text.norm, listed)
    if listed:
        return _one_side_and_another(text, listed, unnamed)
    # Sides numbered under a "PARTIES" heading, each with its role; or "Licensor: Pi Software,
    # Inc. / Licensee: Rho Retail LLC" over a preamble of roles only.
    numbered = _numbered_parties(text.norm)
    headed = list(numbered) if len(numbered) >= 2 else _headed_parties(text.norm)
    if len({party.role for party in headed}) >= 2:
        return tuple(headed[:_MAX_PARTIES])
    parties, spans, end = _defined_parties(text.norm)
    if len(parties) < _MAX_PARTIES:
        _add_between_sides(text.norm, parties, spans, end)
    # The defined terms' reader looks back from a term for any company: keep only names.
    parties = [party for party in parties if _plausible_name(party.name)]
    if len(parties) >= 2:
        return tuple(parties)
    return _without_preamble(text) or tuple(parties)


# The sides numbered under a "PARTIES" heading, each ending in its role in brackets, as
# Australian and English drafting lists them: "1.   KARRAWONG NETWORK SYSTEMS PTY LTD (ACN 139
# 406 227) of Level 9, 118 Pitt Street, Sydney NSW 2000 (Supplier)". The list ends at a blank
# line before a line that is no numbered side ("BACKGROUND").
# (Dutch drafting lists them under "THE UNDERSIGNED:", each side's role after "hereinafter
# referred to as:", with "and" on a line of its own between them)
_PARTIES_HEADING = re.compile(
    r"(?:^|\n)[ \t]*(?:THE[ \t]+)?(?:PARTIES|Parties|UNDERSIGNED|Undersigned)[ \t]*:?[ \t]*\n\s*"
)
_SIDE_NUMBER = r"[ \t]*(?:\(\d{1,2}\)|\d{1,2}[.)])[ \t]"
_NUMBERED_ITEM = re.compile(_SIDE_NUMBER + r"+(?=\S)")
_LIST_OVER = re.compile(r"\n[ \t]*\n(?!" + _SIDE_NUMBER + r"|[ \t]*and[ \t]*\n)")
_ROLE_LAST = re.compile(
    r"(?:(?P<bracket>\()\s*(?:the\s+)?"
    r"|hereinafter(?:\s+(?:referred\s+to\s+as|called))?\s*:?\s*(?:the\s+)?(?=[\"“]))"
    r"[\"“']?(?P<role>[A-Z][A-Za-z-]+(?:\s+[A-Z][A-Za-z-]+){0,2})[\"”']?\s*(?(bracket)\))"
    r"[\s;,.]*(?:and)?\s*$"
)
_NUMBERED_REACH = 2000


def _numbered_parties(norm: str) -> tuple[Party, ...]:
    """The sides of a numbered list under a "PARTIES" heading, each with its bracketed role."""
    heading = _PARTIES_HEADING.search(norm, 0, _PREAMBLE_REACH)
    if heading is None:
        return ()
    start = heading.end()  # past the blank lines and the first side's indent
    end = _numbered_list_end(norm, start)
    items = [
        found
        for found in _NUMBERED_ITEM.finditer(norm, start, end)
        if found.start() == start or norm[found.start() - 1] == "\n"
    ]
    if not items or items[0].start() != start:
        return (
            _unnumbered_parties(norm, start)
            or _detail_fields(norm, start)
            or _role_column_fields(norm, start)
        )
    parties: list[Party] = []
    for item, following in zip(items, [*items[1:], None], strict=True):
        finish = following.start() if following else end
        name = _side_name_at(norm, item.end(), finish)
        if name is None or _known(name, parties):
            continue
        role = _ROLE_LAST.search(norm, item.end(), finish)
        parties.append(Party(name=name, role=role.group("role") if role else None))
    return tuple(parties[:_MAX_PARTIES])


def _numbered_list_end(norm: str, start: int) -> int:
    """Where a numbered list of sides opening at `start` ends: at a blank line before a line
    that is no numbered side, unless the side before it has no role yet and that paragraph
    ends in one (its address wrapped into a paragraph of its own: "2.   Tarrawong Logistics Pty
    Limited (ACN 159 330 284) of 25 Greystanes" over "Link, Eastern Creek NSW 2766
    ("Provider")")."""
    reach = min(len(norm), start + _NUMBERED_REACH)
    side = start
    for over in _LIST_OVER.finditer(norm, start, reach):
        following = _PARAGRAPH.match(norm, over.end())
        if (
            following is None
            or _ROLE_LAST.search(norm, side, over.start()) is not None
            or _ROLE_LAST.search(norm, following.start(), following.end()) is None
        ):
            return over.start()
        side = following.end()
    return reach


_PARAGRAPH = re.compile(r"[^\n]+(?:\n[^\n]+)*")
# A company number the name runs into: "Tarrawong Iron Ore Pty Ltd ACN 612 348 907 of ..."
_REGISTRATION_AFTER = re.compile(r"\s+\(?(?:ACN|ABN|ARBN|ACN/ABN)\s*$")


def _unnumbered_parties(norm: str, start: int) -> tuple[Party, ...]:
    """The sides under a "PARTIES" heading as paragraphs without numbers, each ending in its
    bracketed role, as Australian drafting has them: "Corrabin Creek Milling Pty Ltd (ACN 112
    458 903) of 18 Mill Road, Corrabin Creek, Queensland 4861 (Supplier)". The list ends at the
    first paragraph that ends in no role ("BACKGROUND")."""
    parties: list[Party] = []
    for paragraph in _PARAGRAPH.finditer(norm, start, start + _NUMBERED_REACH):
        role = _ROLE_LAST.search(norm, paragraph.start(), paragraph.end())
        name = _side_name_at(norm, paragraph.start(), paragraph.end()) if role else None
        if role is None or name is None:
            break
        name = _REGISTRATION_AFTER.sub("", name)
        if not _known(name, parties):
            parties.append(Party(name=name, role=role.group("role")))
    return tuple(parties[:_MAX_PARTIES]) if len(parties) >= 2 else ()


# An Australian contract's "Details" page: each side as a block of fields under "Parties",
# "Name: Karrawong Minerals Pty Ltd" over its number, address and "Short name: Supplier" (or
# "Short form name  Developer", the label apart from its value by spaces)
# (the fields may run together on one line where the text's lines were joined: "Address: 7
# Brockman Way, Bunbury WA 6230 Short name: Yallingup")
_NEXT_FIELD = (
    r"(?=\s+(?:ACN|ABN|ARBN|NZBN|Address|Incorporated[ \t]+in|Registered|Company[ \t]+number"
    r"|Short(?:[ \t]+form)?[ \t]+name|Notice[ \t]+details)\b|[ \t]*(?:\n|$))"
)
_NAME_FIELD = re.compile(
    r"(?<![\w ])(?<!Short )(?<!Form )(?<!form )Name(?:[ \t]*:[ \t]*|[ \t]{2,})"
    r"(?P<name>\S[^\n]{1,160}?)" + _NEXT_FIELD
)
_SHORT_NAME_FIELD = re.compile(
    r"\bShort(?:[ \t]+form)?[ \t]+name(?:[ \t]*:[ \t]*|[ \t]{2,})"
    r"(?P<role>[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,2}?)"
    r"(?=[ \t]*(?:\n|$)|\s+(?:Notice|Name|ACN|ABN|Address)\b)"
)


def _detail_fields(norm: str, start: int) -> tuple[Party, ...]:
    """The sides of a "Details" page's blocks of fields under "Parties" (`_NAME_FIELD`), each
    with the short name its block gives it."""
    reach = min(len(norm), start + _NUMBERED_REACH)
    names = list(_NAME_FIELD.finditer(norm, start, reach))
    if len(names) < 2 or names[0].start() > start:
        return ()
    parties: list[Party] = []
    for name, following in zip(names, [*names[1:], None], strict=True):
        block_end = following.start() if following else reach
        short = _SHORT_NAME_FIELD.search(norm, name.end(), block_end)
        written = name.group("name").strip()
        # (the name before a description: "Tallis Bay Nickel Corp., a company existing under
        # the Business Corporations Act (British Columbia)")
        company = _COMPANY.match(written)
        if company is not None:
            written = company.group().rstrip(" ,")
        elif _PERSON_SIDE.fullmatch(written) is None:
            return ()
        if not _known(written, parties):
            parties.append(Party(name=written, role=short.group("role") if short else None))
    return tuple(parties[:_MAX_PARTIES])


# ... or each side's block opening with its short name in a column before its name:
# "Supplier       Bramblewood Software Pty Ltd" over its ABN and address
_ROLE_COLUMN = re.compile(
    r"[ \t]*(?P<role>[A-Z][a-z]+(?:[ \t][A-Z][a-z]+){0,2})[ \t]{3,}(?P<name>[A-Z][^\n]{1,160})"
)


def _role_column_fields(norm: str, start: int) -> tuple[Party, ...]:
    """The sides of a "Details" page whose blocks open with the short name, then the company's
    name in a column beside it (the lines under it, its number and address, may stand apart);
    the list opens with a side and ends at a heading ("BACKGROUND")."""
    parties: list[Party] = []
    for paragraph in _PARAGRAPH.finditer(norm, start, start + _NUMBERED_REACH):
        row = _ROLE_COLUMN.match(norm, paragraph.start(), paragraph.end())
        company = _COMPANY.match(row.group("name").strip()) if row is not None else None
        if row is not None and company is not None:
            name = company.group().rstrip(" ,")
            if not _known(name, parties):
                parties.append(Party(name=name, role=row.group("role")))
        elif not parties or _HEADING_LINE.fullmatch(paragraph.group().strip()):
            break
    return tuple(parties[:_MAX_PARTIES]) if len(parties) >= 2 else ()


_HEADING_LINE = re.compile(r"[A-Z][A-Z &-]{2,40}")


def _fields_over_roleless_list(norm: str, listed: list[Party]) -> tuple[Party, ...]:
    """The sides of a list, unless the list gives them no roles and a cover page's fields name
    two sides by role ("Provider: ...", "Customer: ..."): its first "between" may cite another
    agreement's sides ("supplements the ... Agreement between A and B dated ...")."""
    if not any(party.role for party in listed):
        headed = _headed_parties(norm)
        if len({party.role for party in headed}) >= 2:
            return tuple(headed[:_MAX_PARTIES])
    return _signed_under_terms(norm, listed)


def _without_preamble(text: PreparedText) -> tuple[Party, ...]:
    """Two sides of a text without a preamble: the signers of a joint filing agreement, the
    companies of a signature table or of a title page over the terms."""
    signed = _signed_parties(text.norm, text.low)
    if len(signed) >= 2:
        return tuple(signed)
    return _table_parties(text.norm) or _cover_parties(text.norm) or _agreeing_companies(text.norm)


# A signature table's row of the sides' names, "| Company | Acme Corp. | Beta LLC |", under
# a header row of their roles, "|| PROVIDER | CUSTOMER |" (a cover page's, as Common Paper's)
_COMPANY_ROW = re.compile(
    r"(?m)^[ ]*\|[ ]*(?:\*\*)?(?i:company|company\s+name|entity|organi[sz]ation|legal\s+name)"
    r"(?:\*\*)?[ ]*\|(?P<cells>[^\n]+)$"
)


def _table_parties(norm: str) -> tuple[Party, ...]:
    """The companies of a signature table's "Company" row, each with its column's role."""
    row = _COMPANY_ROW.search(norm)
    if row is None:
        return ()
    names = [" ".join(cell.split()).strip(" *") for cell in row.group("cells").split("|")]
    names = [name for name in names if name]
    if len(names) < 2 or not all(
        _COMPANY.fullmatch(name) and _plausible_name(name) for name in names
    ):
        return ()
    roles = _table_roles(norm, row.start())
    return tuple(
        Party(name=name, role=roles[index] if len(roles) == len(names) else None)
        for index, name in enumerate(names[:_MAX_PARTIES])
    )


def _table_roles(norm: str, row: int) -> list[str]:
    """The role cells of the header of the table a row stands in ("PARTY 1" as "Party 1")."""
    roles = [cell.strip(" :") for cell in table_header(norm, row) or []]
    return [role.title() if role.isupper() else role for role in roles if role]


# "Alpha Corp. and Beta LLC hereby agree as follows:": a short agreement's two companies as
# the subject of its first sentence, with no "between" and no defined terms. The sentence
# opens a line, or follows a run of spaces where a filing's lines were joined.
_AGREEING = re.compile(
    rf"(?:^|\n|\.\s|{JOINED_BREAK})[ \t]*(?P<first>[A-Z](?:(?!{JOINED_BREAK})[^\n.;:]){{1,80}}?\.?)"
    rf"\s+and\s+(?P<second>[A-Z](?:(?!{JOINED_BREAK})[^\n;:]){{1,80}}?)\s*,?\s+"
    r"(?:hereby\s+|each\s+|mutually\s+){0,2}"
    r"(?:agree|covenant|enter\s+into)"
)


def _agreeing_companies(norm: str) -> tuple[Party, ...]:
    """Two companies, each by its legal form, that the opening sentence says agree."""
    return _two_companies(_AGREEING.search(norm, 0, _COVER_REACH))


def _cover_parties(norm: str) -> tuple[Party, ...]:
    """The two companies a title page sets one above the other: 'ACME INC.\n\nand\n\nBETA
    LIMITED'. Each must be a company by its legal form; a line of words is no side."""
    return _two_companies(_COVER_SIDES.search(norm, 0, _COVER_REACH))


def _two_companies(found: re.Match[str] | None) -> tuple[Party, ...]:
    """The sides a pattern's "first" and "second" groups name, when each is a company by its
    legal form; none when either is not."""
    if found is None:
        return ()
    names = [" ".join(found.group(side).split()).strip(" ,;:") for side in ("first", "second")]
    if not all(_COMPANY.fullmatch(name) and _plausible_name(name) for name in names):
        return ()
    return tuple(Party(name=name, role=None) for name in names)


def _one_side_and_another(
    text: PreparedText, listed: list[Party], unnamed: tuple[str, ...] = ()
) -> tuple[Party, ...]:
    """The one side the preamble names, and the other where the form names it elsewhere.

    The other side is named in a heading ("the company set forth below ("Company") ...
    Company: Bravatek Solutions, Inc."), is a blank of the form, or is the signers: "each other
    party hereto identified on the signature page".
    """
    headed = [party for party in _headed_parties(text.norm) if not _known(party.name, listed)]
    if headed:
        return (*listed, headed[0])
    signed = _signed_parties(text.norm, text.low)
    others = [party for party in signed if not _known(party.name, listed)]
    if others or not unnamed:
        return tuple(listed + others)
    # A form that names one side and leaves the other to its signature page ("and the Agent
    # named on the signature page hereof (the "Agent")"): the other side is the name under its
    # term's label there ("CARRIER:" over "DUNMORE & VASQUEZ TRUCKING, INC."), or else known
    # only by its defined term, which is how the contract (and CUAD's labels) call it.
    return (
        *listed,
        *(
            Party(name=_name_under_label(text.norm, text.low, term) or term, role=term)
            for term in unnamed
        ),
    )


def _name_under_label(norm: str, low: str, term: str) -> str | None:
    """The name on the line under a signature block's label for a side ("CARRIER:")."""
    opening = _signing_opens(low)
    if opening < 0:
        return None
    label = re.compile(
        r"(?:^|\n)[ \t]*" + re.escape(term.lower()) + r"[ \t]*:?[ \t]*\n"
        # (past a signature over the typed name: "DRIVER:" over "/s/ Tobias Kellerman")
        r"(?:\s*/s/[^\n]*\n)?\s*(?P<name>[^\n]+)"
    ).search(low, opening, opening + _SIGNING_REACH)
    if label is None:
        return None
    name = " ".join(norm[label.start("name") : label.end("name")].split()).strip(" ,;:")
    return name if _plausible_name(name) and not name.startswith(("By", "BY")) else None


# "the undersigned purchaser (the "Purchaser")": a side the text leaves unnamed
_UNDERSIGNED_BEFORE = re.compile(
    r"\b(?:the|each)\s+undersigned(?:\s+[a-z]+){0,2}\s*$", re.IGNORECASE
)


_LETTER_OPENING = 1200  # a letter agreement's first paragraph after its salutation
# (after a line's end, or a sentence's where a layout joined the lines)
_LETTERS_FIRST_CLAUSE = re.compile(r"(?:\n|[.:)\"”])[ \t]*1\.[ \t]+[A-Z]")
# The sides of a letter agreement speak as "we" and "you": ("Harrowfield", "we" or "us")
_LETTERS_SIDE = re.compile(r"[\"“](?:you|we)[\"”]", re.IGNORECASE)
# A name that ends with a defined term, not a legal form: "... Officer of the Company"
_A_DEFINED_TERMS_NAME = re.compile(
    r"\bthe\s+(?:Company|Corporation|Trust|Bank|Group|Fund|Partnership|Association)$"
)


def _defined_parties(norm: str) -> tuple[list[Party], list[tuple[int, int]], int]:
    """Companies followed by their defined term, their spans, and where the preamble ends."""
    parties: list[Party] = []
    spans: list[tuple[int, int]] = []
    end = _PREAMBLE_REACH
    letter = _SALUTATION.search(norm, 0, _PREAMBLE_REACH) or _NAMELESS_SALUTATION.search(
        norm, 0, _PREAMBLE_REACH
    )
    # a letter's sides are named before its first numbered paragraph (not 'you are a member of
    # the faculty of Huron Valley State University (the "University")' in its paragraph 4)
    first_clause = (
        _LETTERS_FIRST_CLAUSE.search(norm, letter.end(), _PREAMBLE_REACH) if letter else None
    )
    letter_end = first_clause.start() if first_clause is not None else _PREAMBLE_REACH
    for match in _DEFINED_TERM.finditer(norm, 0, _PREAMBLE_REACH):
        if match.start() >= min(end, letter_end):
            break
        term = " ".join((match.group("term") or match.group("term2") or "").split()).strip(".,;: ")
        if not term or _NOT_A_PARTY.match(term) or not term[:1].isupper():
            continue
        if _UNDERSIGNED_BEFORE.search(norm, max(0, match.start() - 40), match.start()):
            continue  # "the undersigned purchaser (the "Purchaser")": a side left unnamed
        found = _nearest_side(norm, match.start())
        if match.group().lstrip("( ").lower().startswith("herein"):
            # "hereinafter referred to as the "Supplier"" as a paragraph of its own after a
            # side's long description, as continental drafting writes it: the side is the
            # company the paragraph before opens with
            found = _paragraph_opening_company(norm, match.start()) or found
        if found is None or not _COMPANY_FORM_END.search(found[0].rstrip(",. ") + "."):
            found = _principal_of_signer(norm, match.start()) or found
        if found is None or _known(found[0], parties):
            continue
        name, start = found
        # Companies inside one side's description (its parent, its principal) are no side:
        # a new side is opened by "and" or ";" after the previous side's defined term.
        # (a letter's addressee opens its own side: 'to assist Calvera Biologics, Inc. (the
        # "Company" or "you")')
        # (nor does a letter's first paragraph list its sides: 'the Board of Regents ...
        # ("University"), grants to Ridgeback Broadcasting Company, LLC ("Broadcaster") the
        # radio broadcast rights')
        if spans and not (
            _opens_side(norm, spans[-1][1], start)
            or _LETTERS_SIDE.search(match.group())
            or (letter is not None and letter.end() < start < letter.end() + _LETTER_OPENING)
        ):
            continue
        if _A_DEFINED_TERMS_NAME.search(name):
            continue  # "Chief Financial Officer of the Company": the side's defined term
        if not parties:
            end = _preamble_end(norm, match.end())
        parties.append(Party(name=name, role=term))
        spans.append((start, match.end()))
        if len(parties) == _MAX_PARTIES:
            break
    return parties, spans, end


# A side's paragraph opening: its list number, or "BETWEEN:" / "AND:" on the line before.
_SIDE_OPENING = re.compile(r"[ \t]*(?:\d{1,2}[.)]|\(\d{1,2}\))?[ \t]*")
_COMPANY_FORM_END = re.compile(r"\b(?:" + _SUFFIX + r"|NV|BV|SAS|SARL|S\.A\.R\.L)\.?$")
_OPENING_REACH = 900


def _paragraph_opening_company(norm: str, position: int) -> tuple[str, int] | None:
    """The company the paragraph before a "hereinafter ..." term opens with, where the term
    stands as a paragraph of its own ("... duly authorized for the purposes hereof," /
    "hereinafter referred to as the "Supplier","): a company by its legal form."""
    start = norm.rfind("\n\n", max(0, position - _OPENING_REACH), position)
    if start == -1:
        return None
    start += 2
    if norm[start:position].strip(" \t\n,;:("):
        return None  # the term inside its side's paragraph: the nearest name is its side
    previous = norm.rfind("\n\n", max(0, start - 2 - _OPENING_REACH), start - 2)
    if previous == -1:
        return None
    start = previous + 2
    opening = _SIDE_OPENING.match(norm, start)
    begin = opening.end() if opening else start
    name = _side_name_at(norm, begin, position)
    if name is None or not _COMPANY_FORM_END.search(name.rstrip(",. ") + "."):
        return None
    return name, begin


def _add_between_sides(
    norm: str, parties: list[Party], spans: list[tuple[int, int]], end: int
) -> None:
    """Adds, in place and in order, the sides of 'between A and B' that no defined term gave."""
    first = spans[0][0] if spans else None
    roles = {(party.role or "").casefold() for party in parties}
    for name, start, side_end in _between_sides(norm, first, end):
        if name.casefold() in roles:
            continue  # "each of Loop and Joint Venture Company": a defined term, not a name
        # A side whose description already gave a party ("A, acting through its division
        # B ("B")") is that party's side: one name per side.
        if any(start <= span[0] < side_end for span in spans):
            continue
        if len(parties) < _MAX_PARTIES and not _known(name, parties):
            parties.insert(sum(1 for span in spans if span[0] < start), Party(name=name, role=None))
            spans.append((start, start))
            spans.sort()


# 'payment by A ("Investor") of $25,000 ("Purchase Amount") on or about May 1, 2020, B, a
# Delaware corporation ("Company")': a SAFE's two sides, a date between them
_DATE_GAP = re.compile(r"\b(?:19|20)\d\d,\s*$")


def _opens_side(norm: str, previous_end: int, start: int) -> bool:
    """Whether a name at start opens a new side after the one whose term ended at previous_end.

    'A ("A"), B ("B") and C ("C")' lists sides; 'A ("Fox"), as Administrator for B ("B")'
    describes one side, so B is no party of its own.
    """
    return bool(
        _SIDE_JOINER.search(norm, previous_end, start)
        or _LIST_GAP.fullmatch(norm, previous_end, start)
        or _DATE_GAP.search(norm, previous_end, start)
        or _FIELD_LABEL_BEFORE.search(norm, previous_end, start)
    )


# A cover page's field for the next side: "Item 2.  Pharmacy:            Brackenfield Drug
# Company, a Missouri corporation ... ("Pharmacy")"
_FIELD_LABEL_BEFORE = re.compile(
    r"\n[ \t]*(?:Item[ \t]+\d{1,2}\.?[ \t]+)?[A-Z][A-Za-z -]{1,30}:[ \t]*$"
)


def _labelled_parties(norm: str) -> tuple[Party, ...]:
    """Sides headed 'Party A: <company>' and 'Party B: <company>'."""
    parties: list[Party] = []
    for label in _PARTY_LABEL.finditer(norm, 0, _PREAMBLE_REACH):
        role = f"Party {label.group('side').title()}"
        if any(party.role == role for party in parties):
            continue
        stop = _LABELLED_NAME_END.search(norm, label.end(), label.end() + _NAME_REACH)
        name = " ".join(norm[label.end() : stop.start() if stop else label.end()].split())
        name = name.strip(" ,;:")
        if _plausible_name(name) and not _known(name, parties):
            parties.append(Party(name=name, role=role))
    return tuple(parties)


def _headed_parties(norm: str) -> list[Party]:
    """Sides a cover page or a form's heading names: 'Company: Bravatek Solutions, Inc.',
    'SPONSOR: Name: Acme Grill', 'Supplier Name: Cardlytics, Inc.', and a signature table's
    'Party Name: Tamsworth Clinical Informatics, Inc.' over each side (Party 1, Party 2)."""
    parties: list[Party] = []
    for label in _ROLE_HEADING.finditer(norm, 0, _HEADING_REACH):
        stop = _HEADED_NAME_END.search(norm, label.end(), label.end() + _NAME_REACH)
        end = stop.start() if stop else label.end()
        name = _side_name_at(norm, label.end(), end)
        if name is not None and not _known(name, parties):
            role = label.group("role").title()
            if role == "Party":  # "Party Name: ..." over each side: the first, the second
                numbered = sum(1 for party in parties if (party.role or "").startswith("Party"))
                role = f"Party {numbered + 1}"
            parties.append(Party(name=name, role=role))
    return parties


def _preamble_end(norm: str, position: int) -> int:
    found = _PREAMBLE_END.search(norm, position, _PREAMBLE_REACH)
    return found.start() if found else _PREAMBLE_REACH


def _between_sides(norm: str, first: int | None, end: int) -> list[tuple[str, int, int]]:
    """Name, start and end of each side of 'between A, a ... corporation, and B'."""
    clause = _between_clause(norm, first, end)
    if clause is None:
        return []
    sides: list[tuple[str, int, int]] = []
    position = clause
    # Each "and" opens one side at most, so a few more tries than sides are enough.
    for _ in range(_MAX_PARTIES * 2):
        if position >= end or len(sides) == _MAX_PARTIES:
            break
        found = _side_name(norm, position)
        after = found[2] if found else position
        joiner = _SIDE_JOINER.search(norm, after, min(end, after + _SIDE_REACH))
        # An "and" inside a parenthesis ("(each of A and B is a Party)") opens no side.
        if joiner is not None and norm.count("(", clause, joiner.start()) != norm.count(
            ")", clause, joiner.start()
        ):
            joiner = None
        if found is not None:
            sides.append((found[0], found[1], joiner.start() if joiner else end))
        if joiner is None:
            break
        position = joiner.end()
        while position < end and norm[position] in " \t\n:,":
            position += 1
    return sides


def _between_clause(norm: str, first: int | None, end: int) -> int | None:
    """Where the names after the preamble's 'between' begin."""
    if first is not None:
        best = None
        for found in _BETWEEN.finditer(norm, max(0, first - _BETWEEN_REACH), first + 1):
            best = found
        return best.end() if best else None
    for found in _BETWEEN.finditer(norm, 0, end):
        if _DEAL_BEFORE.search(norm, max(0, found.start() - 300), found.start()):
            return found.end()
    return None


def _side_name(norm: str, position: int) -> tuple[str, int, int] | None:
    """The company name that opens a side at position, with where it starts and ends."""
    article = _LEADING_THE.match(norm, position)
    start = article.end() if article else position
    match = _COMPANY.match(norm, start) or _DESCRIBED.match(norm, start)
    if match is None:
        return None
    raw = match.group("name") if "name" in match.re.groupindex else match.group(0)
    name = " ".join(raw.split()).strip(" ,")
    if len(name) < 3 or _ONLY_FORM.match(name) or _NOT_A_PARTY.match(name):
        return None
    return name, start, match.end()


def _known(name: str, parties: list[Party]) -> bool:
    folded = name.casefold()
    return any(folded in p.name.casefold() or p.name.casefold() in folded for p in parties)


def _nearest_side(norm: str, position: int) -> tuple[str, int] | None:
    """The company or person whose name comes last before a defined term."""
    sides = [f for f in (_company_before(norm, position), _person_before(norm, position)) if f]
    if not sides:
        return None
    nearest = max(sides, key=lambda side: side[1])
    # "the Board of Regents of X University, acting for and on behalf of X University and its
    # Department of Athletics ("University")": the side is the one that acts
    acting = _ACTING_FOR.search(norm, max(0, nearest[1] - 60), nearest[1])
    if acting is not None:
        actor = _company_before(norm, acting.start())
        if actor is not None:
            return actor
    return nearest


# Spanish drafting names the person who appears and then the company they act for: "ON THE ONE
# PART, Mr. Ignacio Berrocal Montalvo, of legal age, ..., acting in the name and on behalf of
# CENTRO DE CONTACTO BERROCAL, S.L., a Spanish limited liability company ... (hereinafter, the
# "PROVIDER")": the side is the company
_SIGNER_ACTS_FOR = re.compile(
    r"\b(?:Mr|Mrs|Ms|Dr)\.?\s[^\n]{1,400}?\bacting\s+(?:in\s+the\s+name\s+and\s+)?"
    r"(?:for\s+and\s+)?on\s+behalf\s+of\s+"
)


def _principal_of_signer(norm: str, position: int) -> tuple[str, int] | None:
    """The company a person appearing in the side's paragraph acts for (`_SIGNER_ACTS_FOR`)."""
    paragraph = norm.rfind("\n", max(0, position - _OPENING_REACH), position) + 1
    acting = list(_SIGNER_ACTS_FOR.finditer(norm, paragraph, position))
    if not acting:
        return None
    company = _COMPANY.match(norm, acting[-1].end())
    if company is None:
        return None
    return company.group().rstrip(", "), acting[-1].end()


_ACTING_FOR = re.compile(
    r",?\s+(?:acting\s+)?(?:(?:for\s+and\s+)?on\s+behalf\s+of|for\s+the\s+benefit\s+of)\s+(?:the\s+)?"
    # ("acting on behalf of its Department of Chemical and Petroleum Engineering ("University")":
    # a unit of the side, whose name the nearest name only ends)
    r"(?:(?:its|their)\s+(?:[\w&-]+\s+){1,6}?)?$"
)


def _person_before(norm: str, position: int) -> tuple[str, int] | None:
    """'... and John A. Doe, an individual residing at ... ("Consultant")': a person as a side."""
    found = _PERSON_SIDE.search(norm, max(0, position - _NAME_REACH), position)
    if found is None or _NOT_A_PARTY.match(found.group("name")):
        return None
    if _INSTITUTION_WORD.search(found.group("name")):
        return None  # "the Securities and Exchange Commission": a body, no person
    return " ".join(found.group("name").split()), found.start("name")


def _another_side_between(norm: str, start: int, end: int) -> bool:
    """Whether an 'and' between a name and its term opens the next side ('and B Corp.').

    'a company incorporated in England and Wales' has an 'and' too: only one followed by a
    company name, a numbered side '(2)' or a blank '[' opens a side.
    """
    for joiner in _ANOTHER_SIDE.finditer(norm, start, end):
        after = joiner.end() - 1
        if norm[after] in "[(" or _COMPANY.match(norm, after):
            return True
    return False


_CAPS_KIND_AFTER = re.compile(rf",?\s+(?:{_CAPS_ENTITY_OF_KIND})\b")
_KIND_OPENED_BEFORE = re.compile(r"\b(?:A|AN)\s+(?:[A-Z][A-Z.'-]*\s+){1,4}$")


def _company_before(norm: str, position: int) -> tuple[str, int] | None:
    """The nearest company name ending before position, skipping 'a Delaware corporation'."""
    lo = max(0, position - _NAME_REACH)
    reach = norm[lo:position]
    if any(joiner in reach for joiner in _JOINERS_IN_CAPITALS):
        # the name opens after "March 1, 2015 BY": neither the date nor the joiner is of it
        for joined in _DATE_THEN_JOINER.finditer(norm, lo, position):
            lo = joined.end()
    best = None
    # A name opens at a word's start: tried inside words too, the search cost more than the
    # rest of this reader, and gave no other name on the train contracts.
    for match in _WORD_START_COMPANY.finditer(norm, lo, position):
        if _after_stacked_and(match.group(0)):
            best = match  # its name opens after the "and" (below): what stands before is no matter
            continue
        before = norm[max(0, match.start() - 8) : match.start()]
        if _FILING_STAMP_BEFORE.search(before):
            continue
        if _ARTICLE_BEFORE.search(before) and not _BODY_OF_AN_INSTITUTION.match(match.group()):
            continue
        # "A TEXAS LIMITED LIABILITY COMPANY": the end of a side's description, which the
        # search has cut after its legal-form word "LIMITED"; no name.
        window = max(0, match.start() - 60)
        if "A" in norm[window : match.start()] and _KIND_OPENED_BEFORE.search(
            norm, window, match.start()
        ):
            continue
        best = match
    if best is None or _another_side_between(norm, best.end(), position):
        return None
    cut = _after_stacked_and(best.group(0))
    raw = best.group(0)[cut:]
    name = " ".join(raw.split())
    name = _ADDRESS_THEN_AND.sub("", _TITLE_WORDS.sub("", _SENTENCE_BEFORE.sub("", name)))
    name = _REFERENCE_BEFORE.sub("", _DATE_BEFORE.sub("", name))
    name = _LEADING_JOINERS.sub("", name).strip(" ,")
    # "ACME WIDGETS, INC., A DELAWARE CORPORATION": in capitals the description runs on
    # like more words of the name; the name ends before it.
    kind = _CAPS_KIND_AFTER.search(name, 1)
    name = name[: kind.start()] if kind else name
    if len(name) < 3 or _ONLY_FORM.match(name):
        return None
    start = best.start() + cut + max(0, " ".join(raw.split()).find(name))
    return name, start


def _after_stacked_and(raw: str) -> int:
    """Where a name opens after a title page's sides stacked over a line of their own "and"
    ("the NIH\n\nand\n\nVeranthe Biologics, Inc."): after the last such line, else 0."""
    if "\n" not in raw:
        return 0
    stacked = list(_STACKED_AND.finditer(raw))
    return stacked[-1].end() if stacked else 0


# --- the preamble read side by side -----------------------------------------------------------

# "made ... by and between", "BETWEEN:", "is entered into among": the list of sides follows.
_LIST_OPENS = re.compile(
    r"\b(?:by\s+and\s+)?(?:between|among(?:st)?|BETWEEN|AMONG(?:ST)?|(?<=\n)(?:Between|Among))\b"
    r"(?:\s*the\s+following\s+(?:two\s+|three\s+)?parties\b[^:\n]{0,80}:)?\s*[:,]?\s*"
    r"|\b(?:entered\s+into|made|executed)\s+by\s+(?!and\b)"
    # "B E T W E E N:" spaced out; a "PARTIES" heading over numbered sides.
    r"|\bB\s?E\s?T\s?W\s?E\s?E\s?N\s*:\s*|\b(?:PARTIES|Parties)\s*:?\s*(?=\(?1[).])",
)
# The deal words a preamble's "between" follows: "This Agreement ... is made ... between".
_DEAL_WORDS = re.compile(
    r"(?:agreement|amendment|contract|addendum|schedule|memorandum|made|entered|executed|"
    r"dated|concluded|guarant(?:y|ee)|lease|licen[cs]e|indenture|undertaking)\b",
    re.IGNORECASE,
)
# Where the list of sides ends: the recitals, the operative words, or a full stop after a
# word or a defined term ("... ("Ono"). BACKGROUND"); "Inc." or "Co." end no sentence.
_LIST_ENDS = re.compile(
    r"\b(?:WHEREAS|Whereas|RECITALS?|Recitals?|BACKGROUND|Background|WITNESSETH|Witnesseth"
    r"|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|NOW,?\s+THEREFORE|Now,?\s+[Tt]herefore"
    r"|IN\s+CONSIDERATION|In\s+consideration|For\s+good\s+and\s+valuable|IT\s+IS\s+(?:HEREBY\s+)?AGREED"
    r"|It\s+is\s+(?:hereby\s+)?agreed|[Aa]gree\s+as\s+follows|AGREE\s+AS\s+FOLLOWS"
    r"|[Tt]he\s+[Pp]arties\s+(?:hereto\s+)?(?:hereby\s+)?(?:agree|have\s+agreed))\b"
    r"|(?:(?<=[a-z]{3})|(?<=[)”\"’]))\.\s+(?!Here(?:in)?after|Hereafter|AND\b|And\b)(?=[A-Z])"
    r"|\n[ ]*\n\s*(?:\d+\.|ARTICLE|Article|Section|SECTION|1\s)"
    r"|TABLE\s+OF\s+CONTENTS|Table\s+of\s+Contents"
    r"|(?<=\))\s*,?\s*(?:is|are|hereby|agree|agrees|shall|will|wish|wishes|desire|desires|intending"
    r"|confirm|do\s+hereby|each\s+agree"
    # "..., Beta LLC ("Beta") with respect to the Agreement ... between Acme and Omega Corp.":
    # an earlier deal's sides are recited after the list, not listed.
    r"|with\s+respect\s+to|in\s+respect\s+of|relating\s+to|in\s+connection\s+with"
    r"|as\s+an?\s+amendment|amending|amends|to\s+amend)\b"
    r"|\bhave\s+entered\s+into\b|\b(?:Dated|DATED)\b|\bmay\s+be\s+(?:individually\s+|collectively\s+)?referred\b"
    r"|\b(?:are|is)\s+(?:each\s+)?(?:sometimes\s+)?(?:individually|collectively|hereinafter)"
    r"\s+referred\b"
    r"|(?<=[A-Z]{3})(?<!INC)(?<!LTD)(?<!LLC)(?<!ORP)(?<!PLC)\.\s+(?=[A-Z][a-z])"
)
_LIST_REACH = 3000
_OPENINGS_TRIED = 3
# The marks that can end one side and open the next; parentheses are tracked for depth.
# "made by Acme Parent Corp. ("Guarantor") in favor of Beta Bank, N.A.": a guaranty's sides.
_LIST_MARK = re.compile(
    r"[()]|;|\b(?:and|AND|And)\b|,|\b(?:in\s+favou?r\s+of|for\s+the\s+benefit\s+of)\b"
)
_NUMBERED_SIDE = re.compile(r"(?<=\s)\(\s*[2-9]\s*\)\s")
# "A\n\nand\n\nB" on a cover page, "A,\n\nB\n\nand C": a line of its own ends a side.
_AND_LINE = re.compile(r"\n[ ]*(?:and|AND|And)?[ ]*\n", re.IGNORECASE)
# What may stand before a side on its line: "(2) ", "- and - ", "● ".
_LINE_LEAD = re.compile(r"[\s\W\d]*(?:(?:and|AND|And)[\s\W\d]*)?")
_TERM_QUOTE = re.compile(r"[\"“”]|''|‘[^’\n]{1,40}’")
# A side's number, a dash or a colon before its name: "(2) BETA LIMITED", "- and - B", ": B".
_SIDE_LEAD = re.compile(
    r"(?:[\s,:;\-–—●•▪·]|\b(?:and|AND|And)\b)*(?:\(\s*(?:\d{1,2}|[a-hA-H]|i{1,3}|iv|v)\s*\)\s*)?"
    r"[\s:\-–—●•▪·]*"
)
_LEGAL_FORM_AFTER = re.compile(
    rf",?\s*(?:{_SUFFIX}|N\.A|P\.C|S\.A\.?S?|S\.p\.A|SpA|S\.L|S\.r\.l|SRL|Pty|PTY|Pte|PTE|L\.L\.C|LLLP"
    r"|Ltda|A/S|AB|ASA|Oy|KK|G\.I\.E|a\s+limited\s+partnership)\b\.?",
)
# What ends a name inside its side: its description, address, parenthesis or a new line.
# ("The Regents of the University of California": a "the" after "of" goes on with the name.)
_NAME_ENDS = re.compile(
    r"\s*\(|\n|\s*\[|,|:|(?<!\bof)(?<!\bOF)\s+(?:the|THE)\b"
    r"|\s+(?:an?|its|having|with|whose|which|who|located|residing|resident"
    r"|incorporated|organi[sz]ed|existing|acting|on\s+behalf|as|hereinafter|herein|hereafter"
    r"|referred|[fa]/k/a|formerly|together|and/or|by|through|at|in|whereby"
    r"|(?:a|an)\s+(?:company|corporation))\b"
    # The same description in an all-capitals preamble: "ACME, INC. HAVING ITS PRINCIPAL
    # OFFICE AT ...", "BETA CORP. A NEVADA CORPORATION". Only words a name in capitals would
    # not hold ("CARGILL, INCORPORATED" is a name, "INCORPORATED IN" is not).
    rf"|\s+(?=[A-Z][A-Z\s])(?:{_CAPS_DESCRIPTION_WORDS}|INCORPORATED\s+(?:IN|UNDER)|{_CAPS_ENTITY_OF_KIND}"
    r"|ITS\s+(?:PRINCIPAL|REGISTERED|OFFICES?|AFFILIATES|SUBSIDIARIES))\b"
    # a number opens the address ("Acme Corp. 1234 Main Street"), unless the name goes on to
    # its legal form: "Acme Holdings 2000, Inc.", "Vision 21 Partners, L.P."
    rf"|\s+\d{{2,}}(?!\d)(?!(?:\s+[A-Z][\w&'’-]*){{0,3}},?\s*(?:{_SUFFIX})\b)|\s+-\s|\s+—"
)
_PLACE_IN_NAME = re.compile(
    rf"(?:\s*\([A-Z][\w .&-]{{0,25}}\))+\s*(?:(?!(?:A|An|AN)\s)[A-Z][\w.&'-]*\s+){{0,2}}"
    rf"(?:{_SUFFIX}|Pty|PTY)\b\.?"
)
_FIRM_REST = re.compile(
    rf",\s*(?:[A-Z][\w'’-]*,?\s+){{0,3}}(?:&|and)\s+(?:[A-Z][\w'’-]*,?\s+){{0,3}}(?:{_SUFFIX})\b\.?"
)
# An abbreviated legal form ends the name even when a place follows: "Ltd. of Beijing".
_FORM_THEN_OF = re.compile(
    r"\b(?:Inc|INC|Ltd|LTD|LLC|L\.L\.C|Corp|CORP|Co|CO|plc|PLC|GmbH|AG|S\.A|N\.V|B\.V|LP|L\.P)"
    r"\b\.?(?=\s+(?:of|OF|for|to|in|at|on|with|under)\s)"
)
# A side given by description, not by name: "the Agent named on the signature page".
# (Case matters: "YOU ON DEMAND HOLDINGS, INC." is a name, "you" is not.)
_NO_NAME = re.compile(
    r"^(?:the\s+[a-z]|[Yy]ou|[Yy]our|[Ww]e|[Oo]ur|(?i:each|any|such|certain|said|all|if|this|these|that|when"
    r"|where|upon|both|either|neither|for|from|to|with|no|not))\b|_{3}|\[|<<|\.{3}|…"
    r"|\b(?i:named|identified|set\s+forth|listed|signatory|undersigned)\b"
)
# A defined role alone is no name: "between Licensor and Licensee".
_ROLE_WORD = re.compile(
    r"^(?:the\s+)?(?:licensor|licensee|company|customer|supplier|vendor|agent|distributor|"
    r"reseller|franchisee|franchisor|consultant|contractor|client|buyer|seller|purchaser|"
    r"employer|employee|executive|lender|borrower|lessor|lessee|landlord|tenant|developer|"
    r"manufacturer|provider|sponsor|partner|investor|owner|recipient|discloser|party|parties|"
    r"member|shareholder|trustee|guarantor|principal|subscriber|user|publisher|affiliate)s?$",
    re.IGNORECASE,
)
_FORM_WORD = re.compile(rf"\b(?:{_SUFFIX}|G\.I\.E|S/A|N\.A|Pty|Pte|SRL|S\.r\.l)\b\.?")
_DEAL_WORD_IN_NAME = re.compile(
    r"\b(?:agreement|amendment|addendum|exhibit|" + _CONTRACT_AS_A_DEAL + r")\b", re.IGNORECASE
)
# A street, a suite or a post code inside a "name" shows it is an address.
_ADDRESS = re.compile(
    r"\b\d+[\w-]*\s+(?:[A-Z][\w.]*\s+){0,3}(?:Street|St|Avenue|Ave|AVE|Road|Rd|Drive|Dr|Blvd"
    r"|Boulevard|Lane|Way|Suite|STE|Floor|Place|Parkway|Highway|Court|Plaza)\b"
    r"|\b(?:Suite|STE|P\.?O\.?\s+Box)\s+\w+|\b[A-Z]{2}\s+\d{5}\b"
)
# "... IL 60053 and Ludmila Smolyansky ("Individual")": a name right before its defined term.
_TERMED_NAME = re.compile(
    rf"(?:the\s+)?{_NAME_WORD}(?:\s+(?:{_NAME_WORD}|&|of|de)){{0,7}}\s*,?\s*"
    r"\(\s*(?:the\s+|hereinafter\s+|herein\s+)?(?:referred\s+to\s+as\s+|called\s+)?(?:the\s+)?[\"“]"
)
# "professional golfer, TOM WATSON", "its Reseller, Schoolpop, Inc.", "the Acme Corp.": words
# before the name that describe the side.
_DESCRIPTION_FIRST = re.compile(
    r"(?:[a-z][a-z ]{2,40},\s+|(?:its|their|his|her)\s+[A-Za-z ]{2,30},\s+|the\s+)(?=[A-Z])"
)
_THE_NAME_BEFORE = re.compile(r"\b(?:the|The)\s+(?:[A-Z][\w.&'’-]*\s+){1,4}$")
# "governed by the Trust ...", "licensed under the Bank ...": a name after a description's
# words, not after the list's "between" or "and".
_DESCRIBED_BY_THE = re.compile(
    r"\b(?!(?:between|among|and|with)\b)[a-z]+\s+" + _THE_NAME_BEFORE.pattern.removeprefix(r"\b")
)
# "a company incorporated in England and Wales ("Beta")": a place whose name holds an "and"
# is a side's description, not the opening of the next side.
_PLACE_WITH_AND = re.compile(
    r"(?i:England|Trinidad|Bosnia|Antigua|Turks|(?:St\.?|Saint)\s+Kitts|S[aã]o\s+Tom[eé])\s+$"
)
# "an individual residing in the City, County and State of New York ("Designer")", "the City
# and County of Denver": a place named by its city, county and state, its "and" no next side.
_PLACE_UNITS_BEFORE = re.compile(r"\b(?:City|County|Town|Borough|Village)\s+$")
_PLACE_UNITS_AFTER = re.compile(r"(?:County|State|City|Commonwealth)\s+of\s+(?=[A-Z])")
# ... or the side's role as a label, as the English versions of Chinese contracts set them out:
# "Pledgee: Shenyang Dongcheng Huayu ... Co., Ltd.", "Pledgors: Han Xuefeng, a PRC citizen ..."
_NAME_LABEL = re.compile(
    r"(?:[A-Z][a-z]+\s+)?(?:Name|NAME)\s*:\s*|[A-Z][a-z]+(?:\s+[A-Z])?\s*:[ \t]+(?=[A-Z])"
)
# Words a name may hold in lower case: "Bank of America", "Stratton & Walsh", "e.l.f.".
_NAME_LOWER_WORDS = frozenset(
    ("of", "and", "de", "du", "des", "la", "le", "el", "del", "da", "do", "dos", "van", "von",
     "der", "den", "for", "the", "y", "e", "et", "und", "in", "on", "inc", "inc.", "ltd", "ltd.",
     "corp", "corp.", "co", "co.", "llc", "plc", "limited", "company", "corporation", "a", "dba",
     "z")
)  # fmt: skip
_PRONOUN_TERM = re.compile(r"^(?:we|us|our|you|your|it|they|them)$", re.IGNORECASE)
_QUOTED_TERM = re.compile(r"[\"“”‘']{1,2}\s*(?P<term>[^\"“”’‘\n()]{1,40}?)\s*[\"“”’']{1,2}")
_NAME_START = re.compile(r"(?:[A-Z0-9]|[a-z][A-Z0-9.]|[a-z]{1,2}-[a-z]|[a-z]+\.(?:com|net|org)\b)")


def _listed_parties(norm: str) -> tuple[list[Party], tuple[str, ...]]:
    """The sides of the preamble's 'between A (...) and B (...)', each name with its term.

    A cover page ("Agreement between A and B") may come before the preamble: the first list
    whose sides carry defined terms wins, else the first list of two sides. A form whose
    other side is a blank ('and [name] ("Franchisee")') gives its one named side, with the
    defined terms of the sides it leaves unnamed.
    """
    fallback: list[Party] = []
    single: list[Party] = []
    unnamed: tuple[str, ...] = ()
    for opening in _list_openings(norm):
        parties, blanks, terms = _parties_listed_at(norm, opening)
        if len(parties) >= 2 and any(party.role for party in parties):
            return parties, ()
        if len(parties) >= 2 and not fallback:
            fallback = parties
        if len(parties) == 1 and blanks and not single:
            single, unnamed = parties, terms
    return (fallback, ()) if fallback else (single, unnamed)


def _parties_listed_at(norm: str, start: int) -> tuple[list[Party], int, tuple[str, ...]]:
    """The named sides of the list that opens at start, how many sides are blanks, and the
    defined terms of the sides named elsewhere ('the Agent named on the signature page (the
    "Agent")')."""
    limit = min(len(norm), start + _LIST_REACH)
    ended = _LIST_ENDS.search(norm, start, limit)
    end = ended.start() if ended else limit
    found: list[tuple[Party, bool]] = []
    blanks = 0
    terms: list[str] = []
    for side_start, side_end in _side_spans(norm, start, end):
        party = _side_party(norm, side_start, side_end)
        if party is None:
            lead = _SIDE_LEAD.match(norm, side_start, side_end)
            referred = bool(_REFERRED_SIDE.search(norm, side_start, side_end))
            blanks += referred or bool(
                _BLANK_SIDE.match(norm, lead.end() if lead else side_start, side_end)
            )
            # A side named elsewhere ("the Agent named on the signature page (the "Agent")")
            # is called by its defined term; a blank ("_____ ("Professional")") is no side yet.
            term = _side_role(norm, side_start, side_end) if referred else None
            if term is not None and term not in terms:
                terms.append(term)
        elif not _known(party.name, [known for known, _ in found]):
            described = bool(party.role) or bool(_PERSON_OR_BODY.search(norm, side_start, side_end))
            found.append((party, described))
        if len(found) == _MAX_PARTIES:
            break
    # Where the sides carry defined terms, a piece with neither a term nor a word saying what
    # kind of person it is ("Suite 200", "Nashville, TN") is a piece of an address.
    if any(party.role for party, _ in found):
        return [party for party, described in found if described], blanks, tuple(terms)
    return [party for party, _ in found], blanks, tuple(terms)


_ACTING_IN_CAPACITY = re.compile(
    r",\s*acting\s+in\s+(?:his|her|its|their)\s+capacity\s+as\s+[^()\n]{1,60}?\s+of\s+(?=[A-Z])"
)
_CAPACITY_REACH = 320
_OFFICER_OF = re.compile(
    r",\s*(?:the\s+|its\s+)?(?:director|managing\s+director|president|chief\s+executive\s+officer|CEO"
    r"|general\s+manager|owner|proprietor|authori[sz]ed\s+(?:representative|signatory)"
    r"|legal\s+representative|chairman)\s+(?:of|for)\s+",
    re.IGNORECASE,
)
# A side named elsewhere: "each other party identified on the signature page hereto".
# Where a side is named: "identified on the signature page", "set forth below", "identified as
# the affiliate in the Enrollment Form above", "the company identified as "OEM" on the
# signature page"
_NAMED_THERE = (
    r"(?:named|identified|indicated|designated|set\s+forth|listed|specified|shown)\s+"
    r"(?:as\s+(?:the\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+|as\s+[\"“'][A-Za-z-]+[\"”']\s+)?"
    r"(?:on|in|at|below|above)\b"
)
_REFERRED_SIDE = re.compile(r"\b" + _NAMED_THERE + r"|\b(?:above|below)[-\s]named\b")
_OTHER_SIDE = re.compile(
    r"(?:each|any|all|the)\s+(?:other\s+)?(?:part(?:y|ies)|persons?|entit(?:y|ies)|compan(?:y|ies))\b"
    r"|the\s+(?:above|below)[-\s]named\b"
    # "and the motor carrier identified on the signature page of this Agreement ("Carrier")",
    # "and the customer identified on the Cover Page (the "Customer")"
    r"|the\s+(?:[a-z-]+\s+){1,3}" + _NAMED_THERE
)
# A side left blank in a form: "[name]", "_____", "a [corporation]", '("Franchisee")'.
_BLANK_SIDE = re.compile(r"(?:(?:an?|the)\s+)?(?:\[|_{2,}|-{3,}|\(\s*[\"“])")


# What says a side is a legal or natural person: its legal form or its description.
_PERSON_OR_BODY = re.compile(
    rf"\b(?:{_SUFFIX}|individual|citizen|partnership|entity|firm|society|organi[sz]ation|L\.?L\.?C"
    r"|corporation|company|bank|trust|university|association)\b",
    re.IGNORECASE,
)


# "JSC NOC KazakhOil, ... on the one side and JSC Karakudukmunay, ... on the other side".
_POST_CODE_END = re.compile(r"\b[A-Z]{2}\s+\d{5}(?:-\d{4})?$")
_ONE_SIDE_BEFORE = re.compile(r"\bon\s+the\s+(?:one|first)\s+(?:side|part|hand)\s*,?\s*$")
_TITLE_FIRST = re.compile(
    r"^(?:[A-Z][A-Z&'-]*\s+){0,8}(?:AGREEMENT|(?i:" + _CONTRACT_AS_A_DEAL + r"))\s+(?=[A-Z])"
)
# '"Offtake Agreement" means that certain Agreement between ...': a definition, no preamble.
_DEFINITION_BEFORE = re.compile(r"[\"”]\s+(?:means|(?:shall|will)\s+mean|has\s+the\s+meaning)\b")
_SIDES_AGREE = re.compile(r"\bagrees?\s+as\s+follows|\bhereby\s+agree|\bhave\s+entered\s+into\b")
# Paragraphs that end in "agree as follows" without naming the sides first.
_NOT_SIDES_FIRST = re.compile(
    r"(?:NOW|Now|WHEREAS|Whereas|THEREFORE|Therefore|IN\s|In\s|The\s|THE\s|Pursuant|PURSUANT|For\s"
    r"|Exhibit|EXHIBIT"
    r"|FOR\s|Each\s|Both\s|This\s|THIS\s|\d|[A-Z]\.\s|\()"
)
_ROLE_FIRST = re.compile(r"\(\s*[\"“]?(?P<role>[A-Z][\w ]{1,30}?)[\"”]?\s*\)\s*(?=[A-Z0-9])")


def _list_openings(norm: str) -> list[int]:
    """Where the names after a 'between' or 'among' of the deal begin (the first few)."""
    openings: list[int] = []
    for found in _LIST_OPENS.finditer(norm, 0, _PREAMBLE_REACH):
        before = norm[max(0, found.start() - 400) : found.start()]
        if _DEAL_WORDS.search(before) and not _DEFINITION_BEFORE.search(before, len(before) - 300):
            openings.append(found.end())
            if len(openings) == _OPENINGS_TRIED:
                break
    # "Synchron, a California corporation (...), and Rare Element Resources Ltd. (...) agree
    # as follows": a paragraph that opens with the sides and ends in their agreement.
    agreed = _SIDES_AGREE.search(norm, 0, _PREAMBLE_REACH)
    if agreed is not None:
        paragraph = norm.rfind("\n", 0, agreed.start()) + 1
        if agreed.start() - paragraph < _LIST_REACH and _NAME_START.match(norm, paragraph):
            inside = any(paragraph <= opening <= agreed.start() for opening in openings)
            if not inside and not _NOT_SIDES_FIRST.match(norm, paragraph):
                openings.append(paragraph)
    return sorted(openings)


_REPRESENTED = re.compile(
    r"\brepresented\b|\bin\s+the\s+person\s+of\b|\bon\s+behalf\s+of\s+(?:its|their)\b"
    r"|\bacting\s+in\s+(?:his|her|its|their)\s+capacity\b"
    # ... or a public body acting through one of its offices: "the GOVERNMENT OF THE DISTRICT OF
    # COLUMBIA, acting by and through its OFFICE OF LOTTERY AND GAMING (the "Lottery")" (its
    # "by and" no joiner either)
    r"|\bacting\s+by\s*$|\bacting\s+(?:by\s+and\s+)?through\s+(?:its|their)\b"
)


def _side_spans(norm: str, start: int, end: int) -> list[tuple[int, int]]:
    """Cuts the list into sides at the top level: ';', 'and' after a finished side, and ','
    after a side's defined term ('A ("A"), B ("B") and C ("C")')."""
    spans: list[tuple[int, int]] = []
    depth = 0
    side = start
    for mark in _LIST_MARK.finditer(norm, start, end):
        kind = mark.group()
        if kind == "(":
            # "...; and (2) BETA LIMITED": a number opens the next side.
            if depth == 0 and mark.start() > side and _NUMBERED_SIDE.match(norm, mark.start()):
                spans.append((side, mark.start()))
                side = mark.start()
                continue
            depth += 1
            continue
        if kind == ")":
            depth = max(0, depth - 1)
            continue
        if depth:
            continue
        if kind == ";":
            spans.append((side, mark.start()))
            side = mark.end()
            continue
        termed = bool(_TERM_QUOTE.search(norm, side, mark.start()))
        after = _SIDE_LEAD.match(norm, mark.end())
        nxt = after.end() if after else mark.end()
        if kind == ",":
            # Only a comma right after a side's defined term, or at a line's end on a cover
            # page, lists the next side.
            closed = norm[max(side, mark.start() - 3) : mark.start()].rstrip().endswith(")")
            # On a cover page the side stands on a line of its own; in a hard-wrapped paragraph
            # a comma at a line's end is only part of a side's description (its address).
            line_end = "\n" in norm[mark.end() : nxt] and _own_line(norm, side, mark.start())
            if ((termed and closed) or (line_end and not termed)) and _NAME_START.match(norm, nxt):
                spans.append((side, mark.start()))
                side = mark.end()
            continue
        if _AND_LINE.fullmatch(norm, max(side, mark.start() - 40), nxt) or (
            "\n" in norm[max(side, mark.start() - 3) : mark.start()]
            and "\n" in norm[mark.end() : nxt]
        ):
            spans.append((side, mark.start()))
            side = mark.end()
            continue
        # "and": it opens a side after a finished one ('("A") and', 'Inc., and', 'LTD. and').
        before = norm[max(side, mark.start() - 12) : mark.start()].rstrip()
        finished = bool(before) and (
            before[-1] in "),;.\"”’'-–—"
            or bool(_FORM_AT_END.search(before))
            or bool(_ONE_SIDE_BEFORE.search(norm, max(side, mark.start() - 30), mark.start()))
            # "..., New York, NY 10018 and ebix.com, Inc.": an address's post code ends a side
            or bool(_POST_CODE_END.search(before))
        )
        opens = (
            norm[nxt : nxt + 1] == "["
            or bool(_NAME_START.match(norm, nxt))
            or bool(_DESCRIPTION_FIRST.match(norm, nxt))
            or bool(_ROLE_FIRST.match(norm, nxt))
            or bool(_OTHER_SIDE.match(norm, nxt))
            or bool(_BLANK_SIDE.match(norm, nxt))
            or bool(_REFERENCE_LEAD.match(norm, nxt))
        )
        # "..., Santa Ana, CA 92703 and PREMIER NUTRITION CORPORATION": a company name opens
        # a side whatever ends the one before.
        # "the Securities and Exchange Commission": an "and" inside a name after "the".
        inside = _THE_NAME_BEFORE.search(
            norm, max(side, mark.start() - 60), mark.start()
        ) or _PLACE_WITH_AND.search(norm, max(side, mark.start() - 20), mark.start())
        inside = inside or (
            _PLACE_UNITS_BEFORE.search(norm, max(side, mark.start() - 20), mark.start())
            and _PLACE_UNITS_AFTER.match(norm, nxt)
        )
        named_next = _COMPANY.match(norm, nxt) or _TERMED_NAME.match(norm, nxt)
        # "..., validly represented for the purposes hereof by Mr. Pieter Lievekens, managing
        # director, and Ms. Sofie Van Acker, director", "in the person of its sole director and
        # legal representative, Mr. Alessandro Ferravalle": the side's signatories, no side; nor
        # "acting on behalf of its Department of Chemical and Petroleum Engineering", its unit
        # (a company after the "and" still opens one)
        signatory = not termed and _REPRESENTED.search(norm, side, mark.start())
        # "a trust company governed by the Trust and Loan Companies Act (Canada)": a statute's
        # or a body's name in the side's description, its "Trust" no legal form of a side.
        if (signatory and not _COMPANY.match(norm, nxt)) or (
            finished
            and not named_next
            and _DESCRIBED_BY_THE.search(norm, max(side, mark.start() - 80), mark.start())
        ):
            continue
        if (finished and opens) or (named_next and not inside):
            spans.append((side, mark.start()))
            side = mark.end()
    spans.append((side, end))
    return spans


def _own_line(norm: str, start: int, end: int) -> bool:
    """Whether the side from start to end fills its line: nothing but a number, a dash or an
    'and' before it on the line, and no line break inside it."""
    piece = norm[start:end]
    if "\n" in piece.strip():
        return False
    line = norm.rfind("\n", 0, start) + 1
    before = norm[line:start] + piece[: len(piece) - len(piece.lstrip())]
    return _LINE_LEAD.fullmatch(before) is not None


def _side_party(norm: str, start: int, end: int) -> Party | None:
    """The name that opens a side and the first defined term the side gives it."""
    lead = _SIDE_LEAD.match(norm, start, end)
    position = lead.end() if lead else start
    # "and (Client) Pelican Delivers Inc.": the role in brackets before the name.
    role_first = _ROLE_FIRST.match(norm, position, end)
    name = _side_name_at(norm, role_first.end() if role_first else position, end)
    if name is None:
        return None
    role = _side_role(norm, position, end) or (role_first.group("role") if role_first else None)
    # "Natalija Tunevic, director of FreeCook": an officer acting for his company; the
    # company is the side.
    officer = _OFFICER_OF.search(norm, position, min(end, position + len(name) + 80))
    # ... or one the Latin American way, after the person's own details: "ROBERTO JOSE AVILA
    # SAMUDIO, male, Panamanian, of legal age, ..., acting in his capacity as President and
    # Legal Representative of TERMINALES Y ALMACENES DEL ATLANTICO, S.A."
    officer = officer or _ACTING_IN_CAPACITY.search(
        norm, position, min(end, position + len(name) + _CAPACITY_REACH)
    )
    if officer is not None:
        name = _side_name_at(norm, officer.end(), end) or name
    return Party(name=name, role=role)


def _side_name_at(norm: str, position: int, end: int) -> str | None:
    """The name at the head of a side, cut before its description, or None if it is none."""
    # "Client Name: MEDICAL MANAGER MIDWEST, INC.": a form's label before the name.
    label = _NAME_LABEL.match(norm, position, end)
    if label:
        position = label.end()
    # "professional golfer, TOM WATSON, (...)": a lower-case description before the name.
    described = _DESCRIPTION_FIRST.match(norm, position, end)
    if described:
        position = described.end()
    referred = _REFERENCE_LEAD.match(norm, position, end)
    if referred:
        position = referred.end()
    cut = _name_end(norm, position, end)
    # "INTELLECTUAL PROPERTY RIGHTS AGREEMENT Synchron": a title run into the first name.
    name = _TITLE_FIRST.sub("", " ".join(norm[position:cut].split())).strip(" ,;:-–—")
    # "AVIONS DE TRANSPORT REGIONAL, G.I.E. AZUL-ATR Amendment N° 1 ... Page 1/9": a page
    # heading run into the name after its legal form.
    deal = _DEAL_WORD_IN_NAME.search(name)
    if deal is not None:
        forms = list(_FORM_WORD.finditer(name, 0, deal.start()))
        name = name[: forms[-1].end()] if forms else name
    name = re.sub(r"\s+(?:of|OF|and|AND)$", "", name)
    return name if _plausible_name(name) else None


def _name_end(norm: str, position: int, end: int) -> int:
    """Where a name opening at position ends: its first comma, parenthesis or description."""
    cut = position
    while True:
        stop = _NAME_ENDS.search(norm, cut, end)
        if stop is None:
            cut = end
            break
        # "SHBV (HONG KONG) LTD", "Dialog Semiconductor (UK) Ltd.": a place in brackets
        # before the legal form belongs to the name.
        if norm[stop.start() : stop.end()].strip() == "(":
            place = _PLACE_IN_NAME.match(norm, stop.start(), end)
            if place is not None:
                cut = place.end()
                continue
        # "Acme, Inc., a ..." / "Acme Co., Ltd.": a comma before a legal form is no end, nor
        # one inside a firm's name: "Stratton, Cheeseman & Walsh-Nevada, Inc.".
        if norm[stop.start()] == ",":
            form = _LEGAL_FORM_AFTER.match(norm, stop.start(), end)
            # ("HARROWMERE CAPITAL PARTNERS LP, a limited partnership formed under ...": a
            # name that has its legal form already is described after the comma)
            if form is not None and form.group().lstrip(", \t\n").startswith("a "):
                formed = _FORM_AT_END.search(norm, position, stop.start())
                form = None if formed else form
            if form is not None and form.end() > stop.start() + 1:
                cut = form.end()
                continue
            firm = _FIRM_REST.match(norm, stop.start(), end)
            if firm is not None:
                cut = firm.end()
                continue
        cut = stop.start()
        break
    # (The search reaches a little past the cut: its look-ahead must see the word after.)
    form = _FORM_THEN_OF.search(norm, position, min(end, cut + 12))
    return form.end() if form is not None and form.end() <= cut else cut


_CAPS_DESCRIPTION = re.compile(
    rf"^(?:{_CAPS_ENTITY_OF_KIND})\b|^ITS\s|\b(?:{_CAPS_DESCRIPTION_WORDS}|COLLECTIVELY|INDIVIDUALLY"
    r"|PLACE\s+OF\s+BUSINESS|INCORPORATED\s+(?:IN|UNDER))\b"
)


def _plausible_name(name: str) -> bool:
    """Whether a side's head is a name: not a number, a role, an address or a sentence."""
    words = name.split()
    if not any(_NAME_START.match(word) and sum(c.isalpha() for c in word) >= 2 for word in words):
        return False  # "2018", "(1)", "1 on": a date or a number, no name
    if len(name) > 120 or len(words) > 14 or "$" in name:
        return False
    if not _NAME_START.match(name) or _NO_NAME.search(name):
        return False
    if all(_ROLE_WORD.match(word) or word.casefold() in _NAME_LOWER_WORDS for word in words):
        return False  # "Licensor", "the Company", "Consultant and Company": roles, no name
    # An address, a bare legal form, a defined term of the deal, a title ("Supply Agreement"),
    # or in capitals a description ("A DELAWARE CORPORATION", "ITS AFFILIATES").
    described = _ADDRESS.search(name) or _CAPS_DESCRIPTION.search(name)
    if described or _ONLY_FORM.match(name) or _NOT_A_PARTY.match(name):
        return False
    return not _deal_word_in(name) and not any(
        _loose_word(word) for word in words
    )  # "IBM will provide Web hosting"


# A firm named for the business it does, the deal word inside it: "Kestrelguard Service
# Contract Administrators, Inc." (in words of its own case, not a title's capitals run into a
# name; a name word after it, then the legal form)
_DEAL_WORD_IN_A_FIRMS_NAME = re.compile(
    r"^[A-Z][a-z][\w&'.-]*(?:\s+[A-Z][a-z][\w&'.-]*)*\s+Contract\s+(?:[A-Z][\w&'.-]*\s+)*?"
    r"[A-Z][\w&'.-]*,?\s+(?:" + _SUFFIX + r")\.?$"
)


def _deal_word_in(name: str) -> bool:
    """Whether a deal's word stands in the name ("Supply Agreement"), not inside a firm's."""
    return bool(_DEAL_WORD_IN_NAME.search(name)) and not _DEAL_WORD_IN_A_FIRMS_NAME.match(name)


def _loose_word(word: str) -> bool:
    """A lower-case word a company name would not hold (not 'of', not a brand like 'eBay')."""
    return (
        word[:1].islower()
        and word.casefold() not in _NAME_LOWER_WORDS
        and not any(char.isupper() or char.isdigit() or char in "./&'’-" for char in word)
    )


def _side_role(norm: str, start: int, end: int) -> str | None:
    for found in _QUOTED_TERM.finditer(norm, start, end):
        term = " ".join(found.group("term").split()).strip(".,;: ")
        if not term or _PRONOUN_TERM.match(term) or _NOT_A_PARTY.match(term):
            continue
        if not term[:1].isupper() and not term[:1].isdigit():
            continue
        return term
    return None


# --- the signature blocks ----------------------------------------------------------------------

_SIGNING_REACH = 4000
# Where the signatures begin (searched in lower case, as plain strings: a regex over a long
# contract for these is slow).
_SIGNING_OPENS = (
    "in witness whereof",
    "in witness thereof",
    "in witness hereof",
    "in evidence whereof",
    "in testimony whereof",
    "accepted and agreed",
    "agreed and accepted",
    "agreed to and accepted",
    "undersigned hereby agree",
    "have executed this",
    "has executed this",
    "have signed this",
)
# A signer's line: "ACME, INC. By: /s/ ...", "ABP TRUST /s/ Adam D. Portnoy", "Acme Corp. ____".
_SIGNING_ANCHOR = re.compile(r"\bBy\b|\bBY\b|/s/|_{3,}")
_SIGNER_REACH = 160
# What may stand between a signer's name and its "By:": its defined term, a colon.
_BEFORE_SIGNING = re.compile(
    r"(?:\s*\([^()\n]{1,40}\))*(?:\s*Dated?:?\s*[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})?"
    r"(?:\s*(?:SIGNED|Signed|Signature|SIGNATURE)\s*:)?[\s:,]*$"
)
_SPACE_BEFORE = re.compile(r"\s*$")
_DESCRIBED_BEFORE = re.compile(r"(?<![\w/])(?:a|an|A|An)\s+$")
_GAP_REACH = 100
_FORM_AT_END = re.compile(rf"\b(?:{_SUFFIX})\b\.?$")
# A company name opening at a word's start only: in capitals every letter could open one,
# and trying them all is slow.
_WORD_START_COMPANY = re.compile(r"(?<![\w.&’'-])(?:" + _COMPANY.pattern + ")")
_INNER_FORM = re.compile(
    r"^.*\b(?:Inc|INC|Ltd|LTD|LLC|Corp|CORP|plc|PLC|GmbH|L\.P|LP)\b\.?\s+(?=[A-Z])"
)
# Words of a signature block that run into the next signer's name: "Title: Authorized Signatory".
_BLOCK_WORDS = re.compile(
    r"^.*\b(?:Signatory|Title|Name|Date|Dated|Signature|WHEREOF|written|above|President|Officer"
    r"|Director|Manager|Member|Secretary|Treasurer|Chairman|Counsel|Its|its|CEO|CFO|COO"
    r"|Attorney-in-fact|\d{4})\b[:.]?\s*",
    re.IGNORECASE,
)
# A person signing in capitals for himself: "ADAM D. PORTNOY /s/ Adam D. Portnoy".
_SIGNING_PERSON = re.compile(
    r"\b(?P<name>[A-Z][A-Z'-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][A-Z'-]+){1,2})"
    r"\s+/s/\s*(?P<signed>[A-Z][\w.' -]{3,40})"
)


def _signing_opens(low: str) -> int:
    """Where the last signature block opens ("IN WITNESS WHEREOF"), or -1."""
    return max(low.rfind(phrase) for phrase in _SIGNING_OPENS)


def _signed_parties(norm: str, low: str) -> list[Party]:
    """The companies (and persons signing for themselves) of the signature blocks."""
    opening = _signing_opens(low)
    start = opening if opening >= 0 else max(0, len(norm) - _SIGNING_REACH)
    end = min(len(norm), start + _SIGNING_REACH)
    signers: list[tuple[int, str]] = []
    for anchor in _SIGNING_ANCHOR.finditer(norm, start, end):
        found = _company_ending_at(norm, max(start, anchor.start() - _SIGNER_REACH), anchor.start())
        if found is None:
            continue
        name = _BLOCK_WORDS.sub("", found[1])
        name = _LEADING_JOINERS.sub("", name).strip(" ,")
        # "Developer SEATTLE SOFTWARE DEVELOPERS, Inc.": the side's role heads its block.
        words = name.split()
        while len(words) > 1 and _ROLE_WORD.match(words[0]):
            words.pop(0)
        name = " ".join(words)
        if _plausible_name(name) and not _ONLY_FORM.match(name):
            signers.append((found[0], name))
    for match in _SIGNING_PERSON.finditer(norm, start, end):
        name = " ".join(match.group("name").split())
        if name.casefold().split()[-1] in match.group("signed").casefold():
            signers.append((match.start(), name.title() if name.isupper() else name))
    parties: list[Party] = []
    for _, name in sorted(signers):
        if not _known(name, parties) and len(parties) < _MAX_PARTIES * 2:
            parties.append(Party(name=name, role=None))
    return parties


def _company_ending_at(
    norm: str, lo: int, hi: int, *, gap: re.Pattern[str] = _BEFORE_SIGNING
) -> tuple[int, str] | None:
    """The company name that ends right before hi (what gap allows aside), if any."""
    tail = gap.search(norm, max(lo, hi - _GAP_REACH), hi)
    end = tail.start() if tail else hi
    if not _FORM_AT_END.search(norm, max(lo, end - 16), end):
        return None  # no legal form right here: no company ends here (and no slow search)
    last = None
    for match in _WORD_START_COMPANY.finditer(norm, lo, end):
        last = match
    if last is None or last.end() < end - 1:
        return None
    if _DESCRIBED_BEFORE.search(norm, max(0, last.start() - 8), last.start()):
        return None  # "..., a Delaware Corporation By:": a description, not the name
    # "... the date first written above.\n\nACME CAPITAL, L.P.": a signer's name stands on its
    # own line (or its own column), so what runs into it from the lines before is no part of it.
    raw = last.group(0)
    column = raw.rfind("   ")
    cut = max(raw.rfind("\n"), column + 2 if column >= 0 else -1)
    start = last.start()
    if cut > 0 and not _ONLY_FORM.match(raw[cut:].strip()):
        start += cut + 1
        raw = raw[cut + 1 :]
    # "Glu Mobile, Inc. f/k/a Sorrent, Inc. Fox Mobile Entertainment, Inc.": two signature
    # columns run together; the name that ends here is the one after the last legal form.
    name = _SENTENCE_BEFORE.sub("", " ".join(raw.split()))
    return start, _INNER_FORM.sub("", name)


def _signed_under_terms(norm: str, parties: list[Party]) -> tuple[Party, ...]:
    """The sides, each renamed to the company that signs under its defined term, if another.

    An amendment's preamble may recite the original agreement's sides ('that certain Agreement
    between A ("Fox") and B'), while the signature block shows who holds the side now, after an
    assignment: 'C, Inc. ("Fox") By: ...'.
    """
    roles = {party.role: index for index, party in enumerate(parties) if party.role}
    if not roles:
        return tuple(parties)
    start = max(0, len(norm) - _SIGNING_REACH)
    terms = re.compile(r"\(\s*[\"“](?P<term>" + "|".join(map(re.escape, roles)) + r")[\"”]\s*\)")
    renamed = list(parties)
    # a short contract's last pages hold its preamble: a term defined there is no signature
    defined = {found.group("term"): found.start() for found in reversed(list(terms.finditer(norm)))}
    for term in terms.finditer(norm, start):
        if term.start() < _PREAMBLE_REACH and defined[term.group("term")] == term.start():
            continue
        lo = max(0, term.start() - _SIGNER_REACH)
        found = _company_ending_at(norm, lo, term.start(), gap=_SPACE_BEFORE)
        if found is None:
            continue
        name = _BLOCK_WORDS.sub("", found[1]).strip(" ,")
        index = roles[term.group("term")]
        if _plausible_name(name) and not _known(name, renamed):
            renamed[index] = Party(name=name, role=renamed[index].role)
    return tuple(renamed)
