"""The ub dialect's `ub.poison` (llvm-project `mlir/docs/Dialects/UBOps.md`): a value any bits may stand for.

dxlinalg does not track poison; `ub.poison` gives zeros (a valid refinement: poison may become any value). IREE
uses it as the initial value of vectors whose elements are all inserted before they are read.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dxlinalg.mlir.ir import Operation
from dxlinalg.mlir.ops.common import dtype_of, require_element, shape_of
from dxlinalg.mlir.ops.registry import define, expect_counts
from dxlinalg.mlir.parser import OpParser


def _parse_poison(p: OpParser) -> None:
    """`%p = ub.poison [<#ub.poison>] : T`."""
    if p.peek("<"):
        p.properties()
    p.attr_dict()
    p.expect(":", "before the type")
    p.result_types.append(p.type())


def _verify_poison(op: Operation) -> None:
    expect_counts(op, 0, 1)
    require_element(op, op.result_types[0], "ixf", "result")


def _lower_poison(op: Operation, lw: Any) -> Any:
    value = np.zeros((1,) + shape_of(op.result_types[0]), dtype_of(op.result_types[0]))

    def kernel(machine: Any, frame: list, args: list) -> tuple:
        return (value,)
    return kernel


define("ub.poison", parse=_parse_poison, verify=_verify_poison, lower=_lower_poison)
