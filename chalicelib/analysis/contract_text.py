"""The contract as the checks search it: probes find sentences, fast and within fixed bounds."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from chalicelib.analysis.profile import detect_kind, find_title
from chalicelib.analysis.quotes import QUOTE_MARKS, replace_all
from chalicelib.language import main_language
from chalicelib.sentences import find_sentence

if TYPE_CHECKING:
    from chalicelib.analysis.quotes import Replacements
    from chalicelib.models import PrescreenResult

# A pattern that matches a thousand times proves no more than forty matches do.
MAX_HITS_PER_PROBE = 40
# Regular expressions run only near their trigger words: at most this many
# sites, this far either side. Together they bound the work on any document,
# however long or hostile: at most MAX_SITES * 2 * REACH characters per probe.
MAX_SITES = 500
REACH = 300

# One-for-one replacements, so offsets in the search copy are offsets in the
# text. "İ" is the one letter whose lower case is two characters long.
_SEARCH_REPLACEMENTS: Replacements = (
    *QUOTE_MARKS,
    *((space, " ") for space in "\u00a0\u2007\u202f\u2009\u200a"),
    ("İ", "I"),
)


@dataclass(frozen=True)
class Probe:
    """A pattern with the lower-case words that every match of it contains.

    The triggers are found with plain substring search, which is far faster
    than a regular expression; the pattern then runs only around them.
    """

    pattern: re.Pattern[str]
    triggers: tuple[str, ...]


def probe(regex: str, *triggers: str, flags: int = re.IGNORECASE) -> Probe:
    """A probe from a regular expression and its trigger words."""
    return Probe(re.compile(regex, flags), triggers)


@dataclass(frozen=True)
class Hit:
    """A probe's match with the sentence around it."""

    start: int
    end: int
    quote: str  # the sentence as in the text, whitespace collapsed: the finding's quote
    context: str  # the same sentence in the search form, for further patterns


class ContractText:
    """A contract's text with what the checks ask of it, computed once."""

    def __init__(self, markdown: str, prescreen: PrescreenResult) -> None:
        self.text = markdown
        self.prescreen = prescreen
        self._search = replace_all(markdown, _SEARCH_REPLACEMENTS)
        self._lower = self._search.lower()
        self._sites: dict[str, list[int]] = {}

    def hits(self, probe: Probe, limit: int = MAX_HITS_PER_PROBE) -> list[Hit]:
        """Matches of a probe (at most `limit`), in text order, each with its sentence."""
        found: list[Hit] = []
        for lo, hi in self._windows(probe.triggers):
            for match in probe.pattern.finditer(self._search, lo, hi):
                quote = find_sentence(self.text, match.start(), match.end())
                context = replace_all(quote, _SEARCH_REPLACEMENTS)
                found.append(Hit(match.start(), match.end(), quote, context))
                if len(found) >= limit:
                    return found
        return found

    def hits_of(self, probes: tuple[Probe, ...]) -> list[Hit]:
        """Matches of several probes, in text order, one per position."""
        merged = {hit.start: hit for probe in probes for hit in self.hits(probe)}
        return [merged[start] for start in sorted(merged)]

    def contains(self, *probes: Probe) -> bool:
        """True when any of the probes matches anywhere."""
        return any(
            probe.pattern.search(self._search, lo, hi)
            for probe in probes
            for lo, hi in self._windows(probe.triggers)
        )

    def matched(self, hit: Hit) -> str:
        """The words a hit's pattern matched, in the search form."""
        return self._search[hit.start : hit.end]

    def negated(self, hit: Hit, negation: re.Pattern[str], lead_chars: int) -> bool:
        """True when the words a hit matched, or the few before them, deny it ("не вправе")."""
        return bool(
            negation.search(self.window_before(hit.start, lead_chars) + " " + self.matched(hit))
        )

    def window_before(self, position: int, chars: int) -> str:
        """Up to `chars` of search text that end at a position (for a clause's preamble)."""
        return self._search[max(0, position - chars) : position]

    def _windows(self, triggers: tuple[str, ...]) -> list[tuple[int, int]]:
        """Merged spans around the first MAX_SITES places where a trigger occurs."""
        sites = sorted(site for trigger in triggers for site in self._sites_of(trigger))
        spans: list[tuple[int, int]] = []
        for site in sites[:MAX_SITES]:
            lo, hi = max(0, site - REACH), min(len(self._search), site + REACH)
            if spans and lo <= spans[-1][1]:
                spans[-1] = (spans[-1][0], hi)
            else:
                spans.append((lo, hi))
        return spans

    def _sites_of(self, trigger: str) -> list[int]:
        """Where a trigger occurs (the first MAX_SITES places), found once per document."""
        if trigger not in self._sites:
            sites: list[int] = []
            position = self._lower.find(trigger)
            while position != -1 and len(sites) < MAX_SITES:
                sites.append(position)
                position = self._lower.find(trigger, position + 1)
            self._sites[trigger] = sites
        return self._sites[trigger]

    @cached_property
    def language(self) -> str:
        """ "ru" or "en": the prescreen's answer, else the text's script (`main_language`)."""
        if self.prescreen.language in ("ru", "en"):
            return self.prescreen.language
        return main_language(self.text)

    @cached_property
    def title(self) -> str:
        """The document's title line (verbatim), for findings about a clause that is absent."""
        return find_title(self.text)

    @cached_property
    def kind(self) -> str | None:
        """The kind (annex, nda, licence, works, services, supply, lease) if we can tell."""
        return detect_kind(self.prescreen.contract_type, self.title, self._search)

    @property
    def is_part(self) -> bool:
        """True for an annex or an amendment: the clauses it lacks may be in the main contract."""
        return self.kind == "annex"
