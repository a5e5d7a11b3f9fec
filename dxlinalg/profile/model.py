"""A device profile: every choice the spec leaves to the implementation, as named data.

Profiles are pydantic models so a user can write one as JSON and load it
(`load_profile("my_gpu.json")`). Component types are written by their DXIL names
("F16", "I8", "F8_E4M3", ...), which equal the seed's D3D12_LINEAR_ALGEBRA_DATATYPE values.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Annotated, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, model_validator

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.numerics.float_conversion import FloatConversionSettings
from dxlinalg.profile.vulkan import VulkanProfile


class CooperativeVectorTier(IntEnum):
    """D3D12_COOPERATIVE_VECTOR_TIER values of the shipped preview headers."""

    NOT_SUPPORTED = 0x00
    TIER_1_0 = 0x10
    TIER_1_1 = 0x11


def _component_type(value: object) -> ComponentType:
    if isinstance(value, str):
        try:
            return ComponentType[value]
        except KeyError:
            raise ValueError(f"unknown component type name {value!r}; use DXIL names such as "
                             f"F16, F32, I8, U8, I32, PackedS8x32, F8_E4M3") from None
    return ComponentType(int(value))  # type: ignore[arg-type]


def _tier(value: object) -> CooperativeVectorTier:
    if isinstance(value, str):
        try:
            return CooperativeVectorTier[value]
        except KeyError:
            raise ValueError(f"unknown tier {value!r}; use NOT_SUPPORTED, TIER_1_0 or TIER_1_1") from None
    return CooperativeVectorTier(int(value))  # type: ignore[arg-type]


TierName = Annotated[CooperativeVectorTier, BeforeValidator(_tier),
                     PlainSerializer(lambda t: t.name, return_type=str)]
TypeName = Annotated[ComponentType, BeforeValidator(_component_type),
                     PlainSerializer(lambda t: t.name, return_type=str)]


class MulProperty(BaseModel):
    """One supported Mul/MulAdd combination (D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL)."""

    model_config = ConfigDict(frozen=True)
    input_type: TypeName
    input_interpretation: TypeName
    matrix_interpretation: TypeName
    bias_interpretation: TypeName
    output_type: TypeName
    transpose_supported: bool = False

    def key(self) -> tuple[ComponentType, ...]:
        return (self.input_type, self.input_interpretation, self.matrix_interpretation,
                self.bias_interpretation, self.output_type)


class AccumulateProperty(BaseModel):
    """One supported accumulate combination (D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE)."""

    model_config = ConfigDict(frozen=True)
    input_type: TypeName
    accumulation_type: TypeName


class TiledLayoutSpec(BaseModel):
    """Tiles of tile_rows x tile_bytes, padded; see dxlinalg.numerics.layouts.tiled."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["tiled"] = "tiled"
    tile_rows: int = Field(8, ge=1, le=64)
    tile_bytes: int = Field(16, ge=16, le=256, multiple_of=16)
    tile_column_first: bool = True


class NvidiaLayoutSpec(BaseModel):
    """NVIDIA's mma.sync fragment order, byte-exact with the H100 driver."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["nvidia_mma"] = "nvidia_mma"


class PermutedLayoutSpec(BaseModel):
    """Seeded random permutation with garbage padding (adversarial)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["permuted"] = "permuted"
    seed: int = 0


LayoutSpec = Annotated[Union[TiledLayoutSpec, NvidiaLayoutSpec, PermutedLayoutSpec],
                       Field(discriminator="kind")]


class AccumulateGranularity(StrEnum):
    """How many lanes' contributions one atomic add carries."""

    PER_LANE = "per_lane"    # every lane adds its own contribution, rounded into memory
    PER_WAVE = "per_wave"    # a wave sums its lanes (see WaveSum) and adds once, rounded into memory


class WaveSum(StrEnum):
    """How a wave sums its lanes' float contributions before its one atomic (per_wave granularity)."""

    EXACT = "exact"                            # the exact sum, rounded once to the accumulation type
    FLOAT32_LANE_ORDER = "float32_lane_order"  # float32, lane by lane (rounding each step), then rounded
    # NVIDIA's tensor-core sums, measured on an H100 (docs/hardware-nvidia-h100-accumulate.md), see
    # linalg.tensor_core_sums. OuterProductAccumulate: lane positions in chunks of 8 (0-7, 8-15, ...);
    # from a +0 accumulator, each chunk aligns its exact products and the accumulator to the largest
    # exponent E among them, truncates below 2^(E-25), adds exactly, rounds to the accumulation type
    # (RNE). VectorAccumulate: xor butterfly (offsets 1, 2, 4, ...) in the accumulation type, RNE per
    # step, inactive lanes +0. F32 OuterProductAccumulate was not measurable: the same, extrapolated.
    NVIDIA_TENSOR_CORE = "nvidia_tensor_core"


class AccumulateOrder(StrEnum):
    """The order in which atomic adds reach memory."""

    IN_ORDER = "in_order"            # waves (or lanes) in dispatch order
    SEEDED_RANDOM = "seeded_random"  # a reproducible random serialisation


class AtomicNan(StrEnum):
    """The NaN an atomic float add writes when its result is NaN (a NaN in memory or in the operand,
    or Inf - Inf)."""

    PROPAGATE = "propagate"          # IEEE/x86: the NaN operand's payload (made quiet); Inf - Inf: -NaN 0x...C00...
    CANONICAL = "canonical"          # one positive NaN with every mantissa bit set (FP16 0x7FFF), as an H100 writes


class AccumulationSettings(BaseModel):
    """Precision of matrix-vector products and the behaviour of the accumulate atomics."""

    float_accumulator: Literal["float32", "float64"] = "float32"
    atomic_granularity: AccumulateGranularity = AccumulateGranularity.PER_WAVE
    wave_sum: WaveSum = WaveSum.EXACT
    atomic_order: AccumulateOrder = AccumulateOrder.IN_ORDER
    atomic_seed: int = 0
    atomic_nan: AtomicNan = AtomicNan.PROPAGATE


def _float_settings(value: object) -> object:
    """Accept component-type names (["F16", "F8_E4M3"]) in the settings' type-set fields."""
    if isinstance(value, dict):
        return {key: [_component_type(v) for v in item] if isinstance(item, list) else item
                for key, item in value.items()}
    return value


FloatSettingsField = Annotated[FloatConversionSettings, BeforeValidator(_float_settings)]


class DeviceProfile(BaseModel):
    """Everything implementation-dependent about one (real or imagined) GPU + driver."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    name: str
    description: str = ""
    tier: TierName
    wave_size: int = Field(32, ge=4, le=128)
    mul_properties: list[MulProperty]
    outer_product_properties: list[AccumulateProperty] = []
    vector_accumulate_properties: list[AccumulateProperty] = []
    mul_optimal_layout: LayoutSpec = TiledLayoutSpec()
    outer_product_optimal_layout: LayoutSpec = TiledLayoutSpec()
    float_conversion: FloatSettingsField = FloatConversionSettings()
    accumulation: AccumulationSettings = AccumulationSettings()
    vulkan: VulkanProfile | None = Field(
        None, description="the Vulkan host calls' answers (dxlinalg.profile.vulkan); absent: derived from the "
                          "D3D12 answers")

    @model_validator(mode="after")
    def _consistent(self) -> "DeviceProfile":
        if self.wave_size & (self.wave_size - 1):
            raise ValueError(f"wave_size {self.wave_size} must be a power of two in [4, 128] "
                             f"(D3D12 WaveLaneCountMin/Max)")
        accumulates = self.outer_product_properties or self.vector_accumulate_properties
        if self.tier < CooperativeVectorTier.TIER_1_1 and accumulates:
            raise ValueError(f"tier {self.tier.name} reports no accumulate properties "
                             f"(0029: tier 1_0 has OuterProductAccumulatePropCount = 0)")
        if self.tier == CooperativeVectorTier.NOT_SUPPORTED and self.mul_properties:
            raise ValueError("a profile without cooperative-vector support reports no properties")
        return self

    def layout_spec(self, layout: MatrixLayout) -> LayoutSpec:
        if layout == MatrixLayout.MulOptimal:
            return self.mul_optimal_layout
        if layout == MatrixLayout.OuterProductOptimal:
            return self.outer_product_optimal_layout
        raise ValueError(f"layout {MatrixLayout(layout).name} is not optimal")
