"""Failures of one cause, told once: a broken rule fails every combination it touches, and a summary
of 500 lines that differ only in their numbers hides the one thing to fix.

Two failures share a cause when their details have the same shape: the same text once numbers
(`17`, `-0.5`, `0x7f`, `inf`, `17x63`), data type names and layout names are blanked out. Every
case still has its own row in the table and in the JSON; only the summary groups.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.results import CaseResult

EXAMPLES = 3  # cases quoted per group

_NAMES = sorted({*dt.DT.__members__, *dt.LAYOUT.__members__}, key=len, reverse=True)
_NAME = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, _NAMES)) + r")(?![A-Za-z0-9_])")
_SIZE = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:x\d+)+(?![A-Za-z0-9_])")  # 17x63, 4x4x4
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])[-+]?(?:0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|inf|nan)"
                     r"(?![A-Za-z0-9_])", re.IGNORECASE)


def message_shape(detail: str) -> str:
    """The detail with what varies between combinations blanked: numbers as `#`, D3D12 data type
    and layout names as `<type>`."""
    shape = _NUMBER.sub("#", _NAME.sub("<type>", detail))
    return _SIZE.sub("#x#", shape)


@dataclass
class FailureGroup:
    """The failing cases whose details have one shape, in report order."""

    shape: str
    cases: list[CaseResult]

    def examples(self, count: int = EXAMPLES) -> list[CaseResult]:
        """A few cases, from as many different combinations as there are (the second part of a
        case's name: `mul/FLOAT16,.../ROW_MAJOR/1x1`, `convert/FLOAT32>E4M3/MUL_OPTIMAL`)."""
        chosen: dict[str, CaseResult] = {}
        families: set[str] = set()
        for case in self.cases:
            family = case.name.split("/")[1] if "/" in case.name else case.name
            if family not in families and len(chosen) < count:
                families.add(family)
                chosen[case.name] = case
        for case in self.cases:
            if len(chosen) >= count:
                break
            chosen.setdefault(case.name, case)
        return list(chosen.values())

    def groups(self) -> Counter:
        """How many of the cases are in each case group (mul, layout, ...)."""
        return Counter(case.group for case in self.cases)


def group_failures(failed: list[CaseResult]) -> list[FailureGroup]:
    """The failures grouped by the shape of their detail, groups in the order of their first case."""
    groups: dict[str, FailureGroup] = {}
    for result in failed:
        shape = message_shape(result.detail)
        groups.setdefault(shape, FailureGroup(shape, [])).cases.append(result)
    return list(groups.values())
