"""The electrical rules check of one build: SKiDL's ERC plus the project's rules.

Anything SKiDL reports as an error or a warning counts as a failure, and so
does every finding of the project's rules (rules.py): a clean build has none.
"""

from dataclasses import dataclass, field

from . import netlist as nl
from . import rules, sk


@dataclass
class ErcResult:
    variant: str
    skidl_errors: list = field(default_factory=list)
    skidl_warnings: list = field(default_factory=list)
    findings: list = field(default_factory=list)  # rules.Finding
    netlist_text: str = ""
    netlist: object = None

    @property
    def problems(self):
        return (
            [f"SKiDL error: {m}" for m in self.skidl_errors]
            + [f"SKiDL warning: {m}" for m in self.skidl_warnings]
            + [f"{f.rule}: {f.message}" for f in self.findings]
        )

    @property
    def ok(self):
        return not self.problems


def _collect(result):
    for logger, level, msg in sk.MESSAGES:
        text = " ".join(msg.split())
        if level in ("ERROR", "CRITICAL"):
            result.skidl_errors.append(f"[{logger}] {text}")
        elif level == "WARNING":
            result.skidl_warnings.append(f"[{logger}] {text}")
    sk.clear()


def run(b):
    """ERC a Board, write its netlist text and check the rules on that text."""
    result = ErcResult(b.variant)
    sk.clear()
    b.circuit.ERC()
    errors, warnings = sk.counts()
    _collect(result)
    # the counters and the messages must agree; trust the larger
    while len(result.skidl_errors) < errors:
        result.skidl_errors.append("(error counted by SKiDL without a message)")
    while len(result.skidl_warnings) < warnings:
        result.skidl_warnings.append("(warning counted by SKiDL without a message)")
    result.netlist_text = nl.generate(b)
    _collect(result)  # anything SKiDL said while writing the netlist
    result.netlist = nl.parse(result.netlist_text)
    result.findings = rules.check(result.netlist)
    return result
