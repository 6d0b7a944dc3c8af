"""Contract analysis against the checklist: providers behind one port, quote check, report."""

from chalicelib.analysis.port import AnalysisProvider
from chalicelib.analysis.rules import RulesProvider

__all__ = ["AnalysisProvider", "RulesProvider"]
