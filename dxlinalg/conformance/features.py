"""The feature checks: tier, the query protocol, valid properties and the minimum support set.

They judge the raw answers of CheckFeatureSupport (`host.FeatureQuery`) and hand the valid,
reported combinations to the planner (`cases.DeviceFeatures`).
"""

from __future__ import annotations

from d3d12api import E_INVALIDARG, S_OK
from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.cases import (
    MINIMUM_MUL,
    MINIMUM_OUTER_PRODUCT,
    MINIMUM_VECTOR_ACCUMULATE,
    TIER_1_0,
    TIER_1_1,
    DeviceFeatures,
    MulCombination,
)
from dxlinalg.conformance.host import FeatureQuery
from dxlinalg.conformance.results import FAIL, PASS, CaseResult
from dxlinalg.conformance.shaders import PHYSICAL


def _hr(value: int) -> str:
    """An HRESULT as C++ prints it (0x80070057, not a negative number)."""
    return f"{value & 0xFFFFFFFF:#x}"


def _result(name: str, ok: bool, detail: str) -> CaseResult:
    return CaseResult(name, name.split("/")[0], PASS if ok else FAIL, tolerance="required", detail=detail)


REGISTER_TYPES = frozenset(PHYSICAL)  # types a vector can have in registers (input and output types)
MEMORY_INTERPRETATIONS = frozenset(set(dt.NUMPY) - set(dt.PACKED))


def check_features(query: FeatureQuery) -> tuple[list[CaseResult], DeviceFeatures]:
    """Tier, query protocol, valid properties and the minimum support set (0029, DXC exec test)."""
    results = []
    tier_name = {0: "NOT_SUPPORTED", TIER_1_0: "TIER_1_0", TIER_1_1: "TIER_1_1"}.get(query.tier, hex(query.tier))
    results.append(_result("features/tier", query.tier_hr == S_OK and query.tier in (TIER_1_0, TIER_1_1),
                           f"CooperativeVectorTier = {tier_name} (HRESULT {_hr(query.tier_hr)})"))
    problems = []
    if query.counts_hr != S_OK or query.fill_hr != S_OK:
        problems.append(f"CheckFeatureSupport returned {_hr(query.counts_hr)} (counts) and {_hr(query.fill_hr)} (fill)")
    if query.filled_counts != query.counts:
        problems.append(f"the fill call wrote counts {query.filled_counts}, the count call {query.counts}")
    if query.short_list_hr is not None and query.short_list_hr != E_INVALIDARG:
        problems.append(f"a property list one shorter than the count gave {_hr(query.short_list_hr)}, not "
                        f"E_INVALIDARG (0x80070057)")
    results.append(_result("features/query-protocol", not problems,
                           "; ".join(problems) or f"counts (Mul, OuterProduct, VectorAccumulate) = {query.counts}"))

    mul: dict[MulCombination, bool] = {}
    invalid = []
    for index, prop in enumerate(query.mul):
        combination = MulCombination(*_mul_key(prop))
        reason = _invalid_mul(combination)
        if reason:
            invalid.append(f"pMatrixVectorMulAddProperties[{index}] ({combination.label}): {reason}")
            continue
        mul[combination] = mul.get(combination, False) or bool(prop.TransposeSupported)
    outer = _accumulate_pairs(query.outer_product, "pOuterProductAccumulateProperties", invalid)
    vector = _accumulate_pairs(query.vector_accumulate, "pVectorAccumulateProperties", invalid)
    results.append(_result("features/properties-valid", not invalid,
                           "; ".join(invalid) or f"{len(query.mul)} Mul, {len(query.outer_product)} "
                                                 f"OuterProductAccumulate, {len(query.vector_accumulate)} "
                                                 f"VectorAccumulate properties"))

    duplicates = _duplicate_rows(query)
    results.append(_result("features/properties-unique", not duplicates,
                           "; ".join(duplicates) or "no combination is listed twice"))

    for combination in MINIMUM_MUL:
        present = combination in mul
        results.append(_result(f"features/minimum-set/mul/{combination.label}", present,
                               "reported" + (", TransposeSupported" if mul.get(combination) else "")
                               if present else "not reported: the minimum support set requires it (0029)"))
    if query.tier == TIER_1_0:
        ok = query.counts[1] == 0 and query.counts[2] == 0
        results.append(_result("features/tier-1_0-no-accumulate", ok,
                               "no accumulate properties" if ok else
                               f"tier 1_0 reports {query.counts[1]} OuterProductAccumulate and {query.counts[2]} "
                               f"VectorAccumulate properties; 0029: both counts are 0 at tier 1_0"))
        outer, vector = [], []
    elif query.tier == TIER_1_1:
        for label, required, reported in (("outerproduct", MINIMUM_OUTER_PRODUCT, outer),
                                          ("vectoraccumulate", MINIMUM_VECTOR_ACCUMULATE, vector)):
            for pair in required:
                present = pair in reported
                results.append(_result(f"features/minimum-set/{label}/{dt.name(pair[0])}>{dt.name(pair[1])}",
                                       present, "reported" if present else
                                       "not reported: tier 1_1 requires it (0029 minimum support set)"))
    else:
        mul, outer, vector = {}, [], []
    features = DeviceFeatures(query.tier, tuple(sorted(mul.items())), tuple(outer), tuple(vector))
    return results, features


def _duplicate_rows(query: FeatureQuery) -> list[str]:
    """Each combination once per list (this suite's rule, docs/conformance.md): the lists say which
    combinations are supported, so a repeat says nothing new, and a Mul repeat whose
    TransposeSupported differs contradicts itself."""
    problems = []
    rows: dict[tuple[int, ...], list[int]] = {}
    for index, prop in enumerate(query.mul):
        rows.setdefault(_mul_key(prop), []).append(index)
    for key, indices in rows.items():
        if len(indices) > 1:
            transpose = {bool(query.mul[i].TransposeSupported) for i in indices}
            clash = " with TransposeSupported both TRUE and FALSE" if len(transpose) > 1 else ""
            problems.append(f"pMatrixVectorMulAddProperties{_indices(indices)} report the same combination "
                            f"({MulCombination(*key).label}){clash}")
    for field_name, properties in (("pOuterProductAccumulateProperties", query.outer_product),
                                   ("pVectorAccumulateProperties", query.vector_accumulate)):
        pairs: dict[tuple[int, int], list[int]] = {}
        for index, prop in enumerate(properties):
            pairs.setdefault((int(prop.InputType), int(prop.AccumulationType)), []).append(index)
        problems += [f"{field_name}{_indices(indices)} report the same pair ({dt.name(input_type)}, "
                     f"{dt.name(accumulation_type)})"
                     for (input_type, accumulation_type), indices in pairs.items() if len(indices) > 1]
    if problems:
        problems.append("each combination must be listed once (conformance suite rule: a property list is a set)")
    return problems


def _mul_key(prop: object) -> tuple[int, int, int, int, int]:
    return (int(prop.InputType), int(prop.InputInterpretation), int(prop.MatrixInterpretation),
            int(prop.BiasInterpretation), int(prop.OutputType))


def _indices(indices: list[int]) -> str:
    """[3] and [7]; [1], [4] and [9]."""
    items = [f"[{i}]" for i in indices]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _invalid_mul(c: MulCombination) -> str:
    if c.input_type not in REGISTER_TYPES or c.output_type not in REGISTER_TYPES or c.output_type in dt.PACKED:
        return "InputType and OutputType must be register types (FLOAT16/32, [U]INT16/32, packed input)"
    if c.input_interpretation not in dt.NUMPY:
        return "unknown InputInterpretation"
    if c.matrix_interpretation not in MEMORY_INTERPRETATIONS or c.bias_interpretation not in MEMORY_INTERPRETATIONS:
        return "Matrix and bias interpretations must be memory interpretations (no packed types; 0029)"
    if c.input_interpretation in dt.PACKED and c.input_type not in dt.PACKED | {dt.UINT32}:
        return "a packed InputInterpretation needs a packed or UINT32 InputType (0029)"
    return ""


def _accumulate_pairs(properties: list, field_name: str, invalid: list[str]) -> list[tuple[int, int]]:
    pairs = []
    for index, prop in enumerate(properties):
        pair = (int(prop.InputType), int(prop.AccumulationType))
        if pair[0] not in REGISTER_TYPES or pair[0] in dt.PACKED or pair[1] not in MEMORY_INTERPRETATIONS:
            invalid.append(f"{field_name}[{index}] ({dt.name(pair[0])}, {dt.name(pair[1])}): not a register "
                           f"input type and a memory accumulation type")
        elif pair not in pairs:
            pairs.append(pair)
    return pairs
