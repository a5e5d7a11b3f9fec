"""What the suite runs: the minimum support set, and the cases planned from what a device reports.

Every Mul/MulAdd combination the device reports runs in every legal layout (row/column-major only
for non-FP8 matrices; both optimal layouts; transposed only in optimal layouts and only where the
device reports TransposeSupported), at every size, with and without bias (DXC exec test and Vulkan
CTS `matmul`), plus a large, an off-grid and a divergent case (per-thread matrix and bias offsets,
inactive threads: CTS "non-uniform offsets" and "divergent control flow") and padded strides. Conversions run as layout round trips (CTS `layoutconvert`) and type-conversion
sweeps (CTS `typeconvert`); accumulate ops as in the DXC `CoopVec_OuterProduct` and
`CoopVec_VectorAccumulate` tests. `quick=True` keeps a few sizes of each, for tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dxlinalg.conformance import datatypes as dt
from dxlinalg.conformance.datatypes import (
    COLUMN_MAJOR,
    E4M3,
    E5M2,
    FLOAT16,
    FLOAT32,
    LAYOUTS,
    MUL_OPTIMAL,
    OPTIMAL_LAYOUTS,
    OUTER_PRODUCT_OPTIMAL,
    ROW_MAJOR,
    SINT8,
    SINT8_PACKED,
    SINT32,
    UINT32,
)


@dataclass(frozen=True, order=True)
class MulCombination:
    """(InputType, InputInterpretation, MatrixInterpretation, BiasInterpretation, OutputType)."""

    input_type: int
    input_interpretation: int
    matrix_interpretation: int
    bias_interpretation: int
    output_type: int

    @property
    def label(self) -> str:
        return ",".join(dt.name(t) for t in (self.input_type, self.input_interpretation,
                                              self.matrix_interpretation, self.bias_interpretation,
                                              self.output_type))


def _mul(*types: int) -> MulCombination:
    return MulCombination(*(int(t) for t in types))


#: 0029's minimum support set in the form the DXC exec test enforces (spec/d3d12_hlsl.md §1.8).
MINIMUM_MUL: tuple[MulCombination, ...] = (
    _mul(FLOAT16, FLOAT16, FLOAT16, FLOAT16, FLOAT16),
    _mul(FLOAT16, E4M3, E4M3, FLOAT16, FLOAT16),
    _mul(FLOAT16, E5M2, E5M2, FLOAT16, FLOAT16),
    _mul(SINT8_PACKED, SINT8_PACKED, SINT8, SINT32, SINT32),
    _mul(UINT32, SINT8_PACKED, SINT8, SINT32, SINT32),
    _mul(FLOAT32, SINT8, SINT8, SINT32, SINT32),
)
MINIMUM_OUTER_PRODUCT: tuple[tuple[int, int], ...] = ((int(FLOAT16), int(FLOAT16)), (int(FLOAT16), int(FLOAT32)))
MINIMUM_VECTOR_ACCUMULATE: tuple[tuple[int, int], ...] = ((int(FLOAT16), int(FLOAT16)),)

TIER_1_0, TIER_1_1 = 0x10, 0x11

MUL_SIZES = ((1, 1), (16, 16), (17, 63), (32, 8), (63, 17), (64, 64))
MUL_LARGE = (128, 128)
MUL_SIZES_QUICK = ((1, 1), (17, 63))
ROUND_TRIP_SIZES = ((1, 1), (7, 13), (16, 16), (17, 63), (63, 17), (64, 64))
ROUND_TRIP_SIZES_QUICK = ((17, 63),)
OUTER_PRODUCT_SIZES = ((4, 4), (16, 16), (32, 32), (64, 64), (17, 63))
OUTER_PRODUCT_SIZES_QUICK = ((17, 63),)
VECTOR_COUNTS = (4, 16, 17, 32, 64)
VECTOR_COUNTS_QUICK = (17,)
THREAD_COUNTS = (16, 32)
STRIDE_PADDING = 32  # a row/column-major stride longer than needed (any multiple of 16 is legal)


@dataclass(frozen=True)
class DeviceFeatures:
    """What CheckFeatureSupport reported."""

    tier: int
    mul: tuple[tuple[MulCombination, bool], ...]  # (combination, TransposeSupported)
    outer_product: tuple[tuple[int, int], ...]    # (InputType, AccumulationType)
    vector_accumulate: tuple[tuple[int, int], ...]

    def conversion_types(self) -> list[int]:
        """Types ConvertLinearAlgebraMatrix must accept (0029 valid usage): FLOAT32, every reported
        MatrixInterpretation and every OuterProductAccumulate AccumulationType."""
        types = {int(FLOAT32)} | {c.matrix_interpretation for c, _ in self.mul}
        types |= {acc for _, acc in self.outer_product}
        return sorted(t for t in types if t in dt.NUMPY and t not in dt.PACKED)


class Case:
    """One row of the report: `group` (the first part of its name) and a unique `name`."""

    group: ClassVar[str] = ""

    @property
    def name(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class MulCase(Case):
    combination: MulCombination
    layout: int
    transpose: bool
    m: int
    k: int
    bias: bool
    random: bool = False  # off the exact value grid: rounding differences allowed (CTS relative rule)
    divergent: bool = False  # per-thread matrix and bias offsets, a third of the threads inactive
    stride_padding: int = 0  # row/column-major: bytes beyond the 16-byte rounded row/column
    group: ClassVar[str] = "mul"

    @property
    def name(self) -> str:
        layout = dt.layout_name(self.layout) + ("^T" if self.transpose else "")
        suffix = "/random" if self.random else "/divergent" if self.divergent else ""
        suffix += f"/stride+{self.stride_padding}" if self.stride_padding else ""
        return (f"{'muladd' if self.bias else 'mul'}/{self.combination.label}/{layout}/"
                f"{self.m}x{self.k}{suffix}")


@dataclass(frozen=True)
class LayoutRoundTripCase(Case):
    """Row-major -> first -> second -> row-major in one type (FP8 ends in FLOAT16 row-major)."""

    datatype: int
    rows: int
    cols: int
    first: int
    second: int
    group: ClassVar[str] = "layout"

    @property
    def final_type(self) -> int:
        return int(FLOAT16) if self.datatype in dt.FP8 else self.datatype

    @property
    def name(self) -> str:
        chain = ">".join(dt.layout_name(layout) for layout in (ROW_MAJOR, self.first, self.second, ROW_MAJOR))
        return f"layout/{dt.name(self.datatype)}/{chain}/{self.rows}x{self.cols}"


@dataclass(frozen=True)
class TypeConversionCase(Case):
    """A sweep of source values converted to another type (CTS typeconvert)."""

    source: int
    dest: int
    layout: int
    quick: bool = False
    group: ClassVar[str] = "convert"

    @property
    def name(self) -> str:
        return f"convert/{dt.name(self.source)}>{dt.name(self.dest)}/{dt.layout_name(self.layout)}"


@dataclass(frozen=True)
class OuterProductCase(Case):
    input_type: int
    accumulation_type: int
    m: int
    n: int
    threads: int
    clustered: bool = False  # threads alternate between two matrices (per-lane offsets)
    group: ClassVar[str] = "outerproduct"

    @property
    def name(self) -> str:
        return (f"outerproduct/{dt.name(self.input_type)}>{dt.name(self.accumulation_type)}/{self.m}x{self.n}/"
                f"{self.threads}threads" + ("/clustered" if self.clustered else ""))


@dataclass(frozen=True)
class VectorAccumulateCase(Case):
    input_type: int
    accumulation_type: int
    count: int
    threads: int
    group: ClassVar[str] = "vectoraccumulate"

    @property
    def name(self) -> str:
        return (f"vectoraccumulate/{dt.name(self.input_type)}>{dt.name(self.accumulation_type)}/"
                f"{self.count}/{self.threads}threads")


@dataclass(frozen=True)
class DestinationSizeCase(Case):
    """GetLinearAlgebraMatrixConversionDestinationInfo over the Mul sizes for one type and layout."""

    datatype: int
    layout: int
    group: ClassVar[str] = "destsize"

    @property
    def name(self) -> str:
        return f"destsize/{dt.name(self.datatype)}/{dt.layout_name(self.layout)}"


def mul_layouts(combination: MulCombination, transpose_supported: bool) -> list[tuple[int, bool]]:
    """Legal (layout, transpose) pairs: FP8 matrices only in optimal layouts (0029), transpose only in
    optimal layouts and only when reported."""
    layouts = [] if combination.matrix_interpretation in dt.FP8 else [(int(ROW_MAJOR), False), (int(COLUMN_MAJOR), False)]
    layouts += [(int(layout), False) for layout in OPTIMAL_LAYOUTS]
    if transpose_supported:
        layouts += [(int(layout), True) for layout in OPTIMAL_LAYOUTS]
    return layouts


def plan_cases(features: DeviceFeatures, quick: bool = False) -> list[Case]:
    """Every case for a device, in a stable order (none without cooperative-vector support)."""
    if features.tier not in (TIER_1_0, TIER_1_1):
        return []
    cases: list[Case] = []
    conversion_types = features.conversion_types()
    for datatype in conversion_types:
        for layout in LAYOUTS:
            if datatype in dt.FP8 and layout not in OPTIMAL_LAYOUTS:
                continue
            cases.append(DestinationSizeCase(datatype, int(layout)))
    cases += _mul_cases(features, quick)
    for datatype in conversion_types:
        layouts = OPTIMAL_LAYOUTS if datatype in dt.FP8 else LAYOUTS
        for rows, cols in ROUND_TRIP_SIZES_QUICK if quick else ROUND_TRIP_SIZES:
            cases += [LayoutRoundTripCase(datatype, rows, cols, int(first), int(second))
                      for first in layouts for second in layouts]
    cases += _type_conversion_cases(conversion_types, quick)
    for input_type, accumulation_type in features.outer_product:
        for m, n in OUTER_PRODUCT_SIZES_QUICK if quick else OUTER_PRODUCT_SIZES:
            threads = (32,) if quick else THREAD_COUNTS
            cases += [OuterProductCase(input_type, accumulation_type, m, n, t) for t in threads]
        cases.append(OuterProductCase(input_type, accumulation_type, 16, 16, 32, clustered=True))
    for input_type, accumulation_type in features.vector_accumulate:
        for count in VECTOR_COUNTS_QUICK if quick else VECTOR_COUNTS:
            threads = (32,) if quick else THREAD_COUNTS
            cases += [VectorAccumulateCase(input_type, accumulation_type, count, t) for t in threads]
    return cases


def _mul_cases(features: DeviceFeatures, quick: bool) -> list[MulCase]:
    cases = []
    for combination, transpose_supported in features.mul:
        layouts = mul_layouts(combination, transpose_supported)
        for layout, transpose in layouts:
            for m, k in MUL_SIZES_QUICK if quick else MUL_SIZES:
                cases += [MulCase(combination, layout, transpose, m, k, bias) for bias in (False, True)]
        if not quick:
            cases.append(MulCase(combination, int(MUL_OPTIMAL), False, *MUL_LARGE, bias=True))
        cases.append(MulCase(combination, int(MUL_OPTIMAL), False, 17, 63, bias=True, divergent=True))
        cases += [MulCase(combination, layout, False, 17, 63, bias=True, stride_padding=STRIDE_PADDING)
                  for layout, _ in layouts if layout in (ROW_MAJOR, COLUMN_MAJOR)]
        if dt.is_float(combination.input_interpretation) or dt.is_float(combination.matrix_interpretation):
            cases.append(MulCase(combination, int(MUL_OPTIMAL), False, 64, 64, bias=True, random=True))
            if not quick:
                cases.append(MulCase(combination, int(OUTER_PRODUCT_OPTIMAL), False, 17, 63, bias=False, random=True))
    return cases


TYPE_CONVERSIONS = (
    (FLOAT32, FLOAT16, (ROW_MAJOR, MUL_OPTIMAL)),
    (FLOAT32, E4M3, (MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL)),
    (FLOAT32, E5M2, (MUL_OPTIMAL, OUTER_PRODUCT_OPTIMAL)),
    (FLOAT16, FLOAT32, (ROW_MAJOR,)),
    (FLOAT16, E4M3, (MUL_OPTIMAL,)),
    (FLOAT16, E5M2, (MUL_OPTIMAL,)),
    (E4M3, FLOAT16, (ROW_MAJOR,)),
    (E4M3, FLOAT32, (ROW_MAJOR,)),
    (E5M2, FLOAT16, (ROW_MAJOR,)),
    (E5M2, FLOAT32, (ROW_MAJOR,)),
)


def _type_conversion_cases(conversion_types: list[int], quick: bool) -> list[TypeConversionCase]:
    """The float type changes 0029 allows (FP32/FP16 <-> a lower-precision float), for types the
    device must accept."""
    return [TypeConversionCase(int(source), int(dest), int(layout), quick)
            for source, dest, layouts in TYPE_CONVERSIONS
            if source in conversion_types and dest in conversion_types
            for layout in layouts]
