"""A device profile: every choice the spec leaves to the implementation, as named data.

Profiles are pydantic models so a user can write one as JSON and load it
(`load_profile("my_gpu.json")`). They are strict: an unknown key at any level, a value of the wrong
JSON type or outside its range is an error, never a silently applied default. Component types are
written by their D3D12 short names ("FLOAT16", "SINT8_T4_PACKED", "E4M3"; the DXIL names "F16", ...
are accepted too), and printed by their D3D12 names. docs/profiles.md is generated from the field
descriptions below (tests/profile/test_profile_docs.py keeps the two equal).
"""

from __future__ import annotations

import dataclasses
import json
from enum import IntEnum, StrEnum
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from dxlinalg.errors import InvalidArgumentError
from dxlinalg.numerics.component_types import (
    MEMORY_INTERPRETATIONS,
    ComponentType,
    MatrixLayout,
    d3d12_type_name,
    parse_component_type,
)
from dxlinalg.numerics.float_conversion import (
    E4m3OverflowNan,
    FloatConversionSettings,
    Fp8Overflow,
    NanPayload,
    ZeroSign,
)
from dxlinalg.profile.linalg_support import LinalgSupport
from dxlinalg.profile.vulkan import VulkanProfile

#: Unknown keys are errors in every model of a profile (values are not coerced: Strict* fields).
STRICT = ConfigDict(extra="forbid")
STRICT_FROZEN = ConfigDict(extra="forbid", frozen=True)
SEED_MAX = 2**32 - 1
FLOAT_TYPES = (ComponentType.F32, ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E5M2)


class CooperativeVectorTier(IntEnum):
    """D3D12_COOPERATIVE_VECTOR_TIER values of the shipped preview headers."""

    NOT_SUPPORTED = 0x00
    TIER_1_0 = 0x10
    TIER_1_1 = 0x11


TIER_PREFIX = "D3D12_COOPERATIVE_VECTOR_"


def _rule_broken(rule: str) -> PydanticCustomError:
    """A validation error whose message is `rule`, verbatim (no pydantic prefix)."""
    return PydanticCustomError("profile_rule", "{rule}", {"rule": rule})


def _type_named(value: object) -> ComponentType:
    """A linear-algebra type written by name (D3D12 short or DXIL), or an enum member from Python code."""
    if isinstance(value, IntEnum):  # ComponentType or D3D12_LINEAR_ALGEBRA_DATATYPE, from Python code
        value = value.name
    if not isinstance(value, str):
        raise _rule_broken(f"a type is written as a name such as \"FLOAT16\", not {shown_value(value)}")
    try:
        return parse_component_type(value, "type")
    except InvalidArgumentError as error:
        raise _rule_broken(str(error)) from None


def _memory_type_named(value: object) -> ComponentType:
    """Matrix and bias interpretations: a type that can sit in memory (no packed register types)."""
    component_type = _type_named(value)
    if component_type not in MEMORY_INTERPRETATIONS:
        valid = ", ".join(d3d12_type_name(t) for t in sorted(MEMORY_INTERPRETATIONS))
        raise _rule_broken(f"{d3d12_type_name(component_type)} is a packed register type, not a memory "
                           f"interpretation; valid: {valid} (0029: Memory Interpretations)")
    return component_type


def _float_type_named(value: object) -> ComponentType:
    """Types a float conversion can produce or read: FLOAT32, FLOAT16, E4M3, E5M2."""
    component_type = _type_named(value)
    if component_type not in FLOAT_TYPES:
        raise _rule_broken(f"{d3d12_type_name(component_type)} is not a float type; valid: "
                           f"{', '.join(d3d12_type_name(t) for t in FLOAT_TYPES)}")
    return component_type


def _tier_named(value: object) -> CooperativeVectorTier:
    if isinstance(value, CooperativeVectorTier):
        return value
    names = ", ".join(CooperativeVectorTier.__members__)
    if not isinstance(value, str):
        raise _rule_broken(f"a tier is written as a name ({names}), not {shown_value(value)}")
    key = value.strip().upper().removeprefix(TIER_PREFIX)
    if key not in CooperativeVectorTier.__members__:
        raise _rule_broken(f"{value!r} is not a cooperative-vector tier; valid: {names}")
    return CooperativeVectorTier[key]


def shown_value(value: object) -> str:
    """A value as the user wrote it in JSON, kept short, for messages."""
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "a list"
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def _type_set_names(types: frozenset[ComponentType]) -> list[str]:
    return [d3d12_type_name(t) for t in sorted(types)]


@dataclasses.dataclass(frozen=True)
class Shown:
    """How docs/profiles.md names the type of a field whose Python type does not say it."""

    text: str


TierName = Annotated[CooperativeVectorTier, BeforeValidator(_tier_named),
                     PlainSerializer(lambda t: t.name, return_type=str),
                     Shown(" or ".join(f"`{t.name}`" for t in CooperativeVectorTier))]
TypeName = Annotated[ComponentType, BeforeValidator(_type_named),
                     PlainSerializer(d3d12_type_name, return_type=str), Shown("a [type name](#type-names)")]
MemoryTypeName = Annotated[ComponentType, BeforeValidator(_memory_type_named),
                           PlainSerializer(d3d12_type_name, return_type=str),
                           Shown("a [type name](#type-names), not a packed one")]
FloatTypeName = Annotated[ComponentType, BeforeValidator(_float_type_named)]
FloatTypeSet = Annotated[frozenset[FloatTypeName], PlainSerializer(_type_set_names, return_type=list[str]),
                         Shown("a list of " + ", ".join(f"`{d3d12_type_name(t)}`" for t in FLOAT_TYPES))]
Seed = Annotated[StrictInt, Field(ge=0, le=SEED_MAX)]


class MulProperty(BaseModel):
    """One supported Mul/MulAdd combination (D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL)."""

    model_config = STRICT_FROZEN
    input_type: TypeName = Field(description="InputType: the element type of the input vector in registers.")
    input_interpretation: TypeName = Field(
        description="InputInterpretation: how the input vector's elements are read (may be a packed type).")
    matrix_interpretation: MemoryTypeName = Field(
        description="MatrixInterpretation: the type of the matrix elements in memory (not packed).")
    bias_interpretation: MemoryTypeName = Field(
        description="BiasInterpretation: the type of the bias vector in memory (not packed).")
    output_type: TypeName = Field(description="OutputType: the element type of the result vector.")
    transpose_supported: StrictBool = Field(
        False, description="TransposeSupported: the matrix may be used transposed with this combination.")

    def key(self) -> tuple[ComponentType, ...]:
        return (self.input_type, self.input_interpretation, self.matrix_interpretation,
                self.bias_interpretation, self.output_type)


class AccumulateProperty(BaseModel):
    """One supported accumulate combination (D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE)."""

    model_config = STRICT_FROZEN
    input_type: TypeName = Field(description="InputType: the element type of the vectors accumulated.")
    accumulation_type: TypeName = Field(description="AccumulationType: the element type in memory.")


class TiledLayoutSpec(BaseModel):
    """Tiles of tile_rows x tile_bytes, padded; see dxlinalg.numerics.layouts.tiled."""

    model_config = STRICT_FROZEN

    kind: Literal["tiled"] = Field("tiled", description="Selects this format.")
    tile_rows: StrictInt = Field(8, ge=1, le=64, description="Matrix rows per tile.")
    tile_bytes: StrictInt = Field(16, ge=16, le=256, multiple_of=16,
                                  description="Bytes of one row inside a tile (a multiple of 16).")
    tile_column_first: StrictBool = Field(
        True, description="Tiles follow each other down a column of tiles first (else along a row first).")


class NvidiaLayoutSpec(BaseModel):
    """NVIDIA's mma.sync fragment order, byte-exact with the H100 driver."""

    model_config = STRICT_FROZEN

    kind: Literal["nvidia_mma"] = Field(
        "nvidia_mma", description="Selects this format: NVIDIA's mma.sync fragment order, byte-exact with the "
                                  "H100 driver (docs/nvidia-h100-layout.md); it has no other keys.")


class PermutedLayoutSpec(BaseModel):
    """Seeded random permutation with garbage padding (adversarial)."""

    model_config = STRICT_FROZEN

    kind: Literal["permuted"] = Field("permuted", description="Selects this format.")
    seed: Seed = Field(0, description="Seed of the permutation and of the padding bytes.")


LayoutSpec = Annotated[TiledLayoutSpec | NvidiaLayoutSpec | PermutedLayoutSpec,
                       Field(discriminator="kind")]
LAYOUT_SPECS: tuple[type[BaseModel], ...] = (TiledLayoutSpec, NvidiaLayoutSpec, PermutedLayoutSpec)


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


class MatvecSum(StrEnum):
    """How a float matrix-vector product sums its K products and the bias."""

    FLOAT_ACCUMULATOR = "float_accumulator"      # in float_accumulator (BLAS order), bias added, rounded once
    # NVIDIA's tensor core as measured on an H100 (docs/hardware-nvidia-h100-spirv.md), see
    # linalg.matvec_chunks: chunks of consecutive k into an accumulator that starts at the bias, each
    # chunk's terms truncated below a window under the largest operand exponent, summed exactly, rounded.
    TENSOR_CORE_CHUNKS = "tensor_core_chunks"


class Fp8VectorInput(StrEnum):
    """What a matrix-vector product multiplies for an FP16 input vector under an FP8 interpretation."""

    CONVERT = "convert"        # the FP16 values converted to FP8 (the spec's input interpretation)
    KEEP_FP16 = "keep_fp16"    # the FP16 values as they are (an H100 ignores FP8 input interpretations)


class TensorCoreChunks(BaseModel):
    """The parameters of `matvec_sum = "tensor_core_chunks"` (linalg.matvec_chunks states the model)."""

    model_config = STRICT_FROZEN
    chunk_length: StrictInt = Field(16, ge=1, le=256, description="Consecutive k summed per step, from k = 0 on.")
    kept_bits: StrictInt = Field(
        25, ge=1, le=40,
        description="Each term is truncated toward zero to a multiple of 2^(E - kept_bits), E the step's largest "
                    "operand exponent sum e(x) + e(W) or the accumulator's exponent (FP16 exponents: subnormals "
                    "count as -14).")
    accumulator: Literal["FLOAT16", "FLOAT32"] = Field(
        "FLOAT16", description="The accumulator's type: it starts at the bias and holds each step's rounded sum.")
    rounding: Literal["nearest_even", "toward_zero"] = Field(
        "nearest_even", description="How each step's exact sum is rounded to the accumulator (nearest_even "
                                    "overflows to Inf, toward_zero to the largest finite value).")
    zero_sign: Literal["positive", "ieee"] = Field(
        "positive", description="positive: every zero result is +0 (an H100); ieee: a negative sum that rounds "
                                "to zero is -0, an exactly zero sum is -0 only when every term is -0.")
    nan: Literal["canonical", "float_conversion"] = Field(
        "canonical", description="A NaN result (a NaN term, Inf - Inf): canonical (the positive all-ones NaN, "
                                 "FP16 0x7FFF) or whatever float_conversion makes of a NaN.")


class AccumulationSettings(BaseModel):
    """Precision of matrix-vector products and the behaviour of the accumulate atomics."""

    model_config = STRICT
    float_accumulator: Literal["float32", "float64"] = Field(
        "float32", description="Precision in which float matrix-vector products are summed "
                               "(matvec_sum float_accumulator).")
    matvec_sum: MatvecSum = Field(
        MatvecSum.FLOAT_ACCUMULATOR,
        description="How float matrix-vector products sum: float_accumulator (float_accumulator, bias added, rounded "
                    "once) or tensor_core_chunks (as an H100 sums, with matvec_chunks; "
                    "docs/hardware-nvidia-h100-spirv.md).")
    matvec_chunks: TensorCoreChunks = Field(
        TensorCoreChunks(), description="The tensor_core_chunks parameters (unused otherwise).")
    matvec_fp8_input: Fp8VectorInput = Field(
        Fp8VectorInput.CONVERT,
        description="FP16 input vectors under an FP8 input interpretation: convert (rounded to FP8, as the spec "
                    "says) or keep_fp16 (multiplied as they are, as an H100 does).")
    atomic_granularity: AccumulateGranularity = Field(
        AccumulateGranularity.PER_WAVE,
        description="per_lane: every lane adds its own contribution to memory (one rounding each); per_wave: a "
                    "wave sums its lanes (see wave_sum) and adds once.")
    wave_sum: WaveSum = Field(
        WaveSum.EXACT,
        description="How a wave sums its lanes before its one atomic (per_wave): exact: the exact sum, rounded "
                    "once; float32_lane_order: in float32, lane by lane; nvidia_tensor_core: as an H100 sums "
                    "(docs/hardware-nvidia-h100-accumulate.md).")
    atomic_order: AccumulateOrder = Field(
        AccumulateOrder.IN_ORDER,
        description="Order in which atomic adds reach memory: in_order (dispatch order) or seeded_random "
                    "(a reproducible shuffle drawn from atomic_seed).")
    atomic_seed: Seed = Field(0, description="Seed of the seeded_random atomic order.")
    atomic_nan: AtomicNan = Field(
        AtomicNan.PROPAGATE,
        description="The NaN an atomic float add writes: propagate (IEEE: the NaN operand's payload, made quiet) "
                    "or canonical (one positive all-ones NaN, as an H100 writes).")
    partial_matrix_accumulate: Literal["dropped", "slots_that_fit"] = Field(
        "dropped", description="An outer-product accumulate whose matrix footprint runs past the end of its buffer "
                               "(undefined: strict mode reports it), in permissive mode: dropped (nothing is "
                               "written) or slots_that_fit (the element slots inside the buffer are updated, the "
                               "rest skipped: the H200, every probed shape and size).")


class ShaderSettings(BaseModel):
    """What a shader's undefined arithmetic and racy stores give on the implementation (permissive mode;
    strict mode reports them): the SPIR-V executor's choices (docs/hardware-nvidia-h100-spirv.md)."""

    model_config = STRICT_FROZEN
    integer_division_by_zero: Literal["zero", "all_ones"] = Field(
        "zero", description="OpSDiv, OpUDiv, OpSRem, OpSMod and OpUMod by zero: zero, or all_ones (every bit set, "
                            "quotient and remainder, 16, 32 and 64 bits: the H200).")
    signed_remainder: Literal["spirv", "unsigned"] = Field(
        "spirv", description="OpSRem and OpSMod with a negative operand: spirv (SPIR-V's definitions, which "
                             "VK_KHR_maintenance8 makes Vulkan's) or unsigned (the device lacks that definition, so "
                             "strict mode reports a negative operand as undefined, and permissive mode gives the "
                             "remainder of the operands' bits read as unsigned integers, as OpUMod: the H200).")
    shuffle_out_of_range: Literal["zero", "ptx_shfl"] = Field(
        "zero", description="A subgroup shuffle reading outside the subgroup or an inactive invocation: zero, or "
                            "ptx_shfl (the lane operand's low log2(wave) bits; ShuffleUp/Down past the edge read the "
                            "invocation's own value; an inactive source reads 0: the H200).")
    bfloat16_rounding: Literal["nearest_even", "toward_zero"] = Field(
        "nearest_even", description="Rounding of a conversion to bfloat16 (OpFConvert, OpConvertSToF/UToF; "
                                    "SPV_KHR_bfloat16 leaves it to the client API): nearest_even, or toward_zero "
                                    "(float32's low 16 bits dropped, NaNs too, whose payload may go with them: the "
                                    "H200, every probed input).")
    transcendentals: Literal["library", "nvidia_composed"] = Field(
        "library", description="GLSL.std.450 Exp, Log and Cosh: library (numpy's, within about 1 ulp of correctly "
                               "rounded) or nvidia_composed (as NVIDIA's compiler builds them: Exp = Exp2 of x * "
                               "log2(e) rounded in the type; float32 Log = Log2 x ln 2; float32 Cosh from that Exp; "
                               "within 2 ulp of the H200 where the library's Exp is up to 59 ulp away). The other "
                               "functions are the library's (docs/hardware-nvidia-h100-spirv.md has the H200's "
                               "measured distances).")
    buffer_store_race: Literal["highest_lane", "lowest_lane_in_wave"] = Field(
        "highest_lane", description="Several invocations storing different values to one buffer address in one "
                                    "store: highest_lane (the last in dispatch order lands), or lowest_lane_in_wave "
                                    "(within a wave the lowest lane lands, a later wave's over an earlier: the "
                                    "H200 within a warp; across warps and workgroups it varies from run to run).")


class GroupSharedSettings(BaseModel):
    """Groupshared (workgroup) memory: its size limit, and how racy accesses land (docs/groupshared.md)."""

    model_config = STRICT_FROZEN
    max_bytes: StrictInt = Field(
        32768, ge=0, le=2**32 - 1,
        description="Groupshared bytes one thread group may declare (D3D12: D3D12_CS_TGSM_REGISTER_COUNT * 4 = "
                    "32768; Vulkan: maxComputeSharedMemorySize, a uint32_t); more fails at dispatch.")
    store_order: Literal["lane_order", "reverse_lane_order"] = Field(
        "lane_order", description="Order in which one statement's stores and atomics by several threads to the "
                                  "same groupshared bytes land: lane_order (the highest thread's store stays) or "
                                  "reverse_lane_order (the lowest thread's).")
    visibility: Literal["immediate", "at_barrier"] = Field(
        "immediate", description="When other threads see a groupshared store made without a barrier in between "
                                 "(permissive mode): immediate, or at_barrier (until the group's next barrier "
                                 "they read the bytes as they were at its last one).")


class NvgpuSettings(BaseModel):
    """MLIR nvgpu's warp-level ops: mma.sync's tensor-core arithmetic, tf32 inputs, async copies (docs/nvgpu.md)."""

    model_config = STRICT_FROZEN
    mma_sum: Literal["exact", "tensor_core"] = Field(
        "exact", description="How mma.sync and mma.sp.sync sum float products: exact (A*B + C exactly, rounded once "
                             "to the accumulator type) or tensor_core (K in chunks of mma_k_chunk products from C, "
                             "each chunk's terms truncated below 2^(E - mma_kept_bits), summed exactly, rounded to "
                             "the accumulator type; f64 is always the PTX fma chain).")
    mma_k_chunk: StrictInt = Field(
        8, ge=1, le=256, description="tensor_core: products summed per step; at least K (256) sums an instruction's "
                                     "whole K at once, as the H100's mma.sync does (8: its outer-product "
                                     "accumulate).")
    mma_kept_bits: StrictInt = Field(
        25, ge=10, le=40, description="tensor_core: bits kept below E, the largest term's exponent (25 on the H100).")
    mma_alignment: Literal["product", "operands"] = Field(
        "product", description="tensor_core: a product's exponent in E: product (floor(log2 |a*b|), the H100's "
                               "outer-product accumulate) or operands (ea + eb, the operands' exponents with "
                               "subnormals at the format's minimum, the H100's mma.sync).")
    mma_f32_rounding: Literal["nearest_even", "toward_zero"] = Field(
        "nearest_even", description="tensor_core: how a step rounds into a float32 accumulator: nearest_even or "
                                    "toward_zero (the H100's mma.sync: magnitudes of 2^128 and more still give "
                                    "Inf); float16 accumulators round to nearest even.")
    tf32_inputs: Literal["truncate", "nearest_even", "nearest_away"] = Field(
        "truncate", description="How mma.sync with tf32Enabled reads f32 operands: truncate (the low 13 bits "
                                "cleared, as PTX says of wgmma and the H100 does), or rounded to 10 mantissa bits, "
                                "nearest_even or nearest_away (cvt.rna.tf32.f32).")
    async_copy_lands: Literal["at_wait", "at_issue"] = Field(
        "at_wait", description="When device_async_copy reads its source and writes its destination: at_wait (when a "
                               "device_async_wait covers its group, the latest legal point) or at_issue (at once, "
                               "the earliest).")


class MlirSettings(BaseModel):
    """MLIR kernels as text (dxlinalg.mlir, docs/mlir.md): the choices MLIR's dialects leave to the target."""

    model_config = STRICT_FROZEN
    index_bits: Literal[32, 64] = Field(
        64, description="Bit width of the `index` type (MLIR leaves it to the target; the NVVM lowering's default "
                        "is 64). Index arithmetic wraps at this width.")
    max_workgroup_bytes: StrictInt = Field(
        232448, ge=0, le=2**32 - 1,
        description="Workgroup (shared) memory one workgroup of an MLIR kernel may allocate with memref.alloc "
                    "(227 KiB, the H100's per-block maximum with opt-in; D3D12's 32 KiB groupshared limit does not "
                    "apply to CUDA kernels).")


CoopMatComponentName = Literal["float16", "bfloat16", "float32", "float64", "float8_e4m3fn", "float8_e5m2", "int8",
                               "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


class CoopMatMulAddProperty(BaseModel):
    """One MulAdd the implementation lists (VkCooperativeMatrixPropertiesKHR): exact sizes."""

    model_config = STRICT_FROZEN
    m: StrictInt = Field(ge=1, description="MSize: rows of A, C and Result.")
    n: StrictInt = Field(ge=1, description="NSize: columns of B, C and Result.")
    k: StrictInt = Field(ge=1, description="KSize: columns of A, rows of B.")
    a_type: CoopMatComponentName = Field(description="AType, as a numpy dtype name.")
    b_type: CoopMatComponentName = Field(description="BType.")
    c_type: CoopMatComponentName = Field(description="CType.")
    result_type: CoopMatComponentName = Field(description="ResultType.")
    saturating: StrictBool = Field(False, description="saturatingAccumulation: whether the MulAdd may saturate.")
    scope: Literal["subgroup", "workgroup"] = Field("subgroup", description="scope.")


class CoopMatFlexibleProperty(BaseModel):
    """One MulAdd of flexible sizes (VkCooperativeMatrixFlexibleDimensionsPropertiesNV): M, N and K any
    multiples of the granularities, up to coopmat.flexible_max_dimension."""

    model_config = STRICT_FROZEN
    m_granularity: StrictInt = Field(ge=1, description="MGranularity.")
    n_granularity: StrictInt = Field(ge=1, description="NGranularity.")
    k_granularity: StrictInt = Field(ge=1, description="KGranularity.")
    a_type: CoopMatComponentName = Field(description="AType, as a numpy dtype name.")
    b_type: CoopMatComponentName = Field(description="BType.")
    c_type: CoopMatComponentName = Field(description="CType.")
    result_type: CoopMatComponentName = Field(description="ResultType.")
    saturating: StrictBool = Field(False, description="saturatingAccumulation.")
    scope: Literal["subgroup", "workgroup"] = Field("subgroup", description="scope.")
    workgroup_invocations: StrictInt = Field(
        0, ge=0, description="workgroupInvocations: the workgroup size a workgroup-scope entry is for (0 for "
                             "subgroup scope).")


class CooperativeMatrixSettings(BaseModel):
    """Cooperative matrices: what the SPIR-V/GLSL specs leave to the implementation (docs/coopmat.md)."""

    model_config = STRICT_FROZEN
    ownership: Literal["plain", "scrambled", "nvidia_mma"] = Field(
        "plain", description="Which invocation of the scope holds which element (OpCooperativeMatrixLengthKHR, "
                             "element access by index): plain (invocation i holds row-major elements i*Length to "
                             "i*Length+Length-1), scrambled (a seeded permutation of every (invocation, index) "
                             "slot, per matrix type), or nvidia_mma (the mma.sync fragment maps measured on the "
                             "H100, tiled over the matrix; plain where no map is known).")
    ownership_seed: Seed = Field(0, description="Seed of the scrambled ownership map.")
    reduce_order: Literal["sequential", "reversed", "pairwise", "seeded_shuffle", "lane_butterfly"] = Field(
        "sequential", description="Order in which OpCooperativeMatrixReduceNV combines a group's elements: "
                                  "sequential (a left fold in row-major order), reversed (a left fold from the last "
                                  "element), pairwise (a balanced tree over row-major order), seeded_shuffle (a "
                                  "left fold in a seeded random order, per call) or lane_butterfly (the H100's: per "
                                  "result element, the holding invocation folds its own elements of one column "
                                  "parity left to right, then an xor butterfly over lanes, own value first, then "
                                  "the two parities; 2x2 pairs columns, then rows; needs nvidia_mma ownership's "
                                  "shapes, pairwise elsewhere; docs/coopmat-reduce.md).")
    reduce_seed: Seed = Field(0, description="Seed of the seeded_shuffle reduce order.")
    per_element_calls: Literal["once_in_order", "shuffled_repeated", "once_per_holder"] = Field(
        "once_in_order", description="How OpCooperativeMatrixPerElementOpNV calls its function (the spec: at least "
                                     "once per element, in no defined order): once_in_order (once each, row-major), "
                                     "shuffled_repeated (a seeded order, some elements called twice, the last "
                                     "call's result kept) or once_per_holder (once per invocation that holds the "
                                     "element in the ownership map, element index by element index, invocations "
                                     "ascending: the H100's, so replicated workgroup A/B elements are called 2 or 4 "
                                     "times).")
    per_element_seed: Seed = Field(0, description="Seed of the shuffled_repeated per-element calls.")
    muladd_sum: Literal["exact", "tensor_core"] = Field(
        "exact", description="How OpCooperativeMatrixMulAddKHR sums float products: exact (A*B + C exactly, rounded "
                             "once to the result type) or tensor_core (nvgpu's mma.sync model with nvgpu.mma_k_chunk,"
                             " mma_kept_bits, mma_alignment and mma_f32_rounding, over K in steps of "
                             "muladd_k_step_bits).")
    muladd_k_step_bits: StrictInt = Field(
        256, ge=8, le=4096, description="tensor_core: bits of a row of A that one mma step takes: K is summed in "
                                        "steps of muladd_k_step_bits / (A's component bits) products, each rounded "
                                        "into the accumulator (256: mma.sync m16n8k16 for 16-bit components, k32 for "
                                        "8-bit; the H100 chains these).")
    saturating_accumulation: Literal["clamp", "ignored"] = Field(
        "clamp", description="What MulAdd's SaturatingAccumulationKHR does on integers: clamp (the spec: the sum "
                             "clamped to the result's range) or ignored (the sum wraps as without it: the H100, "
                             "whose driver lists no saturating combination yet accepts the operand).")
    clip_span_sum: Literal["wrap32", "unbounded"] = Field(
        "wrap32", description="A tensor view's clip end, clipOffset + clipSpan: wrap32 (the pseudocode's uint32 sum, "
                              "so a nonzero offset with the default span 0xFFFFFFFF clips everything; strict mode "
                              "reports a sum past 2^32) or unbounded (the exact sum: the H100).")
    mirror_repeat_unit_innermost: Literal["per_dimension", "index_zero"] = Field(
        "per_dimension", description="A MirrorRepeat load through a layout whose innermost dimension is 1 (the "
                                     "seed's modulus 2*1-2 = 0): per_dimension (each dimension of 1 maps its "
                                     "out-of-bounds coordinates to 0, as ClampToEdge) or index_zero (every element "
                                     "reads the element at index 0, in-bounds ones too: the H100 with layout "
                                     "dimensions (16, 1) and (1, 1)).")
    store_conflict_order: Literal["row_major", "holder_order", "holder_lowest_lane"] = Field(
        "row_major", description="Which element lands where several elements of one tensor store write one address "
                                 "(permissive mode; strict mode reports different values): row_major (the row-major "
                                 "last), holder_order (the last written when the invocations store element index "
                                 "by element index, invocations ascending, in the ownership map) or "
                                 "holder_lowest_lane (element index by element index, and of one index's writes the "
                                 "lowest invocation's lands, as one NVIDIA warp store keeps the lowest lane's value).")
    store_block_size: Literal["blocks", "blocks_lowest_lane", "ignored"] = Field(
        "blocks", description="A tensor store through a layout whose block size is larger than 1 (undefined: "
                              "SPV_NV_cooperative_matrix2 says it must not be used; strict mode reports it), in "
                              "permissive mode: blocks (addressed by block as loads are, so the elements of a "
                              "block write one address and store_conflict_order picks the one that lands), "
                              "blocks_lowest_lane (addressed by block; element index by element index, and of one "
                              "index's writes the lowest invocation's lands: the H200, all 16 probed block sizes) "
                              "or ignored (addressed as with block size 1, the layout's strides kept).")
    muladd_properties: list[CoopMatMulAddProperty] = Field(
        [], description="The MulAdds the implementation lists at fixed sizes "
                         "(vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR); see unlisted_muladd.")
    flexible_properties: list[CoopMatFlexibleProperty] = Field(
        [], description="The MulAdds the implementation lists at flexible sizes "
                         "(vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV).")
    unlisted_muladd: Literal["run", "report"] = Field(
        "run", description="A MulAdd that neither property list names (when either is non-empty): run (with the "
                            "profile's model) or report (strict mode raises, citing the lists).")
    flexible_max_dimension: StrictInt = Field(
        0, ge=0, le=1 << 16, description="cooperativeMatrixFlexibleDimensionsMaxDimension: the largest M, N or K "
                                         "of a flexible entry (0: no flexible entries).")


class LinalgMatrixSettings(BaseModel):
    """SM 6.10 `dx::linalg::Matrix` (proposal 0035): what 0035 calls implementation-defined (docs/sm610.md).

    Which combinations a device supports is not here: that is the D3D12 query answers' section."""

    model_config = STRICT_FROZEN
    ownership: Literal["plain", "scrambled", "scrambled_shared", "nvidia_mma"] = Field(
        "plain", description="Which thread of a Wave/ThreadGroup scope holds which element (Length, GetCoordinate, "
                             "Get, Set): the cooperative-matrix ownership models (coopmat.ownership's meanings), or "
                             "scrambled_shared (scrambled, and every thread also holds the first element of the "
                             "next thread, so every such element has two holders). A thread's Length is the number "
                             "of elements it holds, so it may differ per thread; nvidia_mma holds ThreadGroup A/B "
                             "elements in several threads.")
    ownership_seed: Seed = Field(0, description="Seed of the scrambled ownership map.")
    accumulator_layout: Literal["A", "B"] = Field(
        "A", description="AccumulatorLayout(): whether an Accumulator matrix is held as an A matrix (rows per "
                         "thread) or a B matrix (columns); it also picks the ownership map of Accumulators.")
    float_rounding: Literal["nearest_even", "toward_zero"] = Field(
        "nearest_even", description="Float-to-float conversions (Splat, Cast, Convert, bias, groupshared "
                                    "accumulate) of inexact values, which 0035 leaves implementation-defined: "
                                    "nearest_even, or toward_zero (the neighbour nearer zero).")
    bounds_check: Literal["all_or_nothing", "per_element"] = Field(
        "all_or_nothing", description="Descriptor Load/Store/InterlockedAccumulate partly out of bounds: "
                                      "all_or_nothing (the whole access reads 0 / is dropped) or per_element "
                                      "(only the elements outside read 0 / are dropped).")
    muladd_sum: Literal["exact", "tensor_core"] = Field(
        "exact", description="How Multiply/MultiplyAccumulate sum float products: the cooperative-matrix MulAdd "
                             "models (coopmat.muladd_sum's meanings, with the nvgpu mma settings).")
    muladd_k_step_bits: StrictInt = Field(
        256, ge=8, le=4096, description="tensor_core: bits of a row of A one mma step takes "
                                        "(coopmat.muladd_k_step_bits' meaning).")


class FloatConversionFields(BaseModel):
    """The JSON form of FloatConversionSettings (dxlinalg.numerics.float_conversion): the same fields,
    validated strictly, with types written by name. tests/profile checks that the two agree."""

    model_config = STRICT
    fp8_overflow: Fp8Overflow = Field(
        Fp8Overflow.SATURATE,
        description="What FP8 gets for ±Inf and values past its range: saturate (±max finite: E4M3 ±448, E5M2 "
                    "±57344) or nan_or_inf (E4M3: a NaN, see e4m3_overflow_nan; E5M2: ±Inf).")
    e4m3_overflow_nan: E4m3OverflowNan = Field(
        E4m3OverflowNan.SIGNED,
        description="The E4M3 NaN byte under nan_or_inf: signed (S.1111.111, the input's sign), positive (0x7F), "
                    "or signed_only_at_480 (the input's sign where the magnitude rounds to 480, else 0x7F; "
                    "NVIDIA's driver).")
    nan_payload: NanPayload = Field(
        NanPayload.QUIET,
        description="Mantissa of a NaN converted from a NaN: quiet (only the quiet bit) or all_ones.")
    nan_sign_cleared_in: FloatTypeSet = Field(
        frozenset(), description="Destination types whose NaNs always have sign 0 (elsewhere the input's sign "
                                 "is kept).")
    negative_zero_to_positive_from: FloatTypeSet = Field(
        frozenset(), description="Source types whose -0 becomes +0 when converted to another type.")
    negative_underflow: ZeroSign = Field(
        ZeroSign.KEEP,
        description="Sign of zero when a nonzero negative value underflows: keep (IEEE: -0) or positive (+0).")

    def settings(self) -> FloatConversionSettings:
        return FloatConversionSettings(**{name: getattr(self, name) for name in type(self).model_fields})

    @classmethod
    def of(cls, settings: FloatConversionSettings) -> FloatConversionFields:
        return cls(**{f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)})


def _float_settings(value: object) -> FloatConversionSettings:
    """JSON (or settings from Python code) -> FloatConversionSettings, through the strict field model."""
    if isinstance(value, FloatConversionSettings):
        return value
    return FloatConversionFields.model_validate(value).settings()


FloatSettingsField = Annotated[
    FloatConversionSettings, BeforeValidator(_float_settings),
    PlainSerializer(lambda s: FloatConversionFields.of(s).model_dump(mode="json"), return_type=dict)]


class DeviceProfile(BaseModel):
    """Everything implementation-dependent about one (real or imagined) GPU + driver."""

    model_config = STRICT
    name: StrictStr = Field(description="The profile's name, as commands print it (one line, 1 to 64 characters).")
    description: StrictStr = Field("", description="What this implementation is, in a sentence or two.")
    tier: TierName = Field(
        description="D3D12_COOPERATIVE_VECTOR_TIER: TIER_1_1 adds OuterProductAccumulate and VectorAccumulate to "
                    "TIER_1_0; NOT_SUPPORTED reports no properties.")
    wave_size: StrictInt = Field(32, ge=4, le=128,
                                 description="Lanes per wave: a power of two from 4 to 128 (WaveLaneCountMin/Max).")
    mul_properties: list[MulProperty] = Field(
        description="The Mul/MulAdd combinations CheckFeatureSupport reports, in order.")
    outer_product_properties: list[AccumulateProperty] = Field(
        [], description="The OuterProductAccumulate combinations (TIER_1_1 only).")
    vector_accumulate_properties: list[AccumulateProperty] = Field(
        [], description="The VectorAccumulate combinations (TIER_1_1 only).")
    mul_optimal_layout: LayoutSpec = Field(
        TiledLayoutSpec(), description="The byte format of MUL_OPTIMAL matrices, chosen by its kind.")
    outer_product_optimal_layout: LayoutSpec = Field(
        TiledLayoutSpec(), description="The byte format of OUTER_PRODUCT_OPTIMAL matrices, chosen by its kind.")
    float_conversion: FloatSettingsField = Field(
        FloatConversionSettings(), description="Rounding choices of float conversions (docs/float-conversion.md).")
    accumulation: AccumulationSettings = Field(
        AccumulationSettings(), description="Product precision and the accumulate atomics.")
    groupshared: GroupSharedSettings = Field(
        GroupSharedSettings(), description="Groupshared memory: size limit and how racy accesses land.")
    nvgpu: NvgpuSettings = Field(
        NvgpuSettings(), description="MLIR nvgpu's warp-level ops: mma.sync arithmetic, tf32 inputs, async copies.")
    mlir: MlirSettings = Field(
        MlirSettings(), description="MLIR kernels as text: index width and workgroup memory limit.")
    shader: ShaderSettings = Field(
        ShaderSettings(), description="Undefined shader arithmetic, shuffles and racing buffer stores in permissive "
                                      "mode (the SPIR-V executor).")
    coopmat: CooperativeMatrixSettings = Field(
        CooperativeMatrixSettings(), description="Cooperative matrices: element ownership, reduce order, "
                                                 "per-element calls, MulAdd arithmetic.")
    linalg_matrix: LinalgMatrixSettings = Field(
        LinalgMatrixSettings(), description="SM 6.10 dx::linalg::Matrix: element ownership, accumulator layout, "
                                            "float conversion rounding, bounds checks, MulAdd arithmetic.")
    linalg_support: Annotated[LinalgSupport | None, Shown(
        "an object: the keys in [sm610-d3d12.md](sm610-d3d12.md#the-profile-section-linalg_support)")] = Field(
        None, description="The SM 6.10 linear-algebra query answers (D3D12 features 77 and 78; "
                          "dxlinalg.profile.linalg_support); absent: D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED.")
    vulkan: Annotated[VulkanProfile | None, Shown(
        "an object: the keys in [vulkan.md](vulkan.md#profiles-the-vulkan-answers)")] = Field(
        None, description="The Vulkan host calls' answers (dxlinalg.profile.vulkan: the property list, the device's "
                          "identity and extensions, what its driver does with broken rules); absent: derived from "
                          "the D3D12 answers.")

    @field_validator("name")
    @classmethod
    def _one_line_name(cls, name: str) -> str:
        if not 1 <= len(name) <= 64 or name != name.strip() or not name.isprintable():
            raise _rule_broken(f"a profile name is one line of 1 to 64 printable characters without leading "
                               f"or trailing spaces, got {shown_value(name)}")
        return name

    @field_validator("wave_size")
    @classmethod
    def _power_of_two(cls, wave_size: int) -> int:
        if wave_size & (wave_size - 1):
            raise _rule_broken(f"{wave_size} is not a power of two (D3D12 WaveLaneCountMin/Max: 4, 8, ..., 128)")
        return wave_size

    @field_validator("mul_properties")
    @classmethod
    def _tier_reports_mul(cls, rows: list[MulProperty], info: ValidationInfo) -> list[MulProperty]:
        if info.data.get("tier") == CooperativeVectorTier.NOT_SUPPORTED and rows:
            raise _rule_broken("tier NOT_SUPPORTED reports no properties: this list must be empty")
        return rows

    @field_validator("outer_product_properties", "vector_accumulate_properties")
    @classmethod
    def _tier_reports_accumulate(cls, rows: list[AccumulateProperty],
                                 info: ValidationInfo) -> list[AccumulateProperty]:
        tier = info.data.get("tier")
        if tier is not None and tier < CooperativeVectorTier.TIER_1_1 and rows:
            raise _rule_broken(f"tier {tier.name} reports no accumulate properties: this list must be empty "
                               f"(0029: tier 1_0 has OuterProductAccumulatePropCount = 0)")
        return rows

    def layout_spec(self, layout: MatrixLayout) -> LayoutSpec:
        if layout == MatrixLayout.MulOptimal:
            return self.mul_optimal_layout
        if layout == MatrixLayout.OuterProductOptimal:
            return self.outer_product_optimal_layout
        raise ValueError(f"layout {MatrixLayout(layout).name} is not optimal")
