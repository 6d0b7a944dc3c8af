"""Which date of a contract is its signing, its start and its end."""

from __future__ import annotations

import heapq
import itertools
import re
from dataclasses import dataclass, field
from datetime import timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from chalicelib.prescreen.contract_term import (
    COVER_QUALIFIER,
    DAY_NAME,
    DEAL,
    EXTENDED_HERE,
    HOUR_ON,
    INITIAL,
    LABEL_ABOVE,
    TERM_NAME,
    THE_CONTRACT_ACTS,
    THIS_CONTRACT,
    add_months,
    defined_day,
    definition_of,
    end_from_term,
    named_day,
    of_a_part_of_the_term,
)
from chalicelib.prescreen.contract_years import end_of_contract_years
from chalicelib.prescreen.dates import FoundDate, find_dates, month_end
from chalicelib.prescreen.recitals import in_recital
from chalicelib.prescreen.term_grammar import day_by_name, end_by_grammar
from chalicelib.prescreen.text import JOINED_BREAK
from chalicelib.prescreen.word_index import finditer, indexed, search

if TYPE_CHECKING:
    from collections.abc import Iterator
    from datetime import date

    from chalicelib.prescreen.text import PreparedText

_SIGNATURE_REACH = 6000
# "Date:", "Dated::", a signature table's "| Date |" cell
# (not a schedule's field under the signatures: "Service Start Date: April 1, 2010")
_SIGNATURE_DATE_BEFORE = re.compile(
    # "Date:", "Signature Date:", not another day's field ("Commercial Launch Date:", "Start
    # Date:", "Delivery Date:") in an exhibit after the signatures
    r"(?:(?<!start\s)(?<!end\s)(?<!commencement\s)(?<!expiration\s)(?<!delivery\s)"
    r"(?<!launch\s)(?<!release\s)(?<!opening\s)(?<!completion\s)(?<!availability\s)"
    r"(?<!installation\s)(?<!acceptance\s)(?<!due\s)"
    # ... nor another paper's ("Lease Supplement date:", "Order Date:", "Invoice Date:")
    r"(?<!supplement\s)(?<!order\s)(?<!invoice\s)\bdate(?:d)?|дата"
    # Australian execution pages: "Date signed: 18 March 2016"
    r"|\bdate\s+(?:signed|of\s+signature|executed))"
    r"\s*(?::{1,2}|\|)\s*$"
)
# A letter's acceptance dated in its line: "ACCEPTED AND AGREED this 11th day of October, 2017."
_ACCEPTED_ON = re.compile(
    r"\b(?:accepted|agreed)(?:\s+(?:and|&)\s+(?:accepted|agreed))?(?:\s+to)?"
    r"(?:\s+as\s+of|\s+on)?(?:\s+this)?(?:\s+the)?\s*$"
)
_ACCEPTED_REACH = 40
# A signing's place and day in the words of the execution clause, as Scottish and South African
# drafting write it: "SIGNED at Johannesburg on this 14th day of August 2012", "Subscribed for
# and on behalf of CAIRNLOCH LIFE ASSURANCE LIMITED at Edinburgh on 29 August 2013", or, as
# Dutch and German drafting sign, by the copies it is signed in: "Thus agreed and signed in
# duplicate on 14 December 2010", "Signed in two (2) originals in Hamburg on"; French drafting's
# "Done in Lyon, on 22 June 1998, in two (2) original copies"
_SIGNED_AT_ON = re.compile(
    # (Latin American drafting signs in the present tense: "the parties execute it in two
    # counterparts in the City of Monterrey, Nuevo León, Mexico, on May 14, 1998", "Signed in
    # Bogotá, D.C., on the fifteenth (15th) day of"; a place's abbreviation keeps its full stops)
    r"\b(?:signed|subscribed|executed|done|execute|sign)\b[^.;\n]{0,120}?\b(?:(?:at|in)\s+[^\W\d_]"
    r"(?:[^.;\n]|\.(?=\w|,)){0,60}?,?"
    r"|in\s+(?:duplicate|triplicate|(?:two|three|four|\d)\s+(?:\(\d\)\s+)?(?:original\s+)?"
    r"(?:copies|counterparts|originals))(?:\s+(?:at|in)\s+[^\W\d_][^.;\n]{0,40}?)?)"
    # ("SIGNED at Pittsburgh, Pennsylvania, this 4th day of September, 2009")
    r"\s+(?:on(?:\s+this)?|this)(?:\s+the)?\s*$"
    # ... or, as reinsurance treaties sign, the place alone opening the line over each side's
    # signature: "At Hamilton, Bermuda, this 24th day of February, 2004."
    r"|(?:^|(?<=\n))[ \t]*at\s+[^\W\d_](?:[^.;\n]|\.(?=\w|,)){0,60}?,\s+this(?:\s+the)?\s*$"
)
_SIGNED_AT_REACH = 180
# ... or, as English and Australian execution blocks do, the day after the signer and the
# company, on a line of its own in the block's brackets ("SIGNED by JANE DOE )" / "for and on
# behalf of )" / "ACME PLC )" / "on 27 February 2001 )") or at the statement's end ("Executed
# by Swanbourne Data Services Pty Ltd in accordance with section 127 of the Corporations Act
# 2001 (Cth) on 2 June 2003:")
_EXECUTION_BLOCK_ON = re.compile(
    # (not a sentence about signing: "... signed by both parties and shall end on", "... has been
    # signed by both parties and ends on")
    r"\b(?:signed|executed)\s+(?:as\s+a\s+deed\s+)?by\b(?:(?!\b(?:shall|will|must|may|ends?"
    r"|expires?|terminates?|commences?|starts?|begins?|continues?)\b)[^;]){0,260}?\son[ \t]+$"
)
_EXECUTION_BLOCK_REACH = 300
# A signing's place and date on a line of their own, as European drafting signs: "Stuttgart,
# 14 March 2006" over the company and its signature, "Columbus, Ohio, March 20, 2006" (the
# place, from the line's start to the date)
_PLACE_BEFORE_DATE = re.compile(
    r"[ \t]*[^\W\d_][^\W\d_.'-]*(?:[ \t]+[^\W\d_][^\W\d_.'-]*){0,2}"
    # (French drafting's "In Lyon, on 24 March 2009")
    r"(?:,[ \t]*[^\W\d_][^\W\d_.'-]*(?:[ \t]+[^\W\d_][^\W\d_.'-]*){0,2})?,[ \t]*(?:on[ \t]+)?"
)
# A line that is a field of another day: "Performance Date: Saturday, August 18, 2012" in a
# schedule after the signatures (its label's words open the line; "Signature Date:" and
# "Execution Date:" are the signing's own)
_ANOTHER_DAYS_FIELD = re.compile(
    r"(?:^|(?<=\n))[ \t|]*(?!(?:signature|signing|execution)\b)[a-z][a-z'-]*"
    r"(?:[ \t]+[a-z][a-z'-]*){0,2}[ \t]+date[ \t]*:[ \t]*$"
)
# The signature block: "IN WITNESS WHEREOF ... Date: 5/11/2016", wherever exhibits push it.
# ("in witness thereof", "in testimony whereof": the same block in other words). Where
# `in\s+(?:witness|evidence|testimony)\s+(?:whereof|thereof|hereof)` first matches, found
# from its nouns (`_witness_start`): a pattern opening with "in" stops at every "in".
_WITNESS_NOUNS = tuple(
    indexed(re.compile(rf"{noun}\s+(?:whereof|thereof|hereof)"))
    for noun in ("witness", "evidence", "testimony")
)
# "... have executed this Agreement on the 1st day of June, 2006" inside that block.
_WITNESS_DATE_BEFORE = re.compile(
    r"(?:execut|sign|dated|made)\w*\b[^.;]{0,80}?\b(?:as\s+of|on|this|dated)(?:\s+the)?\s*$"
)
# A date written beside a signature ("/s/ John Smith 5/17/12"): the day that side signed.
# Some filings write the conformed signature with backslashes ("\\s\\ John Dick").
_SIGNATURE_MARK = re.compile(r"/s/|\\s\\|\bsignature\b")
_SIGNATURE_MARK_REACH = 160
_DATE_ROW_GAP = 20
# A signature under a block that says its signer is no party: a clinical trial's investigator
# "READ AND UNDERSTOOD BY THE QUALIFIED INVESTIGATOR ... I understand that I am not a party to
# this Agreement"; the contract is made when the last party signs.
_NO_PARTYS_BLOCK = re.compile(r"not\s+a\s+party\s+to\s+this|read\s+and\s+understood\s+by")
_NO_PARTYS_REACH = 300
_SIGNATURE_TABLE_REACH = 1200  # a signature table's rows above its "| Date |" row
# The signatures under a closing sentence: a conformed signature or a "By:" line.
_SIGNED_BELOW = re.compile(r"/s/|\\s\\|\bby\s*:")
# Words of a running sentence just before a date: then it is no signature date.
_SENTENCE_WORDS = re.compile(
    r"\b(?:on|of|by|before|after|until|from|to|through|than|and|dated\s+as)\s+(?:the\s+)?$"
)
_WITNESS_REACH = 2500
_HEADER_REACH = 1500
_WINDOW = 110
_SIGNED_REACH = 4000  # a preamble date; later "dated" dates belong to other documents
# A cover page and a table of contents can push the preamble ("This Agreement is made as of
# ...") past _SIGNED_REACH: then the reach for its signing date runs on from where it opens
# (a start there still needs words about the contract, as one deep in the body). Only the
# first pages are searched, from the verb back to the contract naming itself; the verbs are
# found as plain words (str.find), since a regex alternation would make the engine try every
# position.
_PREAMBLE_VERBS = ("made ", "entered into", "dated ")
# 'This Consulting Agreement ("Agreement") is made', 'this Agreement, dated': the verb right
# after the contract's name and its defined short name, not anywhere in a later sentence
_PREAMBLE_SUBJECT = re.compile(
    r"\bthis\s+(?:[\w-]+\s+){0,5}?(?:agreement|amendment|contract)\b\W{0,3}"
    r"(?:\s*\([^()]{0,60}\)\W{0,3})?\s*(?:(?:is|are|was|has\s+been)\s+)?(?:hereby\s+)?$"
)
_PREAMBLE_LOOKBACK = 160
_PREAMBLE_SEARCH = 10000  # a cover page and a few pages of contents
_MAX_PREAMBLE_VERBS = 20  # of each verb
_PREAMBLE_REACH = 1500
# An end this long before the contract's start or signing ends an earlier period (a "Year"
# defined from a prior date); an amendment signed a few weeks late may still restate the end
# of the term it extends, so an end a little before the signing stays.
_STALE_END_DAYS = 365


@dataclass(frozen=True)
class ContractDates:
    """The dates a contract is signed, takes effect and ends."""

    signed_on: date | None = None
    starts_on: date | None = None
    ends_on: date | None = None


# The preamble's close with the day in it: «…, с другой стороны, заключили 9 июля 2025 года
# настоящий Договор» signs the contract, and dates this document, not another.
_CONCLUDED = r"\bзаключили\s*$"
_SIGNED_BEFORE = re.compile(
    r"(?:\bdated|\bmade|\bentered(?:\s+into)?|\bexecuted|\bsigned"
    r"|\b(?:is|was|been)\s+concluded"
    # an order the document is: "This TASK ORDER ... is issued as of September 24, 2018"
    r"|\bis\s+issued(?=\s+(?:as\s+of|on)\b))"
    r"(?:\s+(?:and\s+)?(?:(?:is\s+)?(?:deemed\s+)?effective|entered\s+into|made|into\s+effect"
    # "made and concluded on", "made and signed on"
    r"|concluded|signed|executed))?"
    # "is made and entered into, and is effective, as of August 1, 2001"
    r"(?:\s*,\s*and\s+(?:is\s+)?(?:deemed\s+)?effective\s*,?)?"
    # the place it is made at: "is made at Cleveland, Ohio on this 12th day of July, 2006",
    # 'is entered into in Hangzhou, the People's Republic of China (the "PRC") on this 28th day'
    r"(?:\s+(?:at|in)\s+[a-z][\w .,'’\"“”()-]{1,70}?(?=\s+(?:on|as\s+of|this|by)\b))?"
    # ... and by whom: "This Contract is signed in Changzhou, Jiangsu Province, China by the
    # authorized representatives of both parties on August 8, 1997"
    r"(?:\s+by\s+(?:the\s+)?(?:duly\s+)?authori[sz]ed\s+representatives\s+of\s+(?:both|the)"
    r"\s+parties)?"
    # ... or among whom, before they are listed: "This Exclusive Option Agreement ... is executed
    # by and among the following Parties as of June 30, 2014 in Hangzhou"
    r"(?:\s+by\s+and\s+(?:between|among)\s+the\s+(?:following\s+)?parties(?:\s+hereto)?)?"
    r"(?:\s+(?:as\s+of|as|on|this|from|for\s+reference(?:\s+purposes)?)){0,3}"
    # Indonesian notarial drafting: "made and entered into in Jakarta on this day, Monday, the
    # 14th (fourteenth) day of September 2015"
    r"(?:\s+day,)?"
    r"(?:\s+the)?\s*:?\s*$"
    r"|дата(?:\s+(?:подписания|заключения)(?:\s+(?:договора|контракта|соглашения))?)?\s*[:\-–—]?\s*$"
    r"|"
    + _CONCLUDED
    # an order form's field: "Order Date: May 1, 2025"; a cover page's "AGREEMENT DATE:
    # November 18, 2008", "Date of Agreement: May 15, 2017"; a lease's basic provisions, an item
    # of their list: "(a) Date of Lease: March 2, 1998", "Lease Date: June 1, 2004"
    + r"|(?:^|\n|\|)[ \t]*(?:\(\w{1,3}\)[ \t]*)?"
    r"(?:(?:order|agreement|lease|sublease)\s+date"
    r"|date\s+of\s+(?:this\s+)?(?:agreement|lease|sublease))\s*[:|]\s*$"
    # a SAFE issued for money paid: "in exchange for the payment by ... of $25,000 (the
    # "Purchase Amount") on or about May 1, 2020"
    r"|purchase\s+amount\W{0,3}\)?\s+on\s+or\s+about(?:\s+the)?\s*$"
)
# "This Agreement ... dated", "AGREEMENT dated" opening a line: the document dates itself.
_SELF_REFERENCE = re.compile(
    r"\bthis\s+[^.]{0,60}?(?:agreement|amendment|contract)|(?:^|\n)\s*(?:[\w-]+\s+){0,3}agreement[\s,]+dated"
    r"|дата|" + _CONCLUDED
)
_TITLE_REACH = 400
_PARTIES_REACH = 600
_AS_OF_BEFORE = re.compile(r"\bas\s+of(?:\s+the)?\s*$")
# "... and B ("Beta") on this 1st day of October, 2010", "... on March 3, 2015": the same
# preamble date after the parties, not a side's own date ("a corporation formed on ...").
_ON_BEFORE = re.compile(r"(?:\bon(?:\s+this)?|\bthis)(?:\s+the)?\s*$")
_NOT_ON_BEFORE = re.compile(
    r"(?:incorporat|formed|register|organi[sz]|establish|born|dated|amended|filed|issued)\w*"
    r"(?:\s+on)?(?:\s+this)?(?:\s+the)?\s*$"
)
_RECITALS_OPEN = re.compile(r"\n[ \t]*(?:recitals|background|witnesseth)\b|\bwhereas\b")
_MADE_BETWEEN = re.compile(
    r"(?:agreement|contract)\b[^.]{0,40}?\b(?:made|entered\s+into)\b[^.]{0,40}?\b(?:between|among"
    # "This Agreement is made by Acme, Inc. ... and Beta LLC ..., as of March 1, 2015"
    r"|by\s+(?!and\b)(?:the\s+)?[A-Za-z])"
)
# ("the Framework Terms dated September 15, 2023" that an order form incorporates)
_REFERENCE_BEFORE = re.compile(
    # a letter's subject line names the agreement it speaks of: "Re: Software License Agreement
    # dated as of October 1, 2003 -- Month-to-Month Extension"
    r"(?:^|\n)[ \t]*re\s*:[^\n]{0,120}?\bdated(?:\s+as\s+of)?(?:\s+the)?\s*$|"
    # ... and a title's subtitle, the agreement it amends or ends: "AMENDMENT AND TERMINATION
    # AGREEMENT (Joint Venture Agreement dated as of March 3, 2008)"
    r"\(\s*(?:[\w-]+\s+){0,5}?agreement\s+dated(?:\s+as\s+of)?(?:\s+the)?\s*$|"
    r"\b(?:the|that\s+certain|said|such|an?)\s[^.()]{0,80}?(?:agreement|terms|letter\s+of\s+intent"
    r"|term\s+sheet|memorandum\s+of\s+understanding"
    # ("This Agreement replaces the Consultant's proposal dated Nov. 20, 2012")
    r"|proposal|quotation|deal\s+memo(?:randum)?)(?:\s+(?:no\.?|number)\s*[\w-]+)?"
    # ("supersedes the letter of intent between them dated January 19, 2016")
    r"(?:\s+between\s+(?:them|the\s+parties))?,?\s+dated(?:\s+as\s+of)?(?:\s+the)?\s*$"
    # a notarial deed or a power of attorney a side's authority rests on: "as evidenced by
    # public deed number 22,905 dated August 19, 1994"
    r"|\b(?:deed|power\s+of\s+attorney|notarial\s+instrument)(?:\s+(?:no\.?|number)\s*[\w,.-]+)?,?"
    r"\s+dated(?:\s+as\s+of)?(?:\s+the)?\s*$"
)
# A commencement that is the contract's, not its services', rent's, deliveries' or operations'
# ("Service Commencement Date", "Services Commencement Date", "Rent Commencement Date")
_OWN_COMMENCEMENT = (
    r"(?<!service\s)(?<!services\s)(?<!rent\s)(?<!delivery\s)(?<!operations\s)commencement"
)
# A cover page's, an order form's or a table's field of the contract's own dates, opening its
# line or cell (or following a run of spaces where lines were joined): "Service Start Date:",
# "SOW End Date:", "| Expiry |"
_COVER_FIELD = r"(?:^|\n|\||" + JOINED_BREAK + r")[ \t*#]*(?:" + COVER_QUALIFIER + r"\s+)?"
# "Start Date:", a cover table's "| Effective Date | 1 September 2025 |"
_START_FIELD = _COVER_FIELD + r"(?:start|effective)\s+date\s*[:|]\s*$"
# Papers whose own validity a contract states: a guarantee it issues, a power of attorney,
# a licence, a certificate, a pass, an offer, a price or a discount.
_OTHER_PAPER = (
    r"(?:[а-яё]+\s+)?(?:гаранти|доверенност|лицензи|сертификат|пропуск|оферт|предложени"
    r"|цен\b|цены|тариф|скидк)"
)
# What a Russian contract's own term is called, beside «срок действия»: «Срок аренды: с … по
# …», «Срок страхования — с …»; and what a lease lets for a period: «Помещение предоставляется
# в аренду на срок с …», «Торговое место предоставляется на период проведения ярмарки — с …».
_RU_TERM_OF = r"срок\w*\s+(?:аренды|найма|проката|страхования)"
_RU_LET_FOR = r"предоставля\w+\s+(?:[а-яё]+\s+){0,3}?на\s+(?:срок|период)"
_START_BEFORE = re.compile(
    r"(?:contract|agreement)\s+start\s*:\s*$"
    r"|" + _OWN_COMMENCEMENT + r"\s+date\s*:\s*$|" + _START_FIELD + r"|"
    r"(?:вступ\w*\s+в\s+(?:силу|действие)|действу\w*|срок\w*(?:\s+[а-яё]+){0,3})\s+с\s*$"
    # «Договор вступает в силу 01.07.2025»: the day itself, with no «с» (a law's day of
    # effect, «закон, вступивший в силу 01.09.2024», is no contract's)
    r"|(?:договор|контракт|соглашение)\s+(?:[а-яё]+\s+){0,2}?вступа\w*\s+в\s+силу\s*$"
    # a field of the contract's own term: «Срок действия Договора: с», «Срок аренды: с
    # 01.05.2023 по 31.03.2024» (not «Срок выполнения работ: с», a period inside it, nor
    # «Срок действия Гарантии: с», a paper the contract issues or cites)
    r"|(?:срок\w*\s+действия(?!\s+" + _OTHER_PAPER + r")(?:\s+[а-яё]+){0,2}|" + _RU_TERM_OF + ")"
    r"\s*[:\-–—]\s+(?:[^.;:]{1,40}?[:,—–-]\s+)?с\s*$"
    # (the field may give the length first: «Срок аренды — 11 (одиннадцать) месяцев: с»);
    # «Договор заключен на срок 11 (одиннадцать) месяцев: с «01» ноября 2024 г.»
    r"|(?:заключ|действу)\w*\s+(?:на\s+срок|сроком\s+на)\s+[^.;:]{1,40}?[:,—–-]\s+с\s*$"
    r"|дата\s+вступления\s+в\s+силу\s*[:\-–—]?\s*$"
    r"|начал\w*\s+(?:оказания|выполнения|поставки|действия|срока|работы)(?:\s+[а-яё]+){0,2}"
    r"\s*[:\-–—]?\s*$"
    # a lease's object let for a period
    r"|" + _RU_LET_FOR + r"[^.;]{0,60}?\s+с\s*$"
    # a contract applied to what went before it (п. 2 ст. 425 ГК): «Условия настоящего
    # Договора применяются к отношениям сторон, возникшим с 01 января 2025 г.»
    r"|применя\w+\s+к\s+(?:право)?отношениям(?:\s+сторон)?,?\s+(?:возникшим|сложившимся)\s+с\s*$"
    # an employment's start: «Работник приступает к работе с»
    r"|приступа\w*\s+к\s+(?:работе|исполнению\s+(?:трудовых|должностных)\s+обязанностей)\s+с\s*$"
    r"|(?:\beffective|\bcommenc\w*|\bbeginning|\bstarting|\bbegins?|\bstarts?|with\s+effect\s+from)"
    # "is effective on the day of May 1, 2013"
    # "signed and effective this 25th day of May, 1999"
    # "effective retroactively as of", "effective as at"
    # ("and is effective, as of August 1, 2001")
    r"(?:\s+retroactively)?(?:,?\s+(?:as\s+of|as\s+from|as\s+at|on|from|this))?(?:\s+the)?"
    r"(?:\s+(?:day|date)\s+of)?\s*$"
    # "shall be valid from", "will be in force from", "the term shall run from", "this
    # Agreement covers the period (from)"
    r"|(?:\bvalid|in\s+(?:full\s+)?(?:force|effect)|\bruns?)\s+(?:as\s+)?from(?:\s+the)?\s*$"
    r"|\bcovers?\s+the\s+period(?:\s+from)?\s*$"
    # "shall take effect on", "shall come (enter) into force on": the start in other words
    r"|(?:take[sn]?\s+effect|(?:come|comes|came|enter|enters|entered)\s+into\s+(?:force|effect))"
    r"(?:\s+(?:as\s+of|as\s+from|on|from))?(?:\s+the)?\s*$"
)
# A services or works period, «Услуги оказываются в период с … по …»: the contract's start only
# where it says nothing of taking effect (not «вступает в силу с момента подписания»)
_RU_PERIOD_START = re.compile(
    r"(?:оказыва|выполня)\w*\s+(?:в\s+период|в\s+срок|на\s+период)\s+с\s*$"
)
# What follows a date (up to its defined term): '(the "Effective Date")', '(hereinafter
# referred to as the "Effective Date")'.
_AFTER_REACH = 70
_START_AFTER = re.compile(
    r"^\s*\)?\s*,?\s*\(?\s*(?:hereinafter,?\s+(?:(?:referred\s+to\s+as|called)\s+)?|such\s+date,?\s+)?"
    # (not a day counted from it: "within 1 day of the Commencement Date")
    # (nor the agreement's it amends or restates: '(the "Original Effective Date")')
    # (nor a warranty's: "the period of ten (10) years commencing on 1 October 2014 (the
    # "Warranty Commencement Date")")
    # (nor a day that runs up to it: "one (1) day of Base Rent abatement for each day after March
    # 1, 2005 until the Commencement Date occurs")
    # (nor a clause about it that follows: "the Licensing Contingency was satisfied on December
    # 14, 2011, that the Commencement Date is January 1, 2012")
    r"(?:the\s+|this\s+)?[“\"‘']*(?:(?!(?:of|after|before|from|following|prior|to|by|on|until|till"
    r"|original|previous|existing|warranty|that|which)\b)[\w-]+\s+){0,2}?"
    r"(?:effective\s+(?:date|time)|commencement\s+date)"
    # (not the next field's label: "Trade Date: 06/23/2005" over "Effective Date: 06/27/2005")
    r"(?![ \t]*[:|])"
)
# A start defined in a line of the definitions ("1.2 "Effective Date" means April 1, 2014.",
# '"Renewal Effective Date" means October 1, 2015', a Dutch list's '"Commencement Date": 1
# January 2011;'): the contract's start, but not the day it was made on, which the preamble or
# the signatures give
_IN_DEFINITIONS = re.compile(
    r"\n[ \t]*(?:(?:\d+\.)+\d*|\([a-z0-9]+\))?[ \t]*[“\"](?:[a-z]+\s+)?(?:effective|commencement)"
    r"\s+date[”\"](?:\s+(?:shall\s+)?means?\s+|\s*:)[^\n]*$"
)
_DEFINITION_LEAD = 60  # how far before its date a definitions line opens
# "Effective Date: May 1, 2019", '"Effective Date" shall mean December 5, 2014': the date the
# contract defines as its start, whatever else is called a start.
_START_DEFINED_BEFORE = re.compile(
    r"(?:(?<!original\s)(?<!previous\s)(?<!prior\s)effective|" + _OWN_COMMENCEMENT + r")"
    # ('"Effective Date of Contract" or "EDC" means October 1, 1998': the date of the contract by
    # its kind, and a short name of its own)
    r"\s+date(?!\s*[-–—])\W{0,3}(?:\s+of\s+(?:this\s+(?:[\w-]+\s+){0,2}?)?(?:agreement|contract)"
    r"(?:[\"”]\s+or\s+[\"“][\w-]{1,12}[\"”])?)?"
    # ('"Effective Date" and "First Delivery Date" each mean July 9, 2001')
    r"(?:[\"”]?\s+and\s+[\"“][^\"”\n]{1,40}[\"”]\s+each)?"
    r"(?:\s*\([^)]{0,40}\))?\s*(?:(?:(?:shall|will)\s+)?means?|(?:shall|will)\s+be|is)?\s*:?"
    r"(?:\s+[\d:.]+\s+[ap]\.?m\.?[^.;]{0,40}?\s+on)?(?:\s+the)?\s*$"
    # '"Effective Date" shall mean the Date of Installation of the System, i.e. December 10,
    # 1993': an event the definition then dates ('"Effective Date" means the Closing Date under
    # the Purchase Agreement, which the parties acknowledge is June 30, 2006')
    r"|effective\s+date\W{0,3}\s+(?:(?:shall|will)\s+)?means?\s[^.;]{0,80}?\s(?:i\.e|namely"
    r"|which\s+(?:the\s+parties\s+(?:acknowledge|agree)\s+)?(?:is|shall\s+be|will\s+be|was))[.,\s]*$"
)
# A schedule's field whose label stands on its own line above the date: "Item 2
# Commencement Date" over "1 September 2012." (Extract keeps a label in columns apart)
_START_LABEL_ABOVE = re.compile(
    LABEL_ABOVE.format(label=r"(?:effective|" + _OWN_COMMENCEMENT + r")\s+date")
)
_LABEL_REACH = 80
# The hour a term ends on its last day: "shall expire at midnight on", "at 11:59 p.m. (Eastern
# time) on", "at the close of business on" (a time's full stops are spaces by then: see
# `_clause_before`)
_TIME_OF_DAY = (
    # (an energy contract's "at the end of the Day on April 30, 2015", its gas day)
    r"\s+at\s+(?:12:00\s+)?(?:midnight|noon|(?:the\s+)?(?:close|end)\s+of\s+(?:business|the\s+(?:gas\s+)?day)"
    # ("at midnight, Eastern Time, on September 30, 2013": the zone between commas)
    # ("at 24:00 hours, prevailing Eastern time, on May 31, 2012")
    # ("at 2359 hours local time at the Hub on June 30, 2008": a twenty-four-hour clock and the
    # place whose time it is)
    r"|\d{1,2}(?::?\d\d)?\s*(?:[ap]\.?\s?m\b\.?|hours\b)?)(?:,?\s*\(?[a-z ]{0,30}?\btime\)?"
    r"(?:\s+at\s+the\s+[a-z]+(?:\s+[a-z]+)?)?)?,?(?=\s+on\b)"
)
# The end as a form's field or a table's row: "End Date:", "Contract Expiry:", "| Expiry |".
_END_FIELD = _COVER_FIELD + r"(?:end\s+date|expiry|expiration)\s*[:|]"
_END_BEFORE = re.compile(
    r"(?:contract|agreement)\s+end\s*:\s*$|"
    r"(?:окончани\w*|завершени\w*|истечени\w*)(?:\s+[а-яё]+){0,3}\s*[:\-–—]?\s*$"
    r"|(?:действу\w*|действия|срок\w*)(?:\s+[а-яё]+){0,3}\s+до\s*$"
    # «действует до окончания навигационного периода 2025 года, но не позднее 15 ноября 2025»
    r"|действу\w*\s+до\s+[^.;]{1,80}?,?\s+но\s+не\s+позднее\s*$"
    # "shall terminate automatically on December 31, 2017"
    # ("shall conclude on" ends it; "is concluded on", as European drafting says, makes it)
    r"|(?:\bexpir\w*|\bterminat\w*|\bending|\bends?|(?<!\bis\s)(?<!\bwas\s)(?<!\bbeen\s)"
    r"\bconclud\w*|\blaps\w*)"
    # "shall expire, unless renewed, on December 31, 2017": an aside of its condition
    r"(?:\s*,\s*unless\s+[a-z ]{1,40},)?"
    # "shall terminate automatically without notice on", "will end, without further notice, on"
    r"(?:\s+automatically)?(?:\s*,?\s+without\s+(?:any\s+|further\s+)?(?:notice|notification),?)?"
    # ("provided, however, that this Agreement shall expire in any event on September 30, 2001")
    r"(?:\s+in\s+any\s+(?:event|case))?"
    r"(?:" + _TIME_OF_DAY + r")?"
    r"(?:\s+(?:on|at|as\s+(?:of|at)))?(?:\s+the)?\s*$"
    # an event or a date, the first to come: "shall remain in effect until Study Completion or
    # December 31, 2011, whichever occurs first"
    r"|\b(?:remain\s+in\s+(?:full\s+)?(?:force|effect)|continue)\s+until\s+[^.;]{1,80}?\s+or\s*$"
    # (not "Offer Expiration Date:", the day an offer lapses unaccepted, nor an amendment's
    # '"Current Expiration Date" means December 31, 2003', the end it extends)
    r"|(?<!offer\s)(?<!quote\s)(?<!proposal\s)(?<!current\s)(?<!original\s)(?<!existing\s)"
    r"(?<!prior\s)(?<!previous\s)"
    r"(?:termination|expiration|expiry)\s+date\W{0,3}\s*(?:(?:(?:shall|will)\s+)?means?|is)?\s*:?"
    r"(?:\s+the)?\s*$"
    # a cover sheet's "End Date: December 31, 2017", a table's "| Expiry | 31 December 2017"
    r"|" + _END_FIELD + r"\s*$"
    # an unquoted definition of Australian drafting: "End Date means 31 October 2015."
    r"|(?:^|[\n\"“])[ \t]*end\s+date\W{0,3}\s+(?:(?:shall|will)\s+)?means?\s*$"
    r"|effective\s+through(?:\s+and\s+including)?\s*$|in\s+no\s+event\s+later\s+than(?:\s+the)?\s*$"
    # "will end the later of (i) December 15, 1999 or (ii) ...", "shall expire upon the
    # earlier of (a) June 30, 2005 and (b) ...": the date of the first limb ends the term
    r"|(?:\bexpir\w*|\bterminat\w*|\bend)(?:\s+automatically)?(?:" + _TIME_OF_DAY + r")?"
    r"(?:\s+(?:on|upon|at))?"
    r"\s+(?:the\s+)?(?:earlier|later)"
    # (the words before a date come with their trailing spaces stripped: "(i) the")
    r"\s+(?:to\s+occur\s+)?of\s*:?\s*(?:\(\s*(?:i|a|1)\s*\)\s*)?(?:the\b)?\s*$"
)
# "two years from May 1, 2013 to April 30, 2015", "12 weeks from February 8, 2018 to May 3,
# 2018": the end of a range the term runs over.
_TERM_RANGE_BEFORE = re.compile(
    r"\bfrom\s+(?:and\s+including\s+)?[\w ,./-]{6,30}?\s+(?:to|through|until|till)"
    r"(?:\s+and\s+including)?(?:\s+the)?\s*$"
)
# the range is the term's ("the Term ...", "Terms of the project: ..."), not that of payment
# terms or of a period the terms and conditions speak of
_TERM_RANGE_CONTEXT = re.compile(
    r"\bterm\b|\bterms\s+of\s+(?:the|this)\s+(?:project|agreement|contract|engagement)\b"
)
# An explicit end in a clause about a renewal ends the renewal, not the initial term.
# ("shall expire, unless renewed, on" still ends the initial term)
# ("Sponsor shall have the option to extend the Term for the 2011 Festival Season, through
# September 30, 2011")
_RENEWAL_CLAUSE = re.compile(
    r"(?<!unless\s)renew|additional|extension\s+period|option\s+to\s+extend"
)
# ... unless this document makes the extension (`EXTENDED_HERE`): an extension letter's "the
# Term is extended for an additional period of thirty-six (36) months commencing on August 1,
# 2006 and ending on July 31, 2009 (the "Extension Term")"
# A recital of an agreement the parties made before: its dates are not this one's.
_RECITED = re.compile(r"(?:have|has|had)\s+(?:previously\s+)?entered\s+into")
# EDGAR page footers ("Source: ACME INC, 8-K, 12/3/2018") date the filing, not the contract.
_FILING_FOOTER = re.compile(r"\bsource\s*:[^\n:]{0,80},\s*$")
_FOOTER_REACH = 90
# What a regulator issues that a contract may take effect on: "the Processor License", "the
# permit"
_WHAT_A_REGULATOR_ISSUES = r"(?:licen[cs]e|permit|registration|certificate|authori[sz]ation)\b"
# The contract's start defined by an event ("the Closing Date", "the date the Site becomes
# operational"): no written date is its start, so the signing date is not either.
_EFFECTIVE_ON_EVENT = indexed(
    re.compile(
        r"effective\s+(?:date\W{0,3}\s+(?:(?:(?:shall|will)\s+)?means?"
        r"|(?:shall|will)\s+(?:be|have\s+the\s+meaning)|has\s+the\s+meaning)"
        r"\s+(?:of\s+)?(?:the\s+)?(?:closing|completion|initial\s+closing"
        r"|date\s+(?:that|on\s+which|of)\s+(?:the\s+)?"
        r"(?:closing|completion|initial|first|actual\s+execution|physical"
        # "the date on which the last of the Governmental Approvals has been obtained"
        r"|last\s+of\s+the\s+(?:[\w-]+\s+){0,2}?(?:approvals|consents|conditions)"
        r"|(?:[\w-]+\s+){0,3}?(?:approvals?|consents?)\s+(?:has|have|is|are)\s+(?:been\s+)?"
        r"(?:obtained|received|granted|given)"
        # "the date on which FERC accepts this Agreement for filing"
        r"|(?:[\w-]+\s+){1,3}?(?:accepts|approves)\s+(?:this|the)\s+agreement"
        # ("the date on which the Commission issues its order approving this Agreement", "the
        # date on which the Court enters the Consent Judgment")
        # (or the licence it needs: "the date on which the Board issues the Processor License")
        r"|(?:[\w-]+\s+){1,3}?issues\s+(?:its|an|the)\s+(?:final\s+)?(?:order|decision|approval"
        r"|(?:[\w-]+\s+){0,2}?" + _WHAT_A_REGULATOR_ISSUES + r")"
        r"|(?:[\w-]+\s+){1,3}?enters\s+(?:the|its|an?)\s+(?:[\w-]+\s+){0,2}?(?:judgment|order|decree)"
        # "the date on which the Seller has received both (a) the Advance Payment and (b) the
        # irrevocable Letter of Credit" (not a signed copy received)
        r"|(?:[\w-]+\s+){1,3}?(?:has|have)\s+(?:first\s+)?received\b"
        r"(?![^.;]{0,60}?\b(?:sign|execut|counterpart))))"
        r"|(?:as\s+of\s+|on\s+|upon\s+)?(?:that\s+date"
        r"|the\s+date\s+of\s+(?:physical|completion|closing|the\s+closing))"
        # "shall come into force on the date (the "Effective Date") on which Health Canada
        # issues the NOL" (not "... on which it is signed by both parties")
        r"|date[\"”']?\s*\)\s*(?:on|upon)\s+which\s+(?![^.;]{0,60}?\b(?:sign|execut))"
        r")"
    )
)
# ... or words of effect on the day a regulator issues what the contract needs: "The remainder of
# this Agreement shall become effective on the date on which the Board issues the Processor
# License (the "Effective Date")"
_EFFECTIVE_ON_ISSUANCE = indexed(
    re.compile(
        r"effective\s+(?:on|upon|as\s+of)\s+the\s+date\s+(?:on\s+which|that|when)\s+"
        r"(?:[\w-]+\s+){1,4}?(?:issues|grants)\s+(?:its|an?|the)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:approval\b|" + _WHAT_A_REGULATOR_ISSUES + r")"
    )
)
# "This Agreement shall become effective on, and only upon the occurrence of, the Closing"
# (not "Owner may terminate this Agreement effective upon the closing of the sale"): the words
# of effect, looked for first, then the contract as their subject before them
_EFFECTIVE_ON_CLOSING = indexed(
    re.compile(
        r"effective\s+(?:on|upon)(?:,?\s+and\s+only\s+(?:on|upon))?(?:,?\s+the\s+occurrence\s+of)?"
        r",?\s+the\s+(?:closing|consummation)\b"
    )
)
_CONTRACT_BECOMES = re.compile(
    r"this\s+(?:[\w-]+\s+){0,3}?agreement\s+(?:shall|will)\s+(?:become|be)\s+$"
)
_SUBJECT_REACH = 80


def _effective_on_event(low: str) -> bool:
    """Whether the contract takes effect on an event (`_EFFECTIVE_ON_EVENT`, a regulator's
    issue of what it needs: `_EFFECTIVE_ON_ISSUANCE`, or a closing: `_EFFECTIVE_ON_CLOSING`,
    unless the closing is today's)."""
    if any(
        search(pattern, low) is not None
        for pattern in (_EFFECTIVE_ON_EVENT, _EFFECTIVE_ON_ISSUANCE)
    ):
        return True
    return search(_CLOSING_TODAY, low) is None and any(
        _CONTRACT_BECOMES.search(low, max(0, found.start() - _SUBJECT_REACH), found.start())
        for found in finditer(_EFFECTIVE_ON_CLOSING, low)
    )


# A closing the recitals date as this agreement's day: "the closing under the Purchase
# Agreement (the "Closing") is taking place on the date hereof", "the Closing occurs
# simultaneously with the execution of this Agreement"
_CLOSING_TODAY = indexed(
    re.compile(
        r"closing\b[^.;]{0,100}?\b(?:is\s+(?:taking\s+place|occurring|being\s+(?:held|consummated))"
        r"|occurs|takes\s+place)\s+(?:on\s+the\s+date\s+(?:hereof|of\s+this\s+agreement)"
        r"|(?:concurrently|simultaneously|contemporaneously)\s+with\s+the\s+execution)"
    )
)


# The day a contract is signed or, notarised, certified (at the notary's, the day it is signed,
# and dated so): «со дня его подписания», «с даты заключения», «с момента нотариального
# удостоверения».
_RU_SIGNING = r"(?:его\s+|ее\s+|её\s+)?(?:подписания|заключения|нотариального\s+удостоверения)"
# «Договор вступает в силу с момента передачи денег / поступления оплаты / его регистрации»:
# a Russian contract that takes effect on an event, not on its signing or conclusion
_RU_EFFECTIVE_ON_EVENT = re.compile(
    r"вступа\w*\s+в\s+(?:законную\s+)?силу\s+со?\s+(?:момента|даты|дня)\s+(?!" + _RU_SIGNING + ")"
)
# A contract that never speaks of an Effective Date and is only "dated" or "made as of" a
# day has no effective date of its own (CUAD leaves it blank, though the signing date is
# known); only words of effect ("effective as of") then give one.
# "the effective date of the cancellation", "the effective date of such registration
# statement" is the effective date of something else, not the contract's.
_DEFINES_EFFECTIVE = re.compile(
    r"effective\s+date(?!\s+of\s+(?:the|an?|such|any|each|that|its|their)\s+(?!agreement|contract))"
)
# A definition of the Effective Date as a day written: '"Effective Date" means November 1, 2006'
_EFFECTIVE_DATE_WRITTEN = re.compile(
    r"[\"“]effective\s+date[\"”](?:\s*:|\s+(?:shall\s+)?means?)\s+(?=[a-z]+\s+\d{1,2},?\s+\d{4}"
    r"|\d{1,2}(?:st|nd|rd|th)?\s+[a-z]+,?\s+\d{4})"
)


def _effective_date_written(text: PreparedText) -> date | None:
    """The day a definition of the Effective Date writes, if it writes one first."""
    found = _EFFECTIVE_DATE_WRITTEN.search(text.low)
    if found is None:
        return None
    written = find_dates(text.low[found.end() : found.end() + 40], english=True)
    return written[0].value if written and written[0].start == 0 else None


# An end date must end the contract itself, not one right or period inside it.
_END_CONTEXT = re.compile(
    # (by any of its names: "This SOW shall remain in effect until March 30, 2018")
    THIS_CONTRACT + r"|the\s+\W?(?:" + INITIAL + r"\s+)?term\W?\s+(?:of\s+this|hereof|shall|will)"
    # the term named by the deal: "The cooperation term is ten (10) years, commencing on January
    # 1, 2014 and ending on December 31, 2023"
    r"|\bthe\s+(?:" + INITIAL + r"\s+)?" + DEAL + r"\s+term\s+(?:is|shall|will)\b"
    r"|\((?:herein\s+|hereinafter,?\s+(?:(?:referred\s+to\s+as|called)\s+)?)?(?:the\s+)?\W?(?:"
    + INITIAL
    + r"\s+|extended\s+|extension\s+|renewal\s+|"
    + DEAL
    + r"\s+)?"
    + TERM_NAME
    + r"\W?\)"
    # '"Initial Term" means the period commencing on the Effective Date and ending on ...'
    # (not '"Renewal Term" means')
    r"|(?:[\"“]|\bthe\s+)(?:" + INITIAL + r"\s+)?term\W{0,2}\s+(?:(?:shall|will)\s+)?mean"
    r"|(?:^|\s)term\s*:|(?:contract|agreement)\s+period|term\s+of\s+(?:execution|the\s+(?:agreement|contract))"
    r"|termination\s+date\s*:|(?:expiration|expiry)\s+date\W{0,3}\s*(?::|means)|(?:contract|agreement)\s+end\s*:"
    # Australian definitions go unquoted: "End Date means 31 October 2015."
    r"|(?:^|[\n\"“])[ \t]*end\s+date\W{0,3}\s+(?:shall\s+)?means?\b"
    r"|" + _END_FIELD + r"|(?:contract|agreement)\s+term\b"
    # "The Agreement shall terminate on"
    r"|"
    + THE_CONTRACT_ACTS
    # a public contract's "Period of Performance: March 3, 2015 – March 2, 2016", and its base
    # period's end ("The Base Period commences on the Effective Date and ends on September 30,
    # 2000")
    + r"|period\s+of\s+performance"
    + r"|\bthe\s+base\s+(?:ordering\s+)?period\s+(?:commences|begins|ends)\b"
    # a joint venture's life is its agreement's term: "The Venture shall continue until December
    # 31, 2015, unless sooner dissolved"
    # (or a partnership's: "The Partnership shall continue until December 31, 2027, unless
    # sooner dissolved")
    r"|\bthe\s+(?:(?:joint\s+)?venture|partnership)\s+(?:shall|will)\s+(?:continue|remain|exist)"
    r"|effective\s+(?:until|through)|in\s+(?:full\s+)?(?:force|effect)\s+(?:until|through)"
    r"|договор|контракт|соглашени|"
    + _RU_TERM_OF
    + "|"
    + _RU_LET_FOR
    # a surety's term is the suretyship's (ГК РФ ст. 367): «Поручительство дается на срок до»
    + r"|поручительств\w*\s+(?:дается|выдается|действует|прекращается)"
)
# A start written deep in the body ("fees payable beginning January 1, 2001", "the financial
# year commencing 1 March 2002") starts a payment, a promotion or a year, not the contract:
# there only a sentence about the contract itself ("the joint venture shall commence on",
# "this letter agreement will be effective as of", "Contract start:") gives its start.
_START_CONTEXT = re.compile(
    r"(?:agreement|amendment|contract|joint\s+venture|partnership|arrangement)\W{0,3}\s+"
    r"(?:shall|will|is|to)\b"
    r"|\b(?:term|duration)\W{0,3}\s+(?:of\s+this|hereof|shall|will|is|to)\b"
    r"|(?:contract|agreement)\s+(?:start|term)|commencement\s+date"
)
_RANGE_IN_SENTENCE = re.compile(r"\b(?:с|from)\s+[«\"]?\d")
_DEADLINE_BEFORE = re.compile(r"\bдо\s*$")
_PERIOD_CONTEXT = re.compile(r"оказани|оказыва|выполнени|выполня|поставк|services|work|deliver")
_NOT_CONTRACT_END = re.compile(
    r"exclusiv|warrant|гаранти|licen[cs]e\s+to|right\s+to"
    # a year of the contract or a plan inside it ends, not the contract
    # (a year: "five (5) calendar years" is a length of the term)
    # (a school's: "The first Academic Year ... ends on June 30, 2015")
    r"|(?:contract|calendar|fiscal|program|programme|agreement|lease|royalty|academic|school)"
    r"\s+year\b"
    r"|business\s+plan|\bbudget\b"
    # "During the Term of this Agreement, ... for the period ending June 30, 2019": a period
    # inside the term
    r"|during\s+the\s+(?:" + INITIAL + r"\s+)?term\b"
    # ... or someone's employment before a consultancy: "As you know, your employment with the
    # Company will end on March 16, 2018 (the "Separation Date")"
    r"|\b(?:your|his|her)\s+employment\b"
    # ... or a period before it: "During the period from the date of this Agreement through
    # December 31, 1998, Licensee may use the Licensed Marks solely to design samples"
    r"|\bduring\s+the\s+period\s+(?:from|commencing|beginning|starting)\b"
    # ... or a sentence that opens with one: "For the period from the date of this Agreement
    # through June 30, 2005, the Minimum Annual Royalty shall be ..." (not "the Term is extended
    # for the period commencing May 1, 2016 and ending April 30, 2018")
    r"|^[\W\d]*for\s+the\s+period\s+(?:from|commencing|beginning|starting)\b"
    # an amendment's recital of the end it changes: "the term of the Agreement is currently
    # scheduled to expire on March 31, 2011"
    r"|(?:currently|presently|originally)\s+(?:scheduled|set|due)\s+to\s+(?:expire|terminate|end)"
    r"|is\s+scheduled\s+to\s+expire|(?:is|was)\s+due\s+to\s+(?:expire|terminate|end)\b"
    # another statement of work under the same master agreement ("Statement of Work No. 2 ...
    # remains in effect through December 31, 2017"), not this one
    r"|(?<!this\s)statement\s+of\s+work\s+no\.?\s*\d"
    # a reporting quarter: "royalties on Net Sales made in the Royalty Quarter ending 30 June 2013"
    r"|\bquarter\s+(?:ending|ended)\b"
    # prices held until a day: "The Fee Schedule prices shall remain in effect through September
    # 30, 2000"
    r"|\b(?:prices|rates|pricing)\b[^.;]{0,40}?\b(?:shall|will)\s+(?:remain|be|stay)\s+"
    r"(?:fixed|firm|unchanged|valid|in\s+(?:full\s+)?(?:force|effect))"
)
# A contract that runs until terminated has no end to compute from a term elsewhere in it:
# "This Agreement ... shall continue indefinitely until terminated" (not a licence or a
# duty inside it that "may remain in perpetuity").
# literal words, each searched apart: an alternation would make the engine try every position
# ("indefinite" also finds "indefinitely")
_PERPETUAL = (
    indexed(re.compile(r"indefinite")),
    indexed(re.compile(r"perpetu")),
    indexed(re.compile(r"until\s+terminated")),
    indexed(re.compile(r"unlimited\s+(?:period|duration)")),
)
_PERPETUAL_SENTENCE = re.compile(
    # (not once a first term is over: "Following the Initial Term, this Agreement shall
    # continue in effect until terminated", a renewal after it, which has its end)
    # (a company's or a venture's life is its agreement's: "The existence of the Company commenced
    # on the date the Certificate of Formation was filed and shall continue in perpetuity")
    r"(?<!term,\s)(?:this\s+(?:agreement|contract)|the\s+term"
    r"|the\s+(?:existence\s+of\s+the\s+)?(?:company|partnership|(?:joint\s+)?venture))\b"
    # (across a long clause of its start, not past a first term: "shall continue for an initial
    # period of three years ... and thereafter shall continue unless and until terminated", nor
    # to another subject: "Upon expiration or termination of this Agreement for any reason
    # other than ..., the licenses granted in Section 2 shall continue in perpetuity")
    r"(?:(?!thereafter|,\s+the\s)[^.;]){0,160}?(?:shall|will)\s+(?:continue|remain)\s+"
    r"(?:in\s+(?:full\s+)?(?:force|effect)\s+(?:and\s+effect\s+)?)?(?:indefinitely|(?:in\s+)?perpetu"
    # "shall remain in force for an unlimited period, until terminated in accordance with"
    r"|for\s+an?\s+(?:unlimited|indefinite)\s+(?:period|duration)\b"
    # "shall continue in effect until terminated by either party in accordance with Section 5"
    # ("shall remain in effect unless and until terminated in accordance with this Section 6")
    r"|(?:unless\s+and\s+)?until\s+terminated)"
)
_MAX_PERPETUAL = 10
# "с X по Y", "from X until Y": the second date of a range ends it.
_RANGE_END_BEFORE = re.compile(
    # "March 3, 2015 - December 31, 2017": a dash right after the first date's year
    # (not "prior to": "no such termination shall become effective prior to December 31, 1999")
    r"(?:\bпо|\bдо|(?<!prior\s)\bto|\buntil|\btill|\bthrough|(?<=\d)[ ]?[-–—])"
    r"(?:\s+and\s+including)?(?:" + _TIME_OF_DAY + r"\s+on"
    # "shall remain in effect until the close of business on December 31, 2017", "until
    # midnight on"
    r"|\s+(?:the\s+)?(?:close|end)\s+of\s+business\s+on|\s+(?:12:00\s+)?midnight\s+on"
    # "shall continue through the conclusion of the 2010 Festival Season on September 30, 2010"
    r"|\s+the\s+(?:conclusion|end|close)\s+of\s+the\s+[\w -]{1,40}?\s+on)?"
    r"(?:\s+the)?\s*$"
)
_TERM_WORDS = re.compile(
    r"действ|срок|вступ|term\b|effect|expire|continue|remain|force|valid|\brun\b"
    r"|(?:shall|will)\s+last\b|(?:contract|agreement)\s+period|period\s+of\s+performance"
)
# Dates in the header that do not date this document: an edition, a statute, a power of attorney,
# the registration of the act that approved a model form.
_NOT_SIGNING = re.compile(
    r"редакц|ред\.|закон|протокол|приказ|постановлени|доверенност|утвержд|вступлени|в силу"
    r"|зарегистрирова"
    r"|обновл|amend|restated"
)
# A Russian contract's closing line, where its header gives no date: «Договор подписан
# Сторонами в г. Казани «15» марта 2024 года.», «Договор заключен 07 октября 2024 г.»
_RU_SIGNED_AT_THE_END = re.compile(
    r"(?:договор|контракт|соглашение)\s+(?:подписан|заключен)[оа]?\s+(?:сторонами\s+)?"
    r"(?:в\s+(?:г\.|гор\.|городе)\s*[а-яё-]+(?:\s+[а-яё-]+)?[\s,]*)?[«\"]?\s*$"
    # «Документ подписан усиленными квалифицированными электронными подписями Сторон 20.11.2024»
    r"|(?:договор|контракт|соглашение|документ)\s+подписан[оа]?\s+(?:[а-яё]+\s+){0,3}?"
    r"подпис(?:ью|ями)\s+сторон\s*$"
    # «Дата подписания Договора: 03.03.2025» under the signatures
    r"|дата\s+(?:подписания|заключения)(?:\s+(?:договора|контракта|соглашения))?\s*[:\-–—]?\s*$"
)
# «лицензии № 1187, выданной Министерством образования на срок с «22» апреля 2016 г. до …»:
# the term of a paper a party was issued (a licence, a certificate), not the contract's.
# «паспорт … выдан Отделом УФМС России по … району гор. Казани 03.09.2015»: the dots of an
# address's abbreviations do not end what was issued
_ISSUED_FOR = re.compile(
    r"выдан\w*\s(?:[^.;]|\b(?:г|гор|обл|ул|д|пос|пгт|с|р-на?|респ|кр|им)\.){0,140}"
)
_ISSUED_REACH = 160
# a power of attorney's own dates: «по доверенности …, сроком действия по 31.12.2025»
_POWER_OF_ATTORNEY_REACH = 240
# The date of another agreement this one cites with its sides: "amends the Supply Agreement
# between Alpha Corp. and Beta LLC dated January 5, 2010", "incorporated into the following
# "Agreement": Cloud Service Agreement between A (Provider) and B (Customer) with a Key Terms
# Effective Date of April 1, 2024" (read in the text as written: a full stop before a capital
# ends the sentence, one in "Inc. (Provider)" does not)
_CITED_WITH_SIDES = re.compile(
    r"(?i:\b(?:the|that\s+certain|said|such|following|an?)\s+"
    r"(?:[\"“][^\"”\n]{0,20}[\"”]\s*:?\s*)?(?:[\w-]+\s+){0,6}?agreement\s+"
    r"(?:by\s+and\s+)?(?:between|among)\s)"
    r"(?:[^.;\n]|\.(?![ ]{1,2}[A-Z])){0,200}?"
    r"(?i:\bdated(?:\s+as\s+of)?|\beffective\s+date\s+of)(?i:\s+the)?\s*$"
)
_CITED_REACH = 260
# Whom a contract binds from its first day: "(and be binding) upon both parties", "on the
# Parties hereto" (the start patterns that read "effective and binding on the Parties on ...")
_ON_THE_PARTIES = r"(?:up)?on\s+(?:both\s+|the\s+|all\s+)?part(?:y|ies)(?:\s+hereto)?"
# The date the opening wrote, as the text points back to it: "the date first written above",
# "the date set forth above", "the date set out above"
_FIRST_WRITTEN_ABOVE = r"(?:first\s+)?(?:written|set\s+(?:forth|out))\s+above"
# The contract says it takes effect when signed: then the start is the signing date.
_EFFECTIVE_ON_SIGNING = re.compile(
    # «вступает в силу со дня его заключения сторонами»
    # «… после его подписания Сторонами»
    r"вступает\s+в\s+(?:силу|действие)\s+(?:со?\s+(?:момента|даты|дня)|после)\s+"
    + _RU_SIGNING
    + "|"
    # «Срок действия договора – 1 (один) год с момента подписания», «Договор действует один
    # год с даты подписания»
    r"(?:срок\w*\s+действия\s+(?:настоящего\s+)?(?:договора|контракта|соглашения)"
    r"|(?:договор|контракт|соглашение)\s+действует)[^.;]{0,60}?\s+с\s+(?:момента|даты|дня)\s+"
    r"(?:его\s+|ее\s+|её\s+)?(?:подписания|заключения)"
    r"|(?:действ|заключ)\w*\s+(?:сроком\s+на|на\s+срок|в\s+течение)\s[^.]{1,60}?\s+с\s+"
    r"(?:момента|даты|дня)\s+(?:его\s+|ее\s+|её\s+)?(?:подписания|заключения)"
    r"|effective\s+(?:upon|on|as\s+of)\s+(?:the\s+date\s+of\s+)?(?:its\s+)?(?:execution|signature)"
    # ('this "Agreement"), dated as of December 15, 2014 and effective as of the date hereof')
    r"|\bdated\s+as\s+of\s+[^.;]{4,30}?\s+and\s+effective\s+as\s+of\s+the\s+date\s+hereof"
    # ("This Agreement is effective on the date first written above", "... shall become
    # effective on the date set out above")
    r"|effective\s+(?:as\s+of|on)\s+the\s+date\s+"
    + _FIRST_WRITTEN_ABOVE
    # "This Lease shall be binding on the parties from the date first written above"
    # ("This Charter Party shall be binding upon Owners and Charterers from the date hereof")
    # (the contract itself, not some of its articles: "provided, however, that Article 3 and
    # Article 11 shall be binding on the parties from the date first written above")
    # (a lease's own day by the name its basic provisions or its opening give it: "This Lease shall
    # be binding upon Landlord and Tenant from and after the Date of Lease, notwithstanding that
    # the Term ... commence[s] on later dates", "... as of the Execution Date")
    + r"|(?:agreement|lease|licen[cs]e|contract|charter\s+party)\s+(?:(?:shall|will)\s+be|is)\s+"
    r"(?:effective\s+and\s+)?binding\s+(?:on|upon)\s+(?:the\s+parties|[a-z]+\s+and\s+[a-z]+)\s+"
    r"(?:from(?:\s+and\s+after)?|as\s+of|on)\s+"
    r"the\s+(?:date\s+(?:hereof|" + _FIRST_WRITTEN_ABOVE + r")|date\s+of\s+(?:this\s+)?lease\b"
    r"|execution\s+date\b)"
    # a cover page's "Date of Agreement: May 15, 2017" and "The Agreement is effective on the
    # Date of Agreement stated above"
    r"|(?:effective|commence)\s+(?:on|as\s+of)\s+the\s+(?:date\s+of\s+agreement|agreement\s+date)\b"
    # "This Agreement shall become effective and binding on the Parties on the date first
    # written above"
    r"|become\s+effective(?:\s+and\s+binding(?:\s+(?:up)?on\s+the\s+parties)?)?\s+on\s+the\s+date\s+"
    + _FIRST_WRITTEN_ABOVE
    # a definition that dates the contract's own start by the opening: '"Effective Date" means
    # the date first written above' (though its term commences on a later Commencement Date)
    # ('... means the date of this Agreement first written above')
    + r"|[\"“]effective\s+date[\"”]\s+(?:shall\s+)?means?\s+the\s+date\s+"
    r"(?:of\s+this\s+(?:agreement|lease|contract)\s+)?(?:hereof|"
    + _FIRST_WRITTEN_ABOVE
    + r")"
    # "each party agrees to enter into this Order Form as of the Order Date"
    + r"|enter\s+into\s+this\s+order\s+form\s+as\s+of\s+the\s+order\s+date"
    # "This Agreement takes effect on the date of this Agreement" (English drafting, "THIS
    # AGREEMENT is dated 14 December 2006"), or "This agreement commences on the date of this
    # agreement and ... continues for the Initial Subscription Term" (a term that begins on a
    # later day the Order Form names)
    r"|this\s+(?:agreement|contract|lease|sublease)\s+(?:(?:shall|will)\s+)?(?:takes?\s+effect"
    r"|commences?|(?:is|be|becomes?)\s+effective)\s+(?:on|from|as\s+of)\s+the\s+date\s+"
    r"(?:of\s+this\s+(?:agreement|contract|lease|sublease)|hereof)\b"
)
# The term runs from the day the contract itself is dated or signed: "the term of this
# Agreement shall begin on the date hereof", "this Agreement commences on the date first above
# written", "shall take effect on the date of signature", "Commencement Date means the date of
# this Agreement", a joint venture's "The Venture shall commence on the date of this
# Agreement"; not a period inside it ("during the period commencing on the date hereof").
_TERM_FROM_SIGNING = re.compile(
    # (a licence's term by its name: "The Licence Period shall commence on the date of this
    # Agreement")
    # (a charter party by its short name: "This Charter shall be effective on and from the date
    # hereof")
    # (an adviser's engagement by its letter: "Ellesmere's engagement hereunder shall commence on
    # the date of this Agreement")
    r"(?:agreement|contract|amendment|term|venture|partnership|engagement(?:\s+hereunder)?"
    r"|licen[cs]e\s+period|charter(?:\s+party)?)\W{0,3}\s+"
    r"(?:(?:shall|will|is|to)\s+)?"
    # ("This Agreement shall be executed and come into effect as of the date first set forth
    # above": a translation's pair of verbs)
    r"(?:be\s+(?:executed|signed)\s+and\s+)?(?:be\s+|become\s+)?"
    # "This Contract enters into force on the date of its signing": translated contracts' words
    # (a schedule's "Term: commencing on the date of this Agreement")
    r"(?:effective|take[sn]?\s+effect|commenc(?:e[sd]?|ing)|begin(?:s|ning)?|start(?:s|ing)?"
    r"|(?:enter|come)s?\s+into\s+(?:full\s+)?(?:force|effect))\s+"
    # ("This Contract shall enter into force and be binding on the parties from the date
    # hereof", "This Charter shall take effect and be binding upon both parties from ...")
    r"(?:and\s+be\s+binding\s+" + _ON_THE_PARTIES + r"\s+)?"
    # (a fund's agreement, "effective with respect to each Fund as of the date first written
    # above")
    r"(?:with\s+respect\s+to\s+(?:each|the|any)\s+(?:[\w-]+\s+){1,3}?)?"
    # ("shall take effect on and from the date of this Agreement", as Commonwealth drafting says)
    r"(?:as\s+of|on(?:\s+and\s+from)?|from(?:\s+and\s+after)?|upon|with)\s+(?:the\s+)?"
    r"(?:date\s+(?:hereof|of\s+this\s+"
    r"(?:[\w-]+\s+){0,2}?(?:agreement|contract|amendment)|(?:first\s+)?(?:above\s+)?"
    r"(?:written|listed|set\s+(?:forth|out)|stated)|of\s+(?:its\s+)?(?:signature|execution|signing)"
    r"|(?:when|on\s+which)\s+[^.;]{0,60}?sign)|signature|signing|execution"
    # "shall become effective upon being signed by the Pledgors and signed and sealed by ..."
    r"|being\s+(?:signed|executed)\b)"
    # (English drafting's colon: '"Commencement Date": the date of this agreement.'; an agreement
    # signed at a closing: '"Closing Date" means the date of this Agreement.')
    r"|(?:commencement|closing)\s+date(?:\W{0,3}\s+means|[\"”]?\s*:)\s+the\s+date\s+of\s+this"
    # a cover's "Term: From the Date of Agreement through December 31, 2002" (its "Date of
    # Agreement: September 15, 1997" above)
    r"|term\s*[:|]\s*from\s+the\s+(?:date\s+of\s+(?:this\s+)?agreement|agreement\s+date)\b"
    # '"Term" means the period beginning on the date of this Agreement and ending on ...'
    r"|term\W{0,3}\s+(?:shall\s+)?means?\s+the\s+period\s+(?:commencing|beginning|starting)\s+"
    r"(?:on|as\s+of|with)\s+the\s+date\s+(?:hereof|of\s+this\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract))"
    # "the term of this Agreement shall be three years, commencing on the date of this Agreement"
    # ('The term of this Agreement (the "Term") shall be ten (10) years commencing on the date
    # of this Agreement': the comma may be left out)
    r"|(?:term|duration)\s+of\s+this\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract)[^.;]{0,40}?,?\s+commencing\s+"
    r"(?:as\s+of|on|from)\s+the\s+date\s+(?:hereof|of\s+this\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract))"
    # "This Agreement shall be for a term of twenty-four (24) months commencing on the date
    # hereof": the length the contract runs, from its own date ("shall have an initial term of
    # eighteen (18) months commencing on the date first written above")
    # ("This Agreement shall be in effect for an initial term of five (5) years from the date
    # first written above")
    r"|(?:agreement|contract)\s+(?:shall|will)\s+"
    r"(?:be|have|(?:be|continue|remain)\s+in\s+(?:full\s+)?(?:force|effect)|continue)"
    r"\s+(?:(?:and\s+effect\s+)?for\s+)?(?:an?\s+(?:"
    + INITIAL
    + r"\s+)?(?:term|period)\s+of\s+)?[^.;]{1,30}?"
    r"\b(?:years?|months?)\)?,?\s+(?:commencing|beginning|starting|from)\s+(?:as\s+of\s+|on\s+|with\s+)?"
    r"the\s+date\s+(?:hereof|of\s+this\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract)|first\s+(?:above\s+)?written)"
)


# Each of the two is a scan of the whole text (5 ms on 30 pages: neither opens with a literal),
# and a document's dates may ask it three times: read once per text.
@lru_cache(maxsize=1)
def _effective_on_signing(low: str) -> bool:
    return _EFFECTIVE_ON_SIGNING.search(low) is not None


@lru_cache(maxsize=1)
def _term_from_signing(low: str) -> bool:
    return _TERM_FROM_SIGNING.search(low) is not None


# The day the last side signs, as a definition or a start names it: "(the date) on which this
# Agreement has been signed by both parties", "when it is fully executed by all"
_WHEN_ALL_HAVE_SIGNED = (
    r"(?:on\s+which|when)\s+(?:it\s+|this\s+(?:[\w-]+\s+){1,3}?)(?:is|has\s+been)\s+"
    r"(?:fully\s+)?(?:signed|executed)\s+by\s+(?:both|all|each)"
)
# The side's own act that a plain-English contract takes effect on: "the date on which you sign
# this Agreement", "the date on which we accept your Service Order by countersigning"
_YOU_SIGN_OR_WE_ACCEPT = r"(?:on\s+which|when)\s+(?:you\s+sign|we\s+(?:accept|countersign|sign))\b"
# A definition that says outright that the last signature starts the contract, even one "made
# as of" another day: '"Effective Date" means the date on which this Agreement has been executed
# by the last of the parties to execute it' (not "executed as of the date set forth below", a
# dating)
_DEFINED_AS_LAST_SIGNATURE = re.compile(
    r"effective\s+date\W{0,3}\s+(?:(?:shall|will)\s+mean|means)\s+the\s+(?:date|day)\s+"
    r"[^.;]{0,60}?(?:by\s+the\s+last|(?:last|final)\s+signature|later\s+of\s+the\s+dates"
    # ... or by the side that signs last, as the definition is written for: "... has been
    # executed by the City Manager, as shown on the signature page"
    r"|by\s+the\s+(?:[a-z]+\s+){0,2}?[a-z]+,?\s+as\s+shown\s+(?:below|beneath|under|on)"
    # ... or in plain English, by the customer's or the provider's act: "the date on which you
    # sign this Agreement, as shown in your signature block", "the date on which we accept your
    # Service Order by countersigning this Agreement"
    r"|" + _YOU_SIGN_OR_WE_ACCEPT + r")"
    # ... or words of effect on the last side's act that name the Effective Date: "It shall
    # become effective on the date on which Museum countersigns it below (the "Effective Date")",
    # "... on the date on which it has been signed by both Parties, being the later of the two
    # dates shown in the signature blocks (the "Effective Date")"
    r"|effective\s+(?:on|upon|as\s+of)\s+the\s+(?:date|day)\s+(?:(?:on\s+which|when|that)\s+"
    r"(?:the\s+)?(?:[\w-]+\s+){1,2}?countersigns\b|" + _WHEN_ALL_HAVE_SIGNED + r")"
    r"[^.;()]{0,90}\(\s*(?:the\s+)?[\"“]effective\s+date"
)
# The effective date is defined as the day the last party signs: the latest signature date.
# Each pattern opens with a literal word, so the engine jumps between its occurrences.
_EFFECTIVE_ON_LAST_SIGNATURE = tuple(
    indexed(pattern)
    for pattern in (
        re.compile(
            # ("shall become effective and binding upon the Parties upon its execution and
            # delivery by both Parties")
            r"effective\s+(?:and\s+binding\s+(?:(?:up)?on\s+the\s+parties\s+)?)?"
            r"(?:date\W{0,3}\s+(?:of\s+this\s+agreement\s+)?(?:(?:shall|will)\s+(?:mean|be)|means|is)"
            r"\s+the\s+(?:date|day)\s+(?:on\s+which\s+|that\s+|when\s+|of\s+)?"
            r"(?:(?:this\s+agreement\s+(?:is|has\s+been)\s+(?:signed|executed)\s+by\s+)?the\s+last"
            r"|(?:the\s+)?(?:last|final)\s+signature"
            r"|this\s+agreement\s+(?:is|has\s+been)\s+(?:fully\s+)?(?:signed|executed)\s+by\s+(?:both|all))"
            # "effective as of the latest date set forth below", "shall be the later of the dates
            # shown by the signatures below"
            r"|(?:as\s+of\s+|on\s+)?the\s+(?:later|latest|last)\s+(?:date|of\s+the)"
            r"|date[^.;]{0,40}?(?:(?:shall|will)\s+be|means|is)\s+the\s+(?:later|latest|last)\s+of"
            # effective when both sides have signed: the last of them
            r"|(?:up)?on\s+(?:the\s+|its\s+)?(?:signatures?|signing|execution)\s+(?:and\s+\w+\s+)?(?:of|by)\s+"
            r"(?:both|all|each)"
            # "This Agreement becomes effective when signed by both parties"
            r"|(?:when|once)\s+(?:it\s+(?:is|has\s+been)\s+)?(?:signed|executed)\s+by\s+(?:both|all|each))"
        ),
        # ('"Commencement Date" means the date on which this Agreement has been signed by both
        # parties, being the later of the two dates shown in the execution blocks below')
        # (one pattern per opening word, each found by it)
        *(
            re.compile(
                word
                + r"\s+date\W{0,3}\s+(?:(?:shall|will)\s+)?means?\s+the\s+(?:date|day)\s+"
                + _WHEN_ALL_HAVE_SIGNED
            )
            for word in ("effective", "commencement")
        ),
        # ("The Binding Provisions shall take effect on the date on which this Term Sheet has
        # been signed by both Parties")
        re.compile(r"effect\s+(?:up)?on\s+the\s+(?:date|day)\s+" + _WHEN_ALL_HAVE_SIGNED),
        # ('... is entered into on the date of the last signature below (the "Effective Date")':
        # the day the last side signs, named the start)
        re.compile(
            r"entered\s+into\s+(?:as\s+of\s+|on\s+)the\s+date\s+of\s+the\s+(?:last|final|later)\s+"
            r"signature\s+(?:below\s+|hereto\s+)?\(\s*(?:the\s+)?[\"“]effective\s+date"
        ),
        # ("This Agreement is binding on the parties from the date on which it is signed by both
        # of them", though the supply under it begins on a first delivery)
        re.compile(
            r"binding\s+(?:(?:up)?on\s+(?:the\s+parties|both\s+parties|[a-z]+\s+and\s+[a-z]+)\s+)?"
            r"(?:from|as\s+of)\s+the\s+(?:date|day)\s+" + _WHEN_ALL_HAVE_SIGNED
        ),
        re.compile(
            # ("... agrees to enter into this DPA as of the last date of signature below")
            # ("... is effective as of the date of the last signature below")
            r"as\s+of\s+the\s+(?:later\s+|latest\s+|last\s+)?dates?\s+"
            r"(?:of\s+(?:the\s+)?(?:last\s+|final\s+|later\s+)?(?:signature|signing)\s+)?"
            r"(?:(?:set\s+forth|written|indicated|shown)\s+)?below"
        ),
        # a cover page's field: "Effective Date: The date of the last signature on this Cover Page",
        # a statement of work's "| SOW Date | Date of last signature on this Cover Page |" (one
        # pattern per opening word: an alternation of them is tried at every position, 1 ms)
        *(
            re.compile(
                word
                + r"\s+date\s*[:|]\s*(?:the\s+)?(?:date\s+of\s+(?:the\s+)?)?(?:last|final|later)"
                r"\s+(?:signature|of\s+the\s+(?:signature|signing)\s+dates)"
            )
            for word in ("effective", "sow", "order", "start")
        ),
        # ("This Agreement shall enter into force upon its signature by both Parties", as
        # European drafting has it)
        *(
            # (a translation's "shall come into effect from the date of signature and seal by
            # both parties")
            re.compile(
                verb + r"\s+(?:(?:up)?on|from)\s+(?:the\s+date\s+of\s+)?(?:the\s+|its\s+)?"
                r"(?:signatures?|signing|execution)\s+(?:and\s+\w+\s+)?(?:of|by)\s+(?:both|all|each)"
            )
            for verb in (
                r"take[sn]?\s+effect",
                r"enters?\s+into\s+force",
                r"comes?\s+into\s+(?:force|effect)",
            )
        ),
        # a letter agreement in force when its addressee countersigns: "This Agreement will
        # become effective when you countersign it below", "effective upon countersignature"
        # ("This Agreement shall become effective on the date on which it is countersigned by
        # Licensee")
        # (or by its name: "effective on the date on which Customer countersigns it below")
        re.compile(
            r"effective\s+(?:(?:when|once|upon|after)\s+|(?:as\s+of|on)\s+the\s+date\s+"
            r"(?:of\s+|on\s+which\s+(?:it|this\s+agreement)\s+(?:is|has\s+been|was)\s+"
            r"|(?:on\s+which|when)\s+)?)"
            r"(?:you\s+|your\s+|its\s+|the\s+|(?:[a-z][\w&.-]*\s+){1,3}?(?=countersigns\b))?"
            r"counter-?sign"
        ),
        # ... or signs it back: "This Agreement is effective as of the date on which you sign
        # and return it to Northbrook"
        # ("This Engagement Letter will take effect on the date on which you sign and return a
        # copy of it to us")
        *(
            re.compile(
                verb + r"\s+(?:as\s+of|on)\s+the\s+date\s+(?:on\s+which|when)\s+you\s+"
                r"(?:sign|execute|accept)"
            )
            for verb in ("effective", r"take[sn]?\s+effect")
        ),
        re.compile(
            r"effective\s+date\W{0,3}\s+(?:(?:shall|will)\s+)?means?\s+the\s+date\s+"
            + _YOU_SIGN_OR_WE_ACCEPT
        ),
        # "This Agreement becomes effective when it has been signed by both parties", "... and is
        # effective as of the date on which it has been signed by both Purchaser and Producer"
        # ("This Agreement is effective on the date it is signed by the last party to sign it
        # below")
        # ("effective on the date on which it has been executed by the Authority, as shown below
        # the Authority's signature": the side that signs last, as such a clause is written for)
        # (or by a definition: '"Effective Date" means the date on which this Agreement has been
        # executed by the City Manager, as shown on the signature page')
        re.compile(
            r"effective\s+(?:when|once|after|(?:as\s+of|on)\s+the\s+date(?:\s+on\s+which|\s+when)?"
            r"|date\W{0,3}\s+(?:(?:shall|will)\s+)?means?\s+the\s+date\s+(?:on\s+which|when))\s+"
            r"(?:it|this\s+agreement)\s+(?:has\s+been|is)\s+(?:signed|executed)\s+by\s+"
            r"(?:both|all|each|the\s+last|the\s+(?:[a-z]+\s+){0,2}?[a-z]+,?\s+as\s+shown\s+"
            r"(?:below|beneath|under|on))"
        ),
    )
)
# A line that opens with a date and goes on with the title ("May 3, 2016 LICENSE AGREEMENT"):
# the date heads the document and dates it.
_TITLE_AFTER_DATE = re.compile(
    r"\s*[A-Z][A-Z0-9 ,.&'’()/-]{0,80}?\b(?:AGREEMENT|CONTRACT|AMENDMENT)\b"
)
# A term of a single year or month without a number: "for an initial term of year".
_SINGLE_TERM = indexed(
    re.compile(
        r"term\s+of\s+(?:a\s+|one\s+)?(?:\(1\)\s+)?(?:calendar\s+)?(?P<unit>year|month)\b(?!s)"
    )
)
_SETS_CONTRACT_TERM = re.compile(
    r"this\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract)\s+(?:shall|will)\s+"
    r"(?:commence|continue|remain|be\s+in|begin|start|become\s+effective)"
)
_NOT_CONTRACT_TERM = re.compile(r"confidential|warrant|exclusiv|surviv")
_MAX_SINGLE_TERMS = 20
_PARTY_ANCHOR = re.compile(r"именуем|с одной стороны|заключили|by and between|\bbetween\b")


@dataclass
class _Candidates:
    """What one pass over the dates of a contract collects for each role."""

    signed: date | None = None
    ends: date | None = None
    period_end: date | None = None  # the end of the works or services inside the contract
    period_start: date | None = None  # and their start
    first_start: date | None = None  # Russian contracts keep the first start in text order
    preamble_start: date | None = None  # "effective as of <date>" in the opening lines
    witnessed: date | None = None  # "IN WITNESS WHEREOF ... executed this Agreement as of"
    inner_start: date | None = None  # a start deep in the body, of something inside the contract
    recital_end: date | None = None  # an end a recital tells ("is due to expire on ...")
    # the end of the term's definition by another name ('"Contract Period" means'), where no
    # sentence of the term's own ends it
    defined_end: date | None = None
    # the end an amendment sets "so that" the term ends then, over any end its sentence cites
    amended_end: date | None = None
    # English starts by strength: 0 a date the contract defines as the Effective Date,
    # 1 "effective as of" in the preamble, 2 "dated as of" (the convention), 3 any other start.
    starts: list[date | None] = field(default_factory=lambda: [None, None, None, None])
    # whether the first of rank 0 is a commencement date, not an effective date ("Commencement
    # Date: March 1, 1999" in a lease's rider), or the effective date of a programme or a service
    # the contract sets up ('"Program Effective Date" means July 1, 2016, the date on which the
    # first Policy incepts')
    commencement_first: bool = False

    def keep_first(self, role: str | None, value: date) -> None:
        """The first end, and the first start of a services or works period."""
        if role == "end":
            self.ends = self.ends or value
        elif role == "period_start":
            self.period_start = self.period_start or value

    def add_start(self, rank: int, value: date) -> None:
        self.first_start = self.first_start or value
        if self.starts[rank] is None:
            self.starts[rank] = value

    def start(self, *, english: bool, defines_effective: bool = True) -> date | None:
        if english:
            # without an Effective Date, "dated as of" is only the signing date
            ranked = self.starts if defines_effective else self.starts[:2] + self.starts[3:]
            return next((value for value in ranked if value is not None), None)
        return self.first_start


def find_contract_dates(text: PreparedText, *, english: bool = False) -> ContractDates:
    """Signing, start and end dates by the words around each date; unknown ones stay None."""
    # (not a master agreement's date an attachment's subtitle cites)
    dates = [
        d
        for d in find_dates(text.low, english=english)
        if not _of_another_paper(text, d) and not (english and _cites_its_master(text, d))
    ]
    found = _collect(text, dates, english=english)
    # the contract takes effect on an event whose day may be unknown (read once: the start
    # and the term's base both ask)
    on_event = (
        _effective_on_event(text.low)
        if english
        else _RU_EFFECTIVE_ON_EVENT.search(text.low) is not None
    )
    # "dated as of" is also the start only where the contract speaks of an Effective Date
    # and does not tie it to an event
    defines_effective = not english or (
        _DEFINES_EFFECTIVE.search(text.low) is not None and not on_event
    )
    start = found.start(english=english, defines_effective=defines_effective)
    # "'Effective Date' means the date of last signature on the SOW": the definition outranks
    # a start some field or schedule writes ("Schedule | Start date: March 10, 2025")
    read_last_signature = english and _reads_last_signature(text, found)
    on_last_signature = _start_on_last_signature(text, dates) if read_last_signature else None
    preamble_start = _opening_start(text, found, english=english)
    if on_last_signature is not None:
        if preamble_start == start:
            # nor is that start the day it was made: the last signature's is (not the first
            # of the month after it, where the contract takes effect then)
            preamble_start = _last_signature_date(text, dates)
        # (unless the definitions date the start: "made and entered into as of the date of the
        # last signature below" over '"Effective Date" means November 1, 2006'; "dated as of the
        # date of the last signature" over 'This Contract shall be effective May 1, 2011 (the
        # "Effective Date")', a date the contract defines as its Effective Date)
        # (a commencement date a schedule writes does not: "effective on the date on which it has
        # been signed by both parties" and a Space Schedule's "Commencement Date: July 1, 2000")
        defined = found.starts[0] if not found.commencement_first else None
        start = _effective_date_written(text) or defined or on_last_signature
    signed = _opening_signing_date(text, dates, found, preamble_start, english=english)
    # "entered into as of the Effective Date set forth in Schedule A": made as of its start,
    # not on the day the last side signed
    by_signatures = signed is None
    signed = signed or (
        _last_signature_date(text, dates)
        or (_signed_beside_signature(text, dates) if english else _signed_at_the_end(text, dates))
    )
    named = _named_dates(text, dates, signed) if english else {}
    # "The term of this Agreement shall begin on the Restatement Date" outranks a start found
    # only by the words around a date ("the Contract Year commencing April 1, 2010"), though
    # not a date the contract defines as its Effective Date
    # The day the term runs from where it is not the contract's start: the named day its term
    # begins on, or a commencement date a rider writes (below).
    term_base = (
        _start_on_named_date(text, named)
        if english and on_last_signature is None and found.starts[0] is None
        else None
    )
    # (not where the agreement takes effect when signed and its term begins on the named day:
    # "This Agreement shall be effective upon its execution ... The initial term of dedicated
    # service ... shall commence on the Start-Up Date"; the term still runs from that day)
    if term_base is not None and not (signed is not None and _effective_on_signing(text.low)):
        start = term_base
    # "This Agreement shall become effective ... on the date first written above" outranks a
    # start found only by the words around a date (a schedule's "Service Commencement Date:
    # June 1, 2009" under a contract effective when signed)
    if (
        english
        and signed is not None
        and start is not None
        and on_last_signature is None
        and _dated_outranks(text, found, start)
    ):
        # the contract's term still runs from a commencement date ("Eighty-four (84) months
        # from the Commencement Date")
        term_base = term_base or (start if start == found.starts[0] else None)
        start = signed
    start, term_base = _month_after_its_date(text, signed, start, term_base, english=english)
    if start is None:
        if english and not read_last_signature:
            on_last_signature = _start_on_last_signature(text, dates)
        start = _start_by_definition(
            text,
            dates,
            signed,
            on_last_signature,
            english=english,
            defines_effective=defines_effective,
        )
    if start is None:
        start = (
            _in_force_from_its_own_day(text, named) or _start_at_effective_time(text, named)
            if english
            else found.period_start
        )
    if english and by_signatures:  # (signed is None only if so)
        signed = (
            _dated_as_of_a_day_it_names(text, start, named)
            or signed
            or _made_as_of_start(text, start)
        )
    ends = _written_end(text, dates, found, english=english)
    opens = start or signed
    if english and ends is not None and opens is not None and (opens - ends).days > _STALE_END_DAYS:
        ends = None  # it ended long before the contract starts: the end of something before it
    # a term runs from the signing date when no start is written (a Russian contract takes
    # effect when concluded, ст. 425 ГК), unless the contract starts on an event whose day is
    # unknown
    base = term_base or start or (signed if not on_event else None)
    base = base or found.inner_start
    ends = _the_later_limb(text, dates, ends, base, named) if english else ends
    if ends is None:
        ends = _end_of_term(text, base, named, english=english)
    if ends is None and english and not _runs_indefinitely(text):
        # what the recitals tell, last: an amendment's recital of the end it keeps (not where
        # the agreement now runs until terminated)
        ends = found.recital_end
    return ContractDates(signed_on=signed, starts_on=start, ends_on=ends)


def _month_after_its_date(
    text: PreparedText,
    signed: date | None,
    start: date | None,
    term_base: date | None,
    *,
    english: bool,
) -> tuple[date | None, date | None]:
    """The start, and the day the term runs from, of a contract that "shall take effect ... on
    the first day of the first calendar month following the date first written above"
    (`_MONTH_AFTER_ITS_DATE`): the first of the month after its date, where no other start is
    read than that date; else as they were."""
    if (
        not english
        or signed is None
        or start not in (None, signed)
        or not any(
            _WORDS_OF_EFFECT_BEFORE.search(
                text.low, max(0, found.start() - _EFFECT_REACH), found.start()
            )
            for found in finditer(_MONTH_AFTER_ITS_DATE, text.low)
        )
    ):
        return start, term_base
    return month_end(signed) + timedelta(days=1), None if term_base == signed else term_base


# The first limb of "the later of": "shall expire on the later of (a) December 31, 2002 and"
_LATER_OF_FIRST_LIMB = re.compile(
    r"\blater\s+(?:to\s+occur\s+)?of\s*:?\s*(?:\(\s*(?:i|a|1)\s*\)\s*)?(?:the\s+)?$"
)
_LIMB_LEAD = 30


def _reads_last_signature(text: PreparedText, found: _Candidates) -> bool:
    """Whether the last signature may date the start: where no opening dates the contract, or
    where a definition says outright that it does (`_DEFINED_AS_LAST_SIGNATURE`)."""
    return not found.signed or _DEFINED_AS_LAST_SIGNATURE.search(text.low) is not None


def _the_later_limb(
    text: PreparedText,
    dates: list[FoundDate],
    ends: date | None,
    base: date | None,
    named: dict[str, date],
) -> date | None:
    """The end, or where it is written as the first limb of "the later of" and every limb is a
    day, the latest of them: "shall expire on the later of (a) December 31, 2002 and (b) the
    fifth (5th) anniversary of the Effective Date"."""
    if ends is None or base is None:
        return ends
    first_limb = any(
        found.value == ends
        and _LATER_OF_FIRST_LIMB.search(text.low, max(0, found.start - _LIMB_LEAD), found.start)
        for found in dates
    )
    latest = end_by_grammar(text, base, named) if first_limb else None
    return latest if latest is not None and latest > ends else ends


def _made_as_of_start(text: PreparedText, start: date | None) -> date | None:
    """The start of a contract "made as of the Effective Date" (`_MADE_AS_OF_EFFECTIVE`), the
    day it is dated where no signature dates it."""
    return start if _MADE_AS_OF_EFFECTIVE.search(text.low, 0, _SIGNED_REACH) else None


def _opening_signing_date(
    text: PreparedText,
    dates: list[FoundDate],
    found: _Candidates,
    preamble_start: date | None,
    *,
    english: bool,
) -> date | None:
    """The date the contract is made on by its opening words: its preamble's, a header's, a
    title's or the signature block's sentence; or its last signature's where it says it is
    dated by that ("This agreement is dated the date on which it has been signed by the last of
    the parties to sign it, as shown on the execution page")."""
    if english and any(search(pattern, text.low) for pattern in _DATED_ON_LAST_SIGNATURE):
        last = _last_signature_date(text, dates)
        if last is not None:
            return last
    letter = _letter_date(text, dates) if english else None
    if (
        letter is not None
        and found.signed is not None
        and _cites_a_dated_agreement(text, dates, found.signed)
    ):
        # a letter's own date over the agreement its subject line cites: "2 December 2005 /
        # Dear Sirs / Licence and Supply Agreement dated 30 November 2005"
        return letter
    opening = found.signed or (
        _header_date(text, dates)
        or (_title_date(text, dates) if english else None)
        or letter
        or preamble_start
    )
    if (
        english
        and opening is not None
        and opening == preamble_start
        and not found.signed
        and any(search(pattern, text.low) for pattern in _START_WHATEVER_SIGNED)
    ):
        return _last_signature_date(text, dates) or opening
    return opening or found.witnessed


_DATED_LEAD = 40


def _cites_a_dated_agreement(text: PreparedText, dates: list[FoundDate], day: date) -> bool:
    """Whether the day is first written as another agreement's date ("the Licence Agreement
    dated 30 November 2005")."""
    first = next((found for found in dates if found.value == day), None)
    return first is not None and (
        _ANOTHER_DATED.search(text.low, max(0, first.start - _DATED_LEAD), first.start) is not None
    )


def _written_end(
    text: PreparedText, dates: list[FoundDate], found: _Candidates, *, english: bool
) -> date | None:
    """The end a date written gives: the contract's end, a works period's standing in for it
    (Russian), or a later limb's date."""
    if not english:
        return found.ends or _period_end(text, found.period_end)
    return found.amended_end or found.ends or found.defined_end or _end_in_a_later_limb(text, dates)


def _end_of_term(
    text: PreparedText, base: date | None, named: dict[str, date], *, english: bool
) -> date | None:
    """The end the term's words give from the day it runs from (`base`), where no date is
    written as its end: a length, a single term, contract years, then the term grammar
    (`term_grammar`: anniversaries, days named, rounded, combined, periods, schedules). With
    no such day, only ends that need none: contract years whose first end is written ("this
    ____ day of ______, 1999" and a first Contract Year that ends December 31, 2000), or a
    day the grammar reads without the start ("the last Development Deadline set forth in the
    Development Schedule")."""
    if english and _runs_indefinitely(text):
        return None
    if base is None:
        if not english:
            return None
        return end_of_contract_years(text, None, named) or end_by_grammar(text, None, named)
    return end_from_term(
        text, base, day_named=lambda name: day_by_name(text, base, named, name)
    ) or (
        (
            _end_of_single_term(text, base)
            or end_of_contract_years(text, base, named)
            or end_by_grammar(text, base, named)
        )
        if english
        else None
    )


# "This instrument will expire and terminate upon the earlier of (i) the issuance of Tokens
# ...; (ii) the payment ...; (iii) 04/20/2018 (the "Deadline Date")": the one date among the
# events is the latest the contract runs (CUAD labels it so: the first anniversary in "the
# earlier of (i) the first anniversary ... and (ii) the date that all Shares ... have been
# sold"). Where it ends on "the later of" an event and a date, that date is the one the
# contract schedules ("the later of: (a) the conclusion of the 2022/23 NFL season and (b) the
# last day in February, 2023 (such expiration date, the "Scheduled Expiration Date")"). Each
# limb reads as a sentence of its own, so the words that end the contract are looked for
# before the list. Limbs may go unlettered: "shall remain in effect until the earlier of the
# execution of the Definitive Agreements and December 31, 2008".
_LATER_LIMB = re.compile(
    r"(?:\(\s*(?:ii|iii|iv|v|b|c|d|e|2|3|4|5)\s*\)|\b(?:and|or))\s*(?:the\s+)?$"
)
_ENDS_AT_EARLIEST = re.compile(
    r"(?:" + THIS_CONTRACT + r"|this\s+(?:[\w-]+\s+){0,3}?instrument|\bterm)\W{0,3}"
    # "The term of this Agreement (the "Term") shall commence as of April 1, 2018 and shall
    # expire upon the later of: ..."
    r"(?:\s[^.;]{0,120}?\sand)?\s+(?:shall|will)\s+(?:"
    r"(?:automatically\s+)?(?:expire|terminate|end|lapse)(?:\s+and\s+terminate)?\s+(?:up)?on"
    r"|(?:remain|continue)\s+(?:in\s+(?:full\s+)?(?:force|effect)\s+)?until)\s+"
    r"the\s+(?:earlier|earliest|first|later|latest)\s+(?:of|to\s+occur)\b[^.]*$"
)
_LIMB_REACH = 800


def _opening_start(text: PreparedText, found: _Candidates, *, english: bool) -> date | None:
    """The start the opening's reach gives, unless the contract leaves its own date blank ("made
    this ____ day of ______, 2011"): then a start found further on (a defined Effective Date,
    the term's first day) is no date it was made on."""
    if english and not found.signed and _BLANK_OPENING.search(text.low, 0, _SIGNED_REACH):
        return None
    return found.preamble_start


def _dated_as_of_a_day_it_names(
    text: PreparedText, start: date | None, named: dict[str, date]
) -> date | None:
    """The date of a contract "entered into as of the Effective Date" (its start), or "as of
    the Closing Date (as defined below)" where a recital or definition dates the closing."""
    if start is not None and _AS_OF_EFFECTIVE.search(text.low, 0, _SIGNED_REACH):
        return start
    as_of = _AS_OF_A_NAME.search(text.low, 0, _SIGNED_REACH)
    return named_day(text, named, as_of.group("name")) if as_of is not None else None


def _end_in_a_later_limb(text: PreparedText, dates: list[FoundDate]) -> date | None:
    for found in dates:
        lo = max(0, found.start - _LIMB_REACH)
        if _LATER_LIMB.search(text.low, max(0, found.start - 12), found.start) and (
            _ENDS_AT_EARLIEST.search(text.low, lo, found.start)
        ):
            return found.value
    return None


# An attachment's subtitle, the master agreement it is issued under: "EQUIPMENT SCHEDULE NO. 07"
# over "to Master Lease Agreement No. ML-2004-0117 dated as of January 15, 2004", "WORK ORDER
# NO. 5" over "under the Clinical Services Agreement dated as of January 9, 2015"
_MASTER_SUBTITLE = re.compile(
    r"(?:^|\n)[ \t]*(?:to|under)\s+(?:the\s+)?(?:[\w-]+\s+){0,4}?(?:agreement|lease|contract)"
    r"(?:\s+(?:no\.?|number)\s*[\w.-]+)?\s+dated(?:\s+as\s+of)?(?:\s+the)?\s*$"
)
_SUBTITLE_REACH = 160


def _cites_its_master(text: PreparedText, found: FoundDate) -> bool:
    """Whether the date near the top is the master agreement's, in an attachment's subtitle."""
    return found.start < _PARTIES_REACH and bool(
        _MASTER_SUBTITLE.search(text.low, max(0, found.start - _SUBTITLE_REACH), found.start)
    )


def _collect(text: PreparedText, dates: list[FoundDate], *, english: bool) -> _Candidates:
    """Each date's role by the words around it, the first of each role kept."""
    found = _Candidates()
    previous: tuple[FoundDate, str] | None = None
    witness = _witness_start(text.low) if english else None
    reach = _preamble_reach(text) if english else _SIGNED_REACH
    for current in dates:
        # «01» марта 2023 г.: the opening quote belongs to the date, not to the words before it
        before = _clause_before(text.low, current.start).rstrip('«"“„ ')
        after = text.low[current.end : current.end + _AFTER_REACH]
        role = _role_of(before, after, previous, current)
        # "made ... between A ... and B ... as of <date>" dates this document, however long
        # the sides' descriptions between
        preamble_as_of = False
        if english and role is None and current.start < reach:
            role = _made_between_as_of(text, current, before)
            preamble_as_of = role is not None
        if (
            english
            and _SO_THAT_ENDS.search(before)
            and _AMENDED_HERE.search(text.sentence(current.start, current.end))
        ):
            found.amended_end = found.amended_end or current.value
        if english and _witnessed(before, current.start, witness):
            found.witnessed = found.witnessed or current.value
        if (
            role in {"signed", "signed+start"}
            and not preamble_as_of
            and not _dates_this_document(before, current.start, english=english, reach=reach)
        ):
            if english and _signs_here(text, current, before):
                found.witnessed = _signed_by_then(found.witnessed, current, before)
                # it starts the contract only when it says so ("Signed and effective this")
                role = "signed+start" if _START_BEFORE.search(before) else "signed"
            else:
                role = None  # the date of another agreement this one refers to
        if role == "end":
            role = _end_role(text, current, before, found, english=english)
        if english and role is not None:
            role = _role_in_recitals(text, current, before, role, found)
        if role in {"signed", "signed+start"} and current.start < reach:
            found.signed = found.signed or current.value
        if english:
            _add_defined_start(text, current, before, after, found)
        if role in {"start", "signed+start"}:
            _add_start(text, current, before, found, signed=role != "start", english=english)
        found.keep_first(role, current.value)
        previous = (current, role or "")
    return found


# An amendment's new end, said as what its change brings about: "The term ..., which ... is
# scheduled to expire on May 15, 2013, is hereby extended by a further six (6) months, so that,
# unless sooner terminated ..., the Term shall expire on November 15, 2013"
# ("..., so that, unless terminated earlier ..., the Term ends on 30 June 2010")
_SO_THAT_ENDS = re.compile(
    r"\bso\s+that\b[^;]{0,160}?\b(?:(?:shall|will)\s+(?:now\s+)?(?:end|expire|terminate)"
    r"|ends|expires|terminates)(?:\s+on)?(?:\s+the)?\s*$"
    # ... or the day this document extends it to, after the one an earlier amendment had: "The
    # term ..., having been extended by Amendment No. 2 through December 31, 2013, is hereby
    # further extended through December 31, 2016"
    r"|\bhereby\s+(?:further\s+)?extended\s+(?:through|until|till|to)(?:\s+and\s+including)?"
    r"(?:\s+the)?\s*$"
)
_AMENDED_HERE = re.compile(
    r"\bhereby\s+(?:further\s+)?(?:amended|extended|modified)\b"
    r"|\b(?:is|are)\s+(?:hereby\s+)?(?:further\s+)?(?:amended|extended)\b"
)


def _role_in_recitals(
    text: PreparedText, current: FoundDate, before: str, role: str, found: _Candidates
) -> str | None:
    """What a date's role is where the recitals tell it: the story so far, not this
    document's. An amendment's or an extension's recital of the end it changes ("the Original
    Term ended on June 30, 2009") gives way to the end its body sets; a start or another
    agreement's date told there is none of this one's."""
    # ("WHEREAS, by Lease Agreement dated as of July 1, 2009 ..., leased": another's date)
    told = role in {"end", "start"} or (
        role in {"signed", "signed+start"} and _ANOTHER_DATED.search(before) is not None
    )
    if not told or not in_recital(text, current.start, current.end):
        return role
    if role == "end":
        found.recital_end = found.recital_end or current.value
    # ("WHEREAS, Licensee changed its name effective January 5, 2008": no start of this one)
    return None


def _dated_outranks(text: PreparedText, found: _Candidates, start: date) -> bool:
    """Whether a contract that takes effect when dated or signed ("This Agreement shall be
    effective on the date first written above") starts then rather than on the start found:
    one found only by the words around a date, or a commencement date a rider or schedule
    writes ("Commencement Date: March 1, 1999")."""
    return (
        (start == found.starts[3] and not any(found.starts[:3]))
        or (start == found.starts[0] and found.commencement_first)
    ) and (_effective_on_signing(text.low) or _term_from_signing(text.low))


_A_PARTS_EFFECTIVE_DATE = re.compile(
    r"\b(?:program(?:me)?|policy|coverage|plan|service|services)\s+effective\s+date\b"
)
_PART_NAME_REACH = 60


def _add_defined_start(
    text: PreparedText, current: FoundDate, before: str, after: str, found: _Candidates
) -> None:
    """A date the contract defines as its start (the strongest): '"Effective Date" means
    May 1, 2019', 'May 1, 2019 (the "Effective Date")', or a schedule's field under its label
    (`_START_LABEL_ABOVE`, no date of the preamble)."""
    defined = _START_AFTER.search(after) or _START_DEFINED_BEFORE.search(before)
    if defined is not None and _RECITED.search(before):
        defined = None
    named = defined or _START_LABEL_ABOVE.search(
        text.low, max(0, current.start - _LABEL_REACH), current.start
    )
    if named is None:
        return
    if found.starts[0] is None:
        found.commencement_first = "commencement" in named.group() or bool(
            _A_PARTS_EFFECTIVE_DATE.search(before[-_PART_NAME_REACH:])
            or _A_PARTS_EFFECTIVE_DATE.search(after[:_PART_NAME_REACH])
        )
    found.add_start(0, current.value)
    if (
        defined is not None
        and current.start < _SIGNED_REACH
        and (
            _START_AFTER.search(after) is not None
            or not _IN_DEFINITIONS.search(
                text.low, max(0, current.start - _DEFINITION_LEAD), current.start
            )
        )
    ):
        found.preamble_start = found.preamble_start or current.value


# "This Agreement is entered into as of the Effective Date (as defined in Section 1.20)": the
# contract is dated as of the day it defines as its start (CUAD labels it so; not a franchise
# "dated as of the Effective Date" that a form's addendum dates, whose date CUAD leaves blank).
_AS_OF_A_NAME = re.compile(
    r"entered\s+into\s+(?:effective\s+)?as\s+of\s+the\s+(?P<name>" + DAY_NAME + r")\b"
)
# ("... as of the Restatement Effective Date")
_AS_OF_EFFECTIVE = re.compile(
    r"entered\s+into\s+(?:effective\s+)?as\s+of\s+the\s+(?:[a-z-]+\s+)?effective\s+date"
)
# "This SUPPLY AGREEMENT is made as of the Effective Date (as defined below)": dated by its
# start only where no signature dates it (a signature's date outranks it)
_MADE_AS_OF_EFFECTIVE = re.compile(r"made\s+as\s+of\s+the\s+effective\s+date")
_BLANK_OPENING = re.compile(
    r"\b(?:made|entered\s+into|dated|executed)\s+(?:(?:as\s+of|on)\s+)?(?:this\s+|the\s+)?_{2,}\s*"
    r"(?:th\s+|st\s+|nd\s+|rd\s+)?day\s+of\s+(?:_{2,}|[a-z]+)"
)
# A recital's document named and dated: "by Lease Agreement dated as of", "that certain License
# dated"
_ANOTHER_DATED = re.compile(
    r"\b(?:agreement|lease|contract|amendment|licen[cs]e|instrument)\s+dated(?:\s+as\s+of)?\s*$"
)


# The start of a renewal or an extension, not of the contract: "the option to extend the Term
# for one (1) additional period of two (2) years, commencing January 1, 2004"
_RENEWAL_BEFORE = re.compile(
    r"\b(?:extend\w*\s+(?:the|this)\s+(?:term|agreement)|(?:additional|renewal|extension)\s+"
    r"(?:period|term)s?|option\s+to\s+(?:renew|extend))\b"
)


# The definition of a period inside the term, not the term's: '"Delivery Period" means the
# period beginning January 1, 2010 and ending on the last day of the Term'
_ANOTHER_PERIODS_DEFINITION = re.compile(
    r"[\"“](?!(?:initial\s+|original\s+)?term\b)(?:[a-z-]+\s+){1,3}(?:period|year)[\"”]\s*"
    # English drafting defines with a colon: '"Licence Period": the period commencing on'
    # (or a year of it: '"Extension Year" means the Contract Year commencing July 1, 2010')
    r"(?:(?:shall\s+mean|means)\s+|:\s*)the\s+(?:[a-z-]+\s+)?(?:period|year)\s+"
    # ("the period during which the Exhibition is open to the public at the Museum, currently
    # scheduled to begin on October 10, 2015")
    r"(?:[^.;\"“]{0,120}?\s)?(?:begin|beginning|commencing|starting|from)(?:\s+on)?\s*$"
    # ... or an example of one: '(so that the "2005 Tournament Year" runs from November 1, 2004
    # through October 31, 2005)'
    r"|[\"“](?:[\w-]+\s+){1,3}(?:period|year|season)[\"”]\s+runs?\s+from\s*$"
)


# A period inside the term: "During the period commencing January 1, 2011 and ending on the last
# day of the Contract Period (the "Negotiation Period"), ..."
# (or a season's: 'the "2005-06 Season" and "2006-07 Season" refer to the Seasons beginning
# November 1, 2005 and November 1, 2006')
_DURING_A_PERIOD = re.compile(
    r"(?:\bduring\s+the\s+period|\bseasons?)\s+(?:commencing|beginning|starting)"
    r"(?:\s+(?:on|with))?\s*$"
)
# The contract dated by its last signature (Australian drafting's "Date" item)
# (opening with its literal word: a scan of the whole text from every position cost 1 ms)
_DATED_ON_LAST_SIGNATURE = tuple(
    indexed(
        re.compile(
            verb + r"\s+(?:as\s+of\s+|on\s+)?the\s+date\s+(?:(?:on\s+which|when)\s+it\s+"
            r"(?:has\s+been|is|was)\s+(?:signed|executed)\s+by\s+(?:the\s+last|both|all)\b"
            r"|of\s+the\s+last\s+signature\b)"
        )
    )
    # ("This Agreement has been entered into on the date on which it has been signed by both
    # parties", over the sides' "Date:" lines; "is entered into on the date of the last
    # signature below (the "Signature Date") and shall take effect as of 1 September 2011")
    for verb in ("dated", r"entered\s+into")
) + tuple(
    indexed(re.compile(pattern))
    for pattern in (
        # ... or made on the later of the sides' signatures, or signed on the days they write
        # under them: "This Agreement is made on the date of the later of the parties'
        # signatures below", "This Agreement is signed on the dates shown beneath the Parties'
        # signatures"
        r"made\s+(?:as\s+of\s+|on\s+)the\s+date\s+of\s+the\s+(?:later|last)\s+of\s+the\s+"
        r"(?:parties['’]?\s+|two\s+)?signatures\b",
        r"signed\s+on\s+the\s+dates\s+(?:shown|written|stated|set\s+(?:out|forth)|indicated)\s+"
        r"(?:beneath|below|under|next\s+to|beside|opposite)\s+(?:the\s+|their\s+)?"
        r"(?:parties['’]?\s+|respective\s+)?signatures\b",
        # ("is entered into by the parties on the dates of their respective signatures below and
        # is effective as of October 1, 2009")
        r"dates\s+of\s+(?:their|the\s+parties['’]?)\s+(?:respective\s+)?signatures\b",
    )
)
# A start of its own whatever days the contract is signed on, where nothing else dates it: 'This
# Contract shall be effective as of January 1, 1999 (the "Effective Date"), notwithstanding the
# dates of its execution' (the day it was made is its later signature's; not a letter's own date
# over "effective as of October 1, 2019 ..., notwithstanding the date on which it is signed")
_START_WHATEVER_SIGNED = tuple(
    indexed(re.compile(pattern))
    for pattern in (
        *(
            lead + r"\s+the\s+dates?\s+(?:of\s+(?:its|their|the)\s+(?:execution|signature|signing)"
            r"|on\s+which\s+(?:it\s+(?:is|was)\s+(?:signed|executed)"
            # ("... deemed to have commenced on July 1, 2001 ..., notwithstanding the dates on
            # which the parties sign it")
            r"|(?:the\s+)?(?:parties|each\s+party)\s+(?:sign|signs|signed|execute|executes|executed)))\b"
            for lead in ("notwithstanding", r"regardless\s+of")
        ),
        # ("This Agreement takes effect on July 1, 2010 (the "Effective Date"), whether the parties
        # sign it before or after that date")
        r"whether\s+(?:the\s+parties\s+sign\s+it|it\s+is\s+signed)\s+before\s+or\s+after\b",
    )
)
# A start told in the past tense is the start of the agreement an amendment or a restatement
# continues, not its own: an amendment's replaced section "12.1 The term of this Agreement
# commenced on June 1, 2008 and ... shall continue ... through May 31, 2016" (not "shall be
# deemed to have commenced on", which backdates this one)
_STARTED_BEFORE = re.compile(
    r"(?<!have\s)(?<!has\s)(?<!had\s)\b(?:commenced|began|became\s+effective"
    r"|came\s+into\s+(?:force|effect)|took\s+effect)(?:\s+(?:on|as\s+of|from))?(?:\s+the)?\s*$"
)


def _of_a_part_of_the_term(text: PreparedText, current: FoundDate) -> bool:
    """Whether the words before a date in its sentence make it a part's: a year of the term
    (`of_a_part_of_the_term`) or a period the contract defines inside it."""
    begin = text.sentence_span(current.start, current.end)[0]
    return bool(
        of_a_part_of_the_term(text.low, begin, current.start)
        or _ANOTHER_PERIODS_DEFINITION.search(text.low, begin, current.start)
    )


# A payment's schedule starts no term: "a further monthly advisory fee of $25,000, payable in
# advance on the first business day of each month beginning March 3, 2008"
_PAID_BEFORE = re.compile(r"\b(?:payable|payments?|installments?|instalments?|invoiced)\b[^;]*$")
# A day that comes round again is no contract's start: "4.2 Effective on January 1, 2004 and
# on each January 1 thereafter, the prices shall be adjusted".
_RECURS_AFTER = re.compile(
    r"\s*,?\s*and\s+(?:on\s+)?(?:each|every)\s+(?:[\w,]+\s+){0,4}?(?:thereafter|after\s+that)\b"
)
_RECURS_REACH = 80


def _add_start(
    text: PreparedText,
    current: FoundDate,
    before: str,
    found: _Candidates,
    *,
    signed: bool,
    english: bool,
) -> None:
    """A start by its strength; a start deep in the body only when it starts the contract,
    and none of a part of the term ("the first Contract Year begins October 1, 2008")."""
    if (
        english
        and not signed
        and (
            (
                current.start >= _SIGNED_REACH
                and not _START_CONTEXT.search(text.sentence(current.start, current.end))
            )
            or _RENEWAL_BEFORE.search(before)
            or _of_a_part_of_the_term(text, current)
            or _STARTED_BEFORE.search(before)
            or _DURING_A_PERIOD.search(before)
            or _PAID_BEFORE.search(before)
            or _RECURS_AFTER.match(text.low, current.end, current.end + _RECURS_REACH)
        )
    ):
        found.inner_start = found.inner_start or current.value
        return
    rank = 3
    if signed and not _START_BEFORE.search(before):
        rank = 2  # only "dated as of": effective by convention
    elif english and current.start < _SIGNED_REACH:
        rank = 1
        found.preamble_start = found.preamble_start or current.value
    found.add_start(rank, current.value)


def _preamble_reach(text: PreparedText) -> int:
    """How far the preamble's dates reach: _SIGNED_REACH, or further when a cover page and a
    table of contents put the sentence the contract opens with further down."""
    opening = _PREAMBLE_SEARCH
    for verb in _PREAMBLE_VERBS:
        position = text.low.find(verb, 0, opening)
        for _ in range(_MAX_PREAMBLE_VERBS):
            if position == -1:
                break
            begin = max(0, position - _PREAMBLE_LOOKBACK)
            if _PREAMBLE_SUBJECT.search(text.low, begin, position):
                opening = position  # the first of this verb; an earlier verb may still come
                break
            position = text.low.find(verb, position + 1, opening)
    if opening == _PREAMBLE_SEARCH:
        return _SIGNED_REACH
    return max(_SIGNED_REACH, opening + _PREAMBLE_REACH)


def _made_between_as_of(text: PreparedText, current: FoundDate, before: str) -> str | None:
    """'This Agreement is made by and between A ... and B ... as of June 1, 2004': the
    preamble's date after its parties, dated as of by the same convention."""
    if not _AS_OF_BEFORE.search(before) and (
        not _ON_BEFORE.search(before) or _NOT_ON_BEFORE.search(before)
    ):
        return None
    # the parties' addresses ("Apt. 43", "Inc.") cut sentences: a window stands in for it
    head = text.low[max(0, current.start - _PARTIES_REACH) : current.start]
    made = _MADE_BETWEEN.search(head)
    # (not a recital's day after the preamble: "... ("Consultant"). RECITALS A. Consultant ...
    # will retire ... at the close of business on December 31, 2002")
    if made is None or _RECITALS_OPEN.search(head, made.end()):
        return None
    return "signed+start"


def _of_another_paper(text: PreparedText, found: FoundDate) -> bool:
    """Whether the date is another paper's, whatever role its words would give it: an EDGAR
    page footer's, a licence's a party was issued, another agreement's cited with its sides."""
    low, at = text.low, found.start
    return bool(
        _FILING_FOOTER.search(low, max(0, at - _FOOTER_REACH), at)
        or _issued_for(low, at)
        or _of_a_power_of_attorney(low, at)
        or _CITED_WITH_SIDES.search(text.norm, max(0, at - _CITED_REACH), at)
        or _CITED_CONTRACTS_TERM.search(low, max(0, at - _CITED_TERM_REACH), at)
        or _EDITION_IN_FORCE.search(low, max(0, at - _EDITION_REACH), at)
    )


# «Редакция № 4, действует с 01.10.2026»: an offer's edition in force, not a contract's start
_EDITION_IN_FORCE = re.compile(
    r"редакци\w*\s+(?:№\s*\S+\s*)?[,—–-]?\s*(?:действует|вступает\s+в\s+силу)\s+с\s*$"
)
_EDITION_REACH = 60


# «договор страхования ответственности туроператора № 7701-ГОТ-0931/24 от 26.11.2024, страховая
# сумма …, срок действия с 01.01.2025 по 31.12.2025»: the term of a contract cited by its
# number and date is that contract's
_CITED_CONTRACTS_TERM = re.compile(
    r"(?:договор|контракт|полис)\w*[^.;\n]{0,100}?№\s*[\w/.-]+\s+от\s+\d{2}\.\d{2}\.\d{4}"
    r"[^;\n]{0,200}?(?:срок\w*\s+действия\s+(?:с\s+\d{2}\.\d{2}\.\d{4}\s+)?(?:с|по|до)"
    # «… лицензионный договор № DL-7781 от 02.09.2024, …, по которому … предоставлено право
    # … на срок до 01.09.2027»
    r"|на\s+срок\s+до)\s*$"
)
_CITED_TERM_REACH = 360


def _issued_for(low: str, at: int) -> bool:
    """Whether the date at `at` is the day a passport or a licence was issued («выдан … »)."""
    issued = low.rfind("выдан", max(0, at - _ISSUED_REACH), at)
    if issued == -1 or (issued and low[issued - 1].isalpha()):
        return False
    return _ISSUED_FOR.fullmatch(low, issued, at) is not None


def _of_a_power_of_attorney(low: str, at: int) -> bool:
    """Whether the date is a power of attorney's, in the clause that names it (not after the
    preamble's «заключили настоящий договор», where a text's lines ran into one)."""
    named = low.rfind("доверенност", max(0, at - _POWER_OF_ATTORNEY_REACH), at)
    return named != -1 and not any(mark in low[named:at] for mark in (";", "\n", "заключил"))


def _signed_by_then(witnessed: date | None, current: FoundDate, before: str) -> date:
    """The day the signatures date the contract, with one more closing sentence read: the
    first, or, where each side has its own signing clause ("Signed at Columbus, Ohio on June 2,
    2006" over one side, "Signed at Makati City on 6 June 2006" over the other), the last: the
    contract is made when the last side signs."""
    if witnessed is None or (_SIGNED_AT_ON.search(before) and current.value > witnessed):
        return current.value
    return witnessed


def _signs_here(text: PreparedText, current: FoundDate, before: str) -> bool:
    """'Signed and effective this 25th day of May, 1999.' right above the signatures: the
    closing sentence that dates this document, wherever exhibits put it."""
    return not _REFERENCE_BEFORE.search(before) and bool(
        _SIGNED_BELOW.search(text.low, current.end, current.end + _SIGNATURE_MARK_REACH * 2)
    )


@lru_cache(maxsize=1)
def _witness_start(low: str) -> int | None:
    """Where the signature block's "in witness whereof" first opens in lower-cased text."""
    first: int | None = None
    for noun in _WITNESS_NOUNS:
        for found in finditer(noun, low):
            if first is not None and found.start() > first:
                break  # its block would open after the one found
            at = found.start()
            while at and low[at - 1].isspace():  # what `\s` matches
                at -= 1
            if at < found.start() and at >= 2 and low.startswith("in", at - 2):
                first = at - 2
                break
    return first


def _witnessed(before: str, position: int, witness: int | None) -> bool:
    """A date the signature block's own sentence gives: '... executed this Agreement on'."""
    return (
        witness is not None
        and 0 <= position - witness < _WITNESS_REACH
        and bool(_WITNESS_DATE_BEFORE.search(before))
        and not _REFERENCE_BEFORE.search(before)
    )


def _end_role(
    text: PreparedText, found: FoundDate, before: str, candidates: _Candidates, *, english: bool
) -> str | None:
    """'end' when the date ends the contract itself; a period's end is kept aside."""
    # (the sentence around the date, found once: every check below reads it)
    begin, finish = text.sentence_span(found.start, found.end)
    ending = _what_it_ends(text, begin, finish, found.end, english=english)
    if (
        ending == "contract"
        and english
        and (
            _an_attachments_end(text, begin, found)
            or _ANOTHER_PERIOD_DEFINED.match(text.low, begin)
            or _ANOTHER_PERIOD_NAMED_AFTER.match(text.low, found.end)
        )
    ):
        ending = None
    if ending == "contract" and english and _OWN_PERIOD_DEFINED.match(text.low, begin):
        # kept for where no sentence ends the term itself
        candidates.defined_end = candidates.defined_end or found.value
        ending = None
    if english and ending is None and _TERM_RANGE_BEFORE.search(before):
        sentence = text.low[begin:finish]
        if (
            _TERM_RANGE_CONTEXT.search(sentence)
            and not _NOT_CONTRACT_END.search(sentence)
            and not _an_attachments_end(text, begin, found)
        ):
            ending = "contract"
    if (
        english
        and _RENEWAL_CLAUSE.search(before)
        and not EXTENDED_HERE.search(text.low, begin, found.start)
    ):
        ending = None  # the end of a renewal period, not of the initial term
    # a period's end stands in for the contract's where the contract names none («Окончание
    # оказания услуг – 15 декабря 2020 года», «с … по …»), but a works deadline alone («выполняет
    # работы в срок до …») leaves the contract's open: it runs until performed
    deadline = _DEADLINE_BEFORE.search(before) and not _RANGE_IN_SENTENCE.search(
        text.low, begin, found.start
    )
    if ending == "period" and candidates.period_end is None and not deadline:
        candidates.period_end = found.value
    return "end" if ending == "contract" else None


# The definition of a period inside the contract, which may run from its date: '"Lock-Up Period"
# means the period beginning on the date of this Agreement and ending on March 31, 2018' (not
# the contract's own term by any of its names: "Term", "Initial Term", "Contract Period",
# "Subscription Term", "Consulting Period")
# The other names of the contract's own term: "Contract Period", "Subscription Term"
_OWN_TERM_NAMES = r"contract|agreement|license|licence|subscription|services?|consulting|engagement"
_ANOTHER_PERIOD_DEFINED = re.compile(
    r"[\W\d]*(?:\([a-z0-9]{1,3}\)\s*)?[\"“](?:(?!(?:initial|original|"
    + _OWN_TERM_NAMES
    + r")?\s*(?:term|period)[\"”])[^\"”\n]{1,40}?"
    r"(?:period|term)"
    # ... or of anything that is no period or date at all: '"Guaranteed Obligations" means all
    # amounts payable ... in respect of the period ending December 31, 2010'
    r"|(?![^\"”\n]*(?:term|period|date|expir|terminat|year|season))[^\"”\n]{1,40})"
    r"[\"”]\s*(?:(?:shall\s+)?means?\b|:)"
)
# ... or a period named right after its end: "The period from the date of this Agreement through
# December 31, 2007 (the "Pre-Launch Period") is not a Card Year"
_ANOTHER_PERIOD_NAMED_AFTER = re.compile(
    # (not the term's own first period by its name: 'through January 31, 2008 (the "Base
    # Period")')
    r"\s*\(\s*(?:the\s+)?[\"“](?!(?:initial\s+|original\s+|base\s+|primary\s+|fixed\s+|(?:"
    + _OWN_TERM_NAMES
    + r")\s+)?(?:term|period)[\"”])[^\"”\n]{1,40}?(?:period|year|season)[\"”]\s*\)"
)
# The definition of a period by one of the term's other names ('"Contract Period" means the
# period beginning at 7:00 a.m. on September 12, 2005 and ending at 11:59 p.m. on September 20,
# 2005'): the end of the contract where nothing else ends it, but a term section's own end
# outranks it ("The term of this Agreement shall ... continue through October 31, 2005": a
# venue's licence period inside a longer contract)
_OWN_PERIOD_DEFINED = re.compile(
    r"[\W\d]*(?:\([a-z0-9]{1,3}\)\s*)?[\"“](?:"
    + _OWN_TERM_NAMES
    + r")\s+(?:term|period)[\"”]\s*(?:(?:shall\s+)?means?\b|:)"
)
# A statement of work or an order form filed with a master agreement ends itself, not the
# agreement: "this SOW No. 1 shall remain in effect through March 31, 2018 (the "SOW Term")"
# under a "MASTER SERVICES AGREEMENT" whose own term is three years (not where the document is
# the statement of work or the order form itself)
# (or its field: a schedule's "1. Term of SOW: from 1st April 2008 to 31st March 2009")
_THIS_ATTACHMENT = re.compile(
    r"\b(?:this|term\s+of\s+(?:the\s+|this\s+)?)\s*(?:sow|statement\s+of\s+work|order\s+form)\b"
)
_ATTACHMENT_TITLE = re.compile(r"\b(?:sow|statement\s+of\s+work|order\s+form)\b")


def _an_attachments_end(text: PreparedText, begin: int, found: FoundDate) -> bool:
    """Whether the end (its sentence opening at `begin`) is that of a statement of work or
    order form the agreement attaches."""
    return bool(
        _THIS_ATTACHMENT.search(text.low, begin, found.start)
        and not _ATTACHMENT_TITLE.search(text.low, 0, _TITLE_REACH)
    )


def _period_end(text: PreparedText, period_end: date | None) -> date | None:
    """A period's end, standing in for the contract's, unless the contract runs until performed
    («действует до полного исполнения Сторонами своих обязательств»): looked for only where a
    period's end is there to stand in."""
    if period_end is None or _UNTIL_PERFORMED.search(text.low):
        return None
    return period_end


_UNTIL_PERFORMED = re.compile(
    r"(?:договор|контракт|соглашение)\s+(?:[а-яё]+\s+){0,12}?действует\s+до\s+(?:полного\s+)?"
    r"(?:исполнения|выполнения)"
)


def _runs_indefinitely(text: PreparedText) -> bool:
    """Whether the contract says it continues indefinitely or in perpetuity."""
    return _runs_indefinitely_low(text.low)


# "This Agreement has no fixed term. It will remain in effect until either party ends it"
_NO_FIXED_TERM = indexed(
    re.compile(r"(?<=\sno\s)fixed\s+(?:term|duration|date\s+of\s+(?:expiration|expiry))\b")
)
_HAS_NO_BEFORE = re.compile(r"(?:agreement|contract)\s+(?:has|shall\s+have|will\s+have)\s+no\s+$")


# A document's dates may ask it twice (the term's end, then the recitals' end): read once per text.
@lru_cache(maxsize=1)
def _runs_indefinitely_low(low: str) -> bool:
    if any(
        _HAS_NO_BEFORE.search(low, max(0, found.start() - 40), found.start())
        for found in finditer(_NO_FIXED_TERM, low)
    ):
        return True
    for word in _PERPETUAL:
        for count, found in enumerate(finditer(word, low)):
            if count >= _MAX_PERPETUAL:
                break
            # the pattern cannot cross a full stop, so a window stands in for the sentence
            said = _PERPETUAL_SENTENCE.search(low, max(0, found.start() - 220), found.end())
            if said is not None and not _AFTER_THE_FIRST_TERM.search(
                low, max(0, said.start() - _AFTER_REACH), said.start()
            ):
                return True
    return False


# ... nor once the first term is over, the words before it say: "On expiry of the Initial Term
# this agreement shall continue in force unless and until terminated", "After the initial
# period, this Agreement shall continue in force for an indefinite period"
_AFTER_THE_FIRST_TERM = re.compile(
    r"\b(?:on|upon|after|following|at)\s+(?:the\s+)?(?:(?:expiry|expiration|end)\s+of\s+the\s+"
    r"(?:initial\s+|first\s+|fixed\s+)?|(?:initial|first|fixed)\s+)(?:term|period)\s*,?\s*$"
    # ("... for an initial term of thirty-six (36) months ... (the "Initial Term"). Thereafter
    # this Agreement shall continue in effect indefinitely until terminated by either party")
    r"|(?:^|[.;]\s+)thereafter\s*,?\s*$"
)
_AFTER_REACH = 70


# A date the contract names and then starts on: 'dated as of July 1, 2009 (the "Restatement
# Date")' and "This Agreement shall commence on the Restatement Date"; '"Closing Date" means
# the date of this Agreement' and "This Agreement shall become effective on the Closing Date".
_NAMED_AFTER = re.compile(
    r"\s*\(\s*(?:the\s+)?[\"“]\s*(?P<name>[a-z][a-z -]{1,30}?\s+date)\s*[\"”]\s*\)"
)
# A name in quotes and its day: lowercase words that end in "date" ("closing date").
_NAME = r"[a-z][a-z -]{1,30}?\s+date"
_THIS_DATE = r"(?:hereof|of\s+this\s+(?:[\w-]+\s+){0,2}?(?:agreement|contract|charter|lease))"
# '"Closing Date" means the date of this Agreement' (the name read back from "means"), and
# "The closing ... is occurring on the date of this Agreement (the "Closing Date")". Each
# pattern opens with a literal word, found by the shared word index.
# ('"Closing Date" means the date on which the Merger becomes effective, being the date of this
# Agreement')
_MEANS_THIS_DATE = indexed(
    # ('"Closing Date" means the date on which the Merger becomes effective ..., which is the
    # date of this Agreement')
    re.compile(
        r"means?\s+the\s+date\s+(?:[^.;]{0,80}?,\s+(?:being|which\s+(?:is|shall\s+be))\s+the\s+date\s+)?"
        + _THIS_DATE
    )
)
_NAME_BEFORE_MEANS = re.compile(rf"[\"“](?P<name>{_NAME})[\"”]\s+(?:(?:shall|will)\s+)?$")
_NAME_REACH = 60
# The first day of the month after a day: "the first day of the (first full) calendar month
# (next) following the date ..."
_FIRST_OF_THE_MONTH_AFTER = (
    r"first\s+day\s+of\s+the\s+(?:first\s+)?(?:full\s+)?(?:calendar\s+)?month\s+"
    r"(?:next\s+|immediately\s+)?(?:following|after)\s+the\s+"
)
# ... the contract's own date: found by the day's words ("first": the words of effect,
# "commence", "come", "take", stand hundreds of times in 30 pages); a start where words of effect
# stand before them (`_WORDS_OF_EFFECT_BEFORE`), a named day where a definition does
# ('"Commencement Date" means the first day of the calendar month next following the date of this
# Agreement')
_MONTH_AFTER_ITS_DATE = indexed(
    re.compile(
        _FIRST_OF_THE_MONTH_AFTER
        + r"date\s+(?:"
        + _THIS_DATE
        + r"|of\s+its\s+signature|"
        + _FIRST_WRITTEN_ABOVE
        + r")"
    )
)
# ("This Agreement shall enter into force on the first day of the calendar month following
# the date of its signature")
_WORDS_OF_EFFECT_BEFORE = re.compile(
    r"(?:take\s+effect|commence|become\s+effective|enter\s+into\s+force|come\s+into\s+force)"
    r"[^.;]{0,60}?\bon\s+the\s+$"
)
_EFFECT_REACH = 100
_MEANS_BEFORE = re.compile(r"means?\s+the\s+$")
_THIS_DATE_NAMED = indexed(
    re.compile(r"date\s+" + _THIS_DATE + rf"\s*\(\s*(?:the\s+)?[\"“](?P<name>{_NAME})[\"”]\s*\)")
)
# The names the contract's start goes by already, read by rules of their own.
_OWN_START_NAMES = ("effective", "commencement")


def _named_dates(
    text: PreparedText, dates: list[FoundDate], signed: date | None
) -> dict[str, date]:
    """The days the contract names: in its opening after a date (`_NAMED_AFTER`), or as the
    date of this agreement (`_MEANS_THIS_DATE`, `_THIS_DATE_NAMED`); keyed by the name in
    lower case."""
    named: dict[str, date] = {}
    for found in dates:
        if found.start >= _SIGNED_REACH:
            break
        match = _NAMED_AFTER.match(text.low, found.end)
        if match and not match.group("name").startswith(_OWN_START_NAMES):
            named.setdefault(" ".join(match.group("name").split()), found.value)
    if signed is None:
        return named
    defined = (
        (match.start(), quoted.group("name"))
        for match in finditer(_MEANS_THIS_DATE, text.low)
        if (
            quoted := _NAME_BEFORE_MEANS.search(
                text.low, max(0, match.start() - _NAME_REACH), match.start()
            )
        )
    )
    after = ((match.start(), match.group("name")) for match in finditer(_THIS_DATE_NAMED, text.low))
    for _, name in heapq.merge(defined, after):
        named.setdefault(" ".join(name.split()), signed)
    # ... or the first of the month after it: '"Commencement Date" means the first day of the
    # calendar month next following the date of this Agreement'
    for match in finditer(_MONTH_AFTER_ITS_DATE, text.low):
        means = _MEANS_BEFORE.search(text.low, max(0, match.start() - 12), match.start())
        quoted = means and _NAME_BEFORE_MEANS.search(
            text.low, max(0, means.start() - _NAME_REACH), means.start()
        )
        if quoted is not None:
            named.setdefault(
                " ".join(quoted.group("name").split()), month_end(signed) + timedelta(days=1)
            )
    return named


# "This Agreement shall commence on the Restatement Date", "The term of this Agreement shall
# begin on ...", "... with effect from the Restatement Date": a pattern for each verb, opening
# with it (the shared word index finds them). The subject is read back from the verb: this
# contract or its term, not "The term of the Original Agreement commenced on the Opening Date".
_START_NAME = r"\s+the\s+(?P<name>" + DAY_NAME + r")\b"
_STARTS_ON_A_NAME = tuple(
    # ("shall become effective at the Effective Time on the Closing Date")
    indexed(
        re.compile(verb + r"(?:\s+at\s+[\w:. -]{1,30}?)?\s+(?:on|as\s+of|from|with)" + _START_NAME)
    )
    for verb in (
        r"commences?",
        r"begins?",
        r"start",
        # ("shall become effective and binding on the Parties on the Execution Date")
        r"effective(?:\s+and\s+binding(?:\s+" + _ON_THE_PARTIES + r")?)?",
        r"take[sn]?\s+effect",
        # "This Agreement shall come into force on the Completion Date" (a verb each, opening
        # with its word: the shared index finds them)
        r"comes?\s+into\s+(?:force|effect)",
        r"enters?\s+into\s+(?:force|effect)",
    )
)
_WITH_EFFECT_FROM_A_NAME = indexed(re.compile(r"with\s+effect\s+from" + _START_NAME))
# "the Original Agreement is amended and restated in its entirety, effective as of the
# Restatement Date, as follows" (the contract, restated, is what takes effect then)
_RESTATED_AS_OF_A_NAME = indexed(
    re.compile(
        r"restated\s+in\s+(?:its|their)\s+entirety,?\s+effective\s+(?:as\s+of|on)" + _START_NAME
    )
)
# a cover page's or schedule's term field: "Service Term: Sixty (60) months from the Service
# Commencement Date" (the day named in another field: "Service Commencement Date: July 1, 2017")
_TERM_FIELD_FROM_A_NAME = tuple(
    indexed(
        re.compile(
            label
            + r"\s*:\s*[^.;:\n]{1,40}?\b(?:years?|months?)\)?\s+(?:from|commencing\s+on)"
            + _START_NAME
        )
    )
    for label in ("term", "period")
)
_THIS_CONTRACT_BEFORE = re.compile(
    r"(?:" + THIS_CONTRACT + r"|\bterm)\W{0,3}\s+(?:(?:shall|will)\s+)?"
    r"(?P<be>(?:become|be|is)\s+)?$"
)
_SUBJECT_REACH = 120
_MAX_NAMED_STARTS = 5


def _named_starts(text: PreparedText) -> Iterator[re.Match[str]]:
    """Each "this Agreement shall commence on the X Date" (`_STARTS_ON_A_NAME`), in text
    order: the verb's match, once the words before it say it is this contract's."""
    verbs = heapq.merge(
        *(finditer(pattern, text.low) for pattern in _STARTS_ON_A_NAME),
        finditer(_WITH_EFFECT_FROM_A_NAME, text.low),
        finditer(_RESTATED_AS_OF_A_NAME, text.low),
        *(finditer(pattern, text.low) for pattern in _TERM_FIELD_FROM_A_NAME),
        key=lambda found: found.start(),
    )
    for found in verbs:
        if (
            found.re in (_WITH_EFFECT_FROM_A_NAME, _RESTATED_AS_OF_A_NAME)
            or found.re in _TERM_FIELD_FROM_A_NAME
        ):
            yield found
            continue
        subject = _subject_before(text, found)
        # "effective" stands after "become", "be" or "is"; the other verbs alone
        if subject is not None and bool(subject.group("be")) == found.group().startswith(
            "effective"
        ):
            yield found


def _subject_before(text: PreparedText, verb: re.Match[str]) -> re.Match[str] | None:
    """The words before a verb that make it this contract's ("This Agreement shall"), if
    they stand there (`_THIS_CONTRACT_BEFORE`)."""
    return _THIS_CONTRACT_BEFORE.search(
        text.low, max(0, verb.start() - _SUBJECT_REACH), verb.start()
    )


# ... unless its definition sends the reader to another day the text dates: '"Commencement
# Date": the Acceptance Date' (where '"Acceptance Date": 4 November 2019'), '"Effective Date"
# means 12:01 a.m., Eastern Time, on the Distribution Date' (`HOUR_ON`)
_DEFINED_AS_ANOTHER_DAY = re.compile(
    r"[\"“](?:effective|commencement)\s+date[\"”](?:\s*:|\s+(?:shall\s+)?means?)\s+"
    + HOUR_ON
    + r"the\s+"
    r"(?!effective\s|commencement\s|date\b)[a-z][a-z-]{1,20}(?:\s+[a-z][a-z-]{1,20})?\s+date\W*\n"
)


def _start_on_named_date(text: PreparedText, named: dict[str, date]) -> date | None:
    """The start where the contract commences on a day it named (`_named_dates`) or defines
    as one date ("This Agreement shall become effective on the Start Date", '"Start Date"
    means February 2, 2015')."""
    # (whether the definitions send the reader on, asked once and only for the own names)
    defined_as_another: bool | None = None
    for count, found in enumerate(_named_starts(text)):
        if count >= _MAX_NAMED_STARTS:
            break
        name = found.group("name")
        # (unless a definition dates it by the contract's own day: '"Commencement Date" means
        # the first day of the calendar month next following the date of this Agreement')
        if name.startswith(_OWN_START_NAMES) and " ".join(name.split()) not in named:
            if defined_as_another is None:
                defined_as_another = _DEFINED_AS_ANOTHER_DAY.search(text.low) is not None
            if not defined_as_another:
                continue  # the contract's own start, read by its own rules
        day = named_day(text, named, name)
        if day is not None:
            return day
    return None


# "This Agreement shall continue in force from the Restatement Date", "shall remain in effect
# for a period of five (5) years from the Restatement Date", where the opening names that day
# ('entered into as of February 8, 2016 (the "Restatement Date")'): the contract runs from
# the day it is dated, so it starts then. (Not a day named elsewhere: "one (1) year following
# the Launch Date" counts from a later day, and CUAD dates such a contract's start by its
# opening.)
_IN_FORCE_FROM_A_NAME = tuple(
    indexed(
        re.compile(
            verb + r"\s+in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?"
            r"(?:\s+for\s+[^.;]{1,60}?)?\s+from" + _START_NAME
        )
    )
    for verb in ("continue", "remain")
)


def _in_force_from_its_own_day(text: PreparedText, named: dict[str, date]) -> date | None:
    """The day named in the opening that the contract stays in force from, if it says so."""
    verbs = heapq.merge(
        *(finditer(pattern, text.low) for pattern in _IN_FORCE_FROM_A_NAME),
        key=lambda found: found.start(),
    )
    for found in verbs:
        day = named.get(" ".join(found.group("name").split()))
        if day is not None and _subject_before(text, found) is not None:
            return day
    return None


# A spin-off's agreement "shall become effective at the Effective Time", where '"Effective Time"
# means 12:01 a.m., New York City time, on the Distribution Date' and '"Distribution Date" means
# July 1, 2013': the day of that time, where the definitions date it
_AT_THE_EFFECTIVE_TIME = indexed(
    re.compile(r"effective\s+(?:as\s+of|at)\s+the\s+effective\s+time\b")
)
_TIME_ON_A_DAY = re.compile(
    r"(?:[^.;]|(?<=\b[ap])\.|(?<=\b[ap]\.m)\.){0,80}?\bon\s+the\s+(?P<name>" + DAY_NAME + r")\b"
)


def _start_at_effective_time(text: PreparedText, named: dict[str, date]) -> date | None:
    """The day of the Effective Time this contract takes effect at, if the text dates it."""
    said = itertools.islice(finditer(_AT_THE_EFFECTIVE_TIME, text.low), _MAX_NAMED_STARTS)
    # ("This Agreement shall become effective at", not "Subject to the terms of this
    # Agreement, effective as of the Effective Time, X hereby grants")
    subjects = (_subject_before(text, found) for found in said)
    if not any(subject is not None and subject.group("be") for subject in subjects):
        return None
    definition = definition_of(text, r"effective\s+time")
    if definition is None:
        return None
    on = _TIME_ON_A_DAY.match(text.low, definition.end())
    if on is not None:
        return named_day(text, named, on.group("name"))
    # ... or on a day it writes: '"Effective Time" means 12:01 a.m., New York City time, on
    # October 1, 2014' (the day a definition writes, as any named day's is read)
    return defined_day(text, "effective time")


def _start_on_last_signature(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The last signature's date where the contract takes effect on it, if it gives one, or
    the first day of the next month where it takes effect then."""
    if any(search(pattern, text.low) for pattern in _EFFECTIVE_ON_LAST_SIGNATURE):
        return _last_signature_date(text, dates)
    if any(search(pattern, text.low) for pattern in _MONTH_AFTER_SIGNING):
        last = _last_signature_date(text, dates)
        return month_end(last) + timedelta(days=1) if last is not None else None
    return None


# "This Agreement shall become effective on the first day of the month following the date on
# which it has been signed by both Parties"
# ('The term of this Agreement (the "Consulting Period") will begin on the first day of the
# calendar month immediately following the date on which this Agreement has been signed by both
# you and the Company (the "Effective Date")'; one pattern per verb, each opening with its word)
_MONTH_AFTER_SIGNING = tuple(
    indexed(
        re.compile(
            verb
            + r"\s+the\s+"
            + _FIRST_OF_THE_MONTH_AFTER
            + r"(?:date\s+|month\s+)?(?:on\s+which\s+|in\s+which\s+)?(?:it|this\s+agreement)\s+"
            r"(?:has\s+been|is|was)\s+(?:signed|executed)\s+by\s+(?:both|all|each)"
        )
    )
    # ('"Commencement Date" means the first day of the calendar month next following the month
    # in which this Agreement has been signed by both parties')
    for verb in (
        r"effective\s+(?:on|as\s+of)",
        r"begin\s+on",
        r"commence\s+on",
        r"take\s+effect\s+on",
        r"commencement\s+date\W{0,3}\s+(?:shall\s+)?means?",
    )
)


def _start_by_definition(
    text: PreparedText,
    dates: list[FoundDate],
    signed: date | None,
    on_last_signature: date | None,
    *,
    english: bool,
    defines_effective: bool,
) -> date | None:
    """The start when no date is called the start: the last signature where the contract
    takes effect on it (`_start_on_last_signature`, read by the caller), or the signing date
    (`defines_effective`: an English contract that speaks of an Effective Date and ties it to
    no event, as the caller read it)."""
    if on_last_signature is not None:
        return on_last_signature
    if signed is not None and (
        _effective_on_signing(text.low) or (english and _term_from_signing(text.low))
    ):
        return signed
    # English drafting: an agreement with no effective-date clause is effective on its date,
    # unless it ties its start to an event or never speaks of taking effect at all.
    return signed if english and defines_effective else None


_RU_HOUR_BEFORE = re.compile(
    r"(\s(?:с|со|по|до))\s+(?:\d{1,2}\s*(?:час\w*|ч\b\.?)(?:\s+\d{1,2}\s*мин\w*\.?)?|\d{1,2}:\d{2}"
    r"(?:\s*(?:ч|час\w*)\.?)?)\s*$"
)


def _clause_before(low: str, position: int) -> str:
    """Up to _WINDOW characters before position, from the start of their sentence or item."""
    window = low[max(0, position - _WINDOW) : position]
    # the full stop of a time ("12:01 a.m. Eastern time on") ends no sentence
    # nor does that of "i.e." ("the Date of Installation, i.e. December 10, 1993")
    window = window.replace("a.m. ", "a.m  ").replace("p.m. ", "p.m  ").replace("i.e. ", "i.e  ")
    cut = max(window.rfind(". "), window.rfind(";"), window.rfind("\n\n"), window.rfind(".\n"))
    clause = window[cut + 1 :] if cut != -1 else window
    # the hour a Russian term opens or closes on: «с 00 часов 00 минут 01.03.2025», «по 24 часа
    # 00 минут», «до 18:00» read as «с», «по», «до» right before the day
    return _RU_HOUR_BEFORE.sub(r"\1 ", clause) if "ч" in clause or ":" in clause else clause


def _what_it_ends(
    text: PreparedText, begin: int, finish: int, end: int, *, english: bool
) -> str | None:
    """'contract' when the sentence [begin, finish) of a date ending at `end` ends the
    contract itself, 'period' when it ends the works or services inside it ("срок выполнения
    работ: с … по …"), None for anything else."""
    context = text.low[begin:finish]
    # a period the parenthesis after its end names as the term ends the contract, whatever
    # else the sentence speaks of ("appoint the Distributor as its exclusive distributor ...
    # for the period commencing on January 1, 2005 ... and ending on December 31, 2009 (such
    # period, as it may be extended under Section 12.1, the "Term")")
    if english and _NAMED_THE_TERM.match(text.low, end, finish):
        return "contract"
    # «действует до 31 декабря 2024 г., а в части гарантийных обязательств — до их
    # исполнения»: what outlives the contract is said after its end
    if _NOT_CONTRACT_END.search(context if english else text.low[begin:end]):
        return None
    if _END_CONTEXT.search(context) or (
        english
        and _OPENS_WITH_IT.match(context)
        and _END_CONTEXT.search(_sentence_before(text, begin))
    ):
        return "contract"
    return "period" if _PERIOD_CONTEXT.search(context) else None


# The parenthesis after a period's end that names the period the contract's term: '(such
# period, as it may be extended ..., the "Term")', '(the "Initial Term")' (not a renewal's, an
# extension's or another period's name)
_NAMED_THE_TERM = re.compile(
    r"\s*\((?:such\s+period\b[^()\"“”]{0,80}?,\s*)?(?:herein\s+|hereinafter,?\s+"
    r"(?:(?:referred\s+to\s+as|called)\s+)?)?(?:the\s+)?[\"“](?:initial\s+)?"
    + TERM_NAME
    + r"[\"”]\s*\)"
)


# "13.1 This Agreement shall enter into force upon signature by both Parties. It is concluded
# for a fixed term ending on 31 December 2010.": the sentence speaks of the contract the one
# before it names
_OPENS_WITH_IT = re.compile(r"[\W\d]*it\s+(?:is|shall|will|expires|ends|terminates)\b")


def _sentence_before(text: PreparedText, begin: int) -> str:
    """The lower-cased sentence before the one that opens at begin (empty at the text's start)."""
    if begin < 2:
        return ""
    previous, _ = text.sentence_span(begin - 2, begin - 1)
    return text.low[previous:begin]


def _dates_this_document(
    before: str, position: int, *, english: bool = False, reach: int = _SIGNED_REACH
) -> bool:
    """True when the words before a 'dated' date name this document, not another one."""
    if _REFERENCE_BEFORE.search(before):
        return False
    if position < _TITLE_REACH or _SELF_REFERENCE.search(before):
        return True
    # In an English preamble "is made this 22 day of June" dates this document; only
    # "dated" is also how other agreements are cited ("that certain Agreement dated ...").
    signed = _SIGNED_BEFORE.search(before) if english and position < reach else None
    return signed is not None and not signed.group(0).startswith("dated")


# An Australian "Details" page's "Date: 14 August 2017" (or "Date    14 March 2011") over its
# parties: the day the contract is dated, where it opens the text (not a signature block's)
# Latin American drafting opens with the place and the day: "In the City of Buenos Aires,
# Argentine Republic, on the 9th day of October, 2001, between ...", "In Santiago, Chile, as of
# September 1, 2009, between ..." (a place of a few words, and at most two more after commas)
_PLACE_OPENING = re.compile(
    r"(?:^|\n)[ \t]*in\s+(?:the\s+city\s+of\s+)?[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}"
    r"(?:,\s*[a-z][\w.'’-]*(?:\s+[a-z][\w.'’-]*){0,3}){0,2},\s*(?:on|as\s+of)(?:\s+the)?\s*$"
)
_DETAILS_DATE = re.compile(r"(?:^|\n)[ \t]*date(?:\s*:|[ \t]{2,})\s*$")


# The day an ending takes effect is no start: "a one-time right to terminate this Sublease
# effective as of July 31, 2010 (the "Early Termination Date")"
_ENDING_EFFECTIVE = re.compile(
    r"\b(?:terminat|cancel|expir)\w*\b[^.;]{0,80}?\beffective(?:\s+(?:as\s+of|on|from))?"
    r"(?:\s+the)?\s*$"
)


def _role_of(
    before: str, after: str, previous: tuple[FoundDate, str] | None, found: FoundDate
) -> str | None:
    signed = _SIGNED_BEFORE.search(before)
    if signed is None and found.start < _PARTIES_REACH:
        signed = _DETAILS_DATE.search(before) or _PLACE_OPENING.search(before)
    # "dated as of" / "entered into as of" names the effective date by convention.
    as_of = signed is not None and "as of" in signed.group(0)
    start = as_of or bool(
        (_START_BEFORE.search(before) and not _ENDING_EFFECTIVE.search(before))
        or _START_AFTER.search(after)
    )
    if signed is not None:
        return "signed+start" if start else "signed"
    if start:
        return "start"
    if _RU_PERIOD_START.search(before):
        return "period_start"
    return "end" if _is_end(before, previous, found) else None


def _is_end(before: str, previous: tuple[FoundDate, str] | None, found: FoundDate) -> bool:
    if _END_BEFORE.search(before):
        return True
    if not _RANGE_END_BEFORE.search(before):
        return False
    in_range = (
        previous is not None
        and previous[1] in {"start", "signed+start", "period_start"}
        and found.start - previous[0].end < 40
    )
    return in_range or bool(_TERM_WORDS.search(before) or _TERM_RANGE_BEFORE.search(before))


# «СОГЛАШЕНИЕ о расторжении договора аренды № 14/А от 01.02.2023», «Дополнительное соглашение
# № 2 к Договору подряда № 17 от 10.01.2025»: the title dates the contract it amends or ends
_OTHER_CONTRACTS_DATE = re.compile(
    r"(?:\bк|расторжени\w*|изменени\w*\s+в)\s+(?:[а-яё]+\s+){0,6}?(?:договор|контракт|соглашени)"
    r"\w*[^\n]{0,80}?\bот\s*$"
)
# "г. Екатеринбург «", "город Нижний Новгород, ": the place a header's date follows
_CITY_BEFORE = re.compile(
    r"\b(?:г\.|гор\.|город)\s*[а-яё][а-яё-]+(?:[\s-]+[а-яё][а-яё-]+)?[\s,]*[«\"]?$"
)
_CITY_REACH = 50


def _header_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The date beside the city in a Russian header ('г. Москва 25.06.2024 г.')."""
    anchor = _PARTY_ANCHOR.search(text.low, 0, _HEADER_REACH)
    limit = anchor.start() if anchor else _HEADER_REACH
    # a short contract's signatures can stand within the reach: their dates are no header's
    witness = _witness_start(text.low[:limit])
    limit = limit if witness is None else witness
    for found in dates:
        if found.end > limit:
            break
        line_start, line_end = text.line_span(found.start, found.end)
        line = text.low[line_start:line_end]
        # a long line is a sentence, unless the city stands right before the date: OCR runs a
        # header's title, place and date into one paragraph ("ДОГОВОР № 5 ... г. Екатеринбург
        # «03» сентября 2024 г.")
        if len(" ".join(line.split())) > 120 and not _CITY_BEFORE.search(
            text.low, max(0, found.start - _CITY_REACH), found.start
        ):
            continue
        if _NOT_SIGNING.search(text.low, max(0, found.start - 80), found.start):
            continue
        if _OTHER_CONTRACTS_DATE.search(text.low, max(0, found.start - 160), found.start):
            continue
        return found.value
    return None


# An attachment's heading on a line of its own: "ORDER FORM NO. 1", "EXHIBIT B", "SCHEDULE 2"
_ATTACHMENT_HEADING = re.compile(
    r"\n[ \t]*(?:order\s+form|statement\s+of\s+work|schedule|exhibit|annex|appendix|addendum"
    r"|attachment)\b[^\n]{0,60}\n"
)


def _last_signature_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The latest 'Date: ...' under the signatures: a contract is made when the last side signs."""
    tail_start = max(0, len(text.low) - _SIGNATURE_REACH)
    witness = _witness_start(text.low)
    block = (witness, witness + _WITNESS_REACH) if witness is not None else (-1, -1)
    signatures: list[date] = []
    row_end = -1  # where the last signature date ended
    # an attachment after the signatures, signed on its own ("ORDER FORM NO. 1 ... Date: June
    # 8, 2011" under a master agreement signed in May): its dates are not the contract's
    attachment = _ATTACHMENT_HEADING.search(text.low, witness) if witness is not None else None
    for found in dates:
        if attachment is not None and found.start > attachment.start() and signatures:
            break
        in_block = (
            found.start >= tail_start
            or block[0] <= found.start < block[1]
            # a signature page before the exhibits: "Date: ... By: /s/ ..."
            or "/s/"
            in text.low[
                max(0, found.start - _SIGNATURE_MARK_REACH) : found.end + _SIGNATURE_MARK_REACH
            ]
            or _in_signature_table(text, found.start)
        )
        # two signature columns flattened into one line: "Date: Date: 3-29-2016 3-31-16",
        # the second date follows the first with nothing but spaces (or a table's bar) between
        in_row = (
            row_end >= 0
            and found.start - row_end <= _DATE_ROW_GAP
            and not text.low[row_end : found.start].strip(" |")
        )
        if (
            in_block
            and (
                in_row
                or _SIGNATURE_DATE_BEFORE.search(text.low, max(0, found.start - 20), found.start)
                or _on_a_place_and_date_line(text, found)
                or _ACCEPTED_ON.search(text.low, max(0, found.start - _ACCEPTED_REACH), found.start)
                or _SIGNED_AT_ON.search(
                    text.low, max(0, found.start - _SIGNED_AT_REACH), found.start
                )
                or _EXECUTION_BLOCK_ON.search(
                    text.low, max(0, found.start - _EXECUTION_BLOCK_REACH), found.start
                )
            )
            and not _NO_PARTYS_BLOCK.search(
                text.low, max(0, found.start - _NO_PARTYS_REACH), found.start
            )
            and not _ANOTHER_DAYS_FIELD.search(
                text.low, text.low.rfind("\n", 0, found.start) + 1, found.start
            )
        ):
            signatures.append(found.value)
            row_end = found.end
    return max(signatures) if signatures else None


def _on_a_place_and_date_line(text: PreparedText, found: FoundDate) -> bool:
    """Whether the date ends a line that holds only a place before it ("Stuttgart, 14 March
    2006", "São Paulo, March 4th, 2013.")."""
    line_start, line_end = text.line_span(found.start, found.end)
    return (
        _PLACE_BEFORE_DATE.fullmatch(text.low, line_start, found.start) is not None
        and not text.low[found.end : line_end].strip().removeprefix(".").strip()
    )


def _signed_at_the_end(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The date of a Russian contract's closing line («Договор подписан Сторонами …»)."""
    tail_start = max(0, len(text.low) - _SIGNATURE_REACH)
    for found in dates:
        if found.start >= tail_start and _RU_SIGNED_AT_THE_END.search(
            text.low, max(0, found.start - 80), found.start
        ):
            return found.value
    return None


def _in_signature_table(text: PreparedText, position: int) -> bool:
    """Whether position is in a table row under a table's signatures ("| Signature | /s/ ...")."""
    line_start = text.low.rfind("\n", 0, position) + 1
    if not text.low.startswith("|", line_start):
        return False
    above = text.low[max(0, line_start - _SIGNATURE_TABLE_REACH) : line_start]
    return "| signature" in above or "/s/" in above


def _signed_beside_signature(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The latest date written right after a signature ('/s/ Jane Roe 1/14/02'), if any."""
    signatures = [
        found.value
        for found in dates
        if _SIGNATURE_MARK.search(
            text.low, max(0, found.start - _SIGNATURE_MARK_REACH), found.start
        )
        and not _SENTENCE_WORDS.search(text.low, max(0, found.start - 40), found.start)
    ]
    return max(signatures) if signatures else None


def _title_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """A date opening a line that goes on with the title: 'May 3, 2016 LICENSE AGREEMENT'."""
    for found in dates:
        if found.start >= _SIGNED_REACH:
            break
        line_start = text.norm.rfind("\n", 0, found.start) + 1
        if text.norm[line_start : found.start].strip(" #*"):
            continue  # the date is not what the line opens with
        if _TITLE_AFTER_DATE.match(text.norm, found.end):
            return found.value
    return None


# A letter's date: a line of its own above the addressee and the salutation ("August 14, 2000"
# over "Mr. Dennis R. Aubrey ... Dear Mr. Aubrey:")
# (British letters leave the comma out: "Dear Sirs" on a line of its own)
_SALUTATION_AFTER = re.compile(
    r"\n[ \t]*(?:dear\s+[^\n]{1,60}?|ladies\s+and\s+gentlemen)(?:[:,]|[ \t]*\n)"
)
_LETTER_HEAD_REACH = 800
_SALUTATION_REACH = 500


def _letter_date(text: PreparedText, dates: list[FoundDate]) -> date | None:
    """The date a letter agreement is written on, on its line above the salutation."""
    for found in dates:
        if found.start >= _LETTER_HEAD_REACH:
            break
        line_start = text.low.rfind("\n", 0, found.start) + 1
        line_end = text.low.find("\n", found.end)
        line_end = len(text.low) if line_end < 0 else line_end
        if text.low[line_start : found.start].strip() or text.low[found.end : line_end].strip():
            continue  # not a line of its own
        if _SALUTATION_AFTER.search(text.low, found.end, found.end + _SALUTATION_REACH):
            return found.value
    return None


def _end_of_single_term(text: PreparedText, start: date) -> date | None:
    """Start plus one year (or month) for a term that names its unit in the singular."""
    for count, found in enumerate(finditer(_SINGLE_TERM, text.low)):
        if count >= _MAX_SINGLE_TERMS:
            break
        if found.start() and text.low[found.start() - 1].isalpha():
            continue  # "determ of", not a term
        begin, _ = text.sentence_span(found.start(), found.end())
        sentence = text.low[begin : found.end()]
        if _SETS_CONTRACT_TERM.search(sentence) and not _NOT_CONTRACT_TERM.search(sentence):
            return add_months(start, 12 if found.group("unit") == "year" else 1)
    return None
